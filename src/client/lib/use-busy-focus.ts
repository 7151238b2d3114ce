import { useLayoutEffect, useRef } from 'react';

/** Nothing has the focus: the browser parks it on <body> (or on nothing at all). */
const focusIsNowhere = () => !document.activeElement || document.activeElement === document.body;

/**
 * A button that is disabled while it works loses the focus: the browser moves it to <body>, and a
 * keyboard or screen-reader user would start over at the top of the page. This gives the focus back
 * to the button when the work is done — if it had the focus (or nobody had it, e.g. a dialog that
 * started the work just closed) when the work began, and the user has not moved it elsewhere since.
 * Attach the returned ref to the button.
 */
export function useBusyFocus<T extends HTMLElement>(busy: boolean) {
  const ref = useRef<T>(null);
  const giveBack = useRef(false);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (busy) {
      giveBack.current = document.activeElement === element || focusIsNowhere();
      return;
    }
    if (giveBack.current && focusIsNowhere()) element.focus({ preventScroll: true });
    giveBack.current = false;
  }, [busy]);

  return ref;
}
