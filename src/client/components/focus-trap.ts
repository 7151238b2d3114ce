import { type RefObject, useEffect, useRef } from 'react';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Elements inside `root` that Tab can reach, in order. */
export function focusableWithin(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[inert]') && el.getClientRects().length > 0 && el.tabIndex >= 0,
  );
}

/** Keeps Tab and Shift+Tab inside `root`. */
export function trapTabKey(event: KeyboardEvent, root: HTMLElement | null) {
  if (event.key !== 'Tab' || !root) return;
  const items = focusableWithin(root);
  if (items.length === 0) {
    event.preventDefault();
    root.focus();
    return;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === root || !root.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !root.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * While `active`: moves focus into `ref` (the `initialFocus` element, else the first element marked
 * data-autofocus, else the container itself), and on deactivation gives focus back to whatever had
 * it before.
 */
export function useFocusReturn(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  initialFocus?: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!active) return;
    const previous = document.activeElement as HTMLElement | null;
    const root = ref.current;
    const target =
      initialFocus?.current ?? root?.querySelector<HTMLElement>('[data-autofocus]') ?? root ?? undefined;
    target?.focus({ preventScroll: true });
    return () => {
      if (previous?.isConnected && typeof previous.focus === 'function') {
        previous.focus({ preventScroll: true });
      }
    };
  }, [active, ref, initialFocus]);
}

let lockCount = 0;
let savedOverflow = '';
let savedPaddingRight = '';

/**
 * While `active`: the page behind cannot scroll and is inert (not reachable by keyboard or
 * screen readers). Counted, so stacked dialogs work.
 */
export function useBackgroundLock(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const body = document.body;
    const app = document.getElementById('root');
    if (lockCount === 0) {
      const scrollbar = window.innerWidth - document.documentElement.clientWidth;
      savedOverflow = body.style.overflow;
      savedPaddingRight = body.style.paddingRight;
      body.style.overflow = 'hidden';
      if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
      app?.setAttribute('inert', '');
    }
    lockCount++;
    return () => {
      lockCount--;
      if (lockCount === 0) {
        body.style.overflow = savedOverflow;
        body.style.paddingRight = savedPaddingRight;
        app?.removeAttribute('inert');
      }
    };
  }, [active]);
}

/** Open dialogs and drawers, the last one on top: only it answers Escape and traps Tab. */
const layers: symbol[] = [];

/**
 * Makes `ref` a modal layer while `active`: Tab stays inside it and Escape calls `onEscape`,
 * for the top-most layer only (so a confirm dialog over a modal closes first).
 */
export function useDialogLayer(ref: RefObject<HTMLElement | null>, active: boolean, onEscape: () => void) {
  const escapeRef = useRef(onEscape);
  escapeRef.current = onEscape;
  useEffect(() => {
    if (!active) return;
    const me = Symbol('layer');
    layers.push(me);
    const onKeyDown = (event: KeyboardEvent) => {
      if (layers[layers.length - 1] !== me) return;
      if (event.key === 'Escape') {
        if (event.defaultPrevented) return;
        event.preventDefault();
        escapeRef.current();
      } else if (event.key === 'Tab') {
        trapTabKey(event, ref.current);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      const index = layers.indexOf(me);
      if (index >= 0) layers.splice(index, 1);
    };
  }, [active, ref]);
}
