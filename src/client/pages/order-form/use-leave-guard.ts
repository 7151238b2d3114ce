import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';

/** Where the user was heading: a path (push) or a step through the history (Back, Forward). */
type PendingLeave = { to: string; state: unknown; delta?: number };

/** The little of the Navigation API used here (not yet in TypeScript's DOM types). */
type NavigateEventLike = Event & {
  navigationType: 'push' | 'replace' | 'reload' | 'traverse';
  cancelable: boolean;
  destination: { url: string; sameDocument: boolean; index: number };
};
type NavigationLike = EventTarget & { currentEntry: { index: number } | null };
const navigationApi = (): NavigationLike | undefined =>
  (window as unknown as { navigation?: NavigationLike }).navigation;

/**
 * Unsaved changes are not silently lost. While `active`:
 * - in-app navigation (wouter links and `navigate()`; the Back and Forward buttons where the browser
 *   has the Navigation API) is held and the caller shows a confirmation; `confirm()` then goes where
 *   the user was heading, `cancel()` stays;
 * - reloading or closing the tab asks the browser's own question (`beforeunload`).
 *
 * Links and `navigate()`: wouter's patched `history.pushState` dispatches a `pushState` event
 * synchronously, so our listener runs before React renders the new route; it stops wouter's
 * listener when it comes later and puts the address back (`replaceState`) before anyone reads it.
 * Replacing the location (`replace: true`, e.g. the logout's redirect to /login) is not held.
 * Back/Forward: `popstate` comes too late (wouter's listener runs first and React renders in the
 * microtask after it), so the Navigation API's cancelable `navigate` event is used, which comes
 * before the traversal. Browsers without it (older Firefox and Safari) leave on Back without asking.
 */
export function useLeaveGuard(active: boolean) {
  const [, navigate] = useLocation();
  const [pending, setPending] = useState<PendingLeave | null>(null);
  const activeRef = useRef(active);
  activeRef.current = active;
  const bypass = useRef(false);

  useEffect(() => {
    if (!active) return;
    const here = window.location.pathname + window.location.search;
    const hereState: unknown = window.history.state;
    const isHere = () => window.location.pathname + window.location.search === here;

    const onPushState = (event: Event) => {
      if (bypass.current || !activeRef.current || isHere()) return;
      event.stopImmediatePropagation();
      const to = window.location.pathname + window.location.search + window.location.hash;
      const state: unknown = window.history.state;
      // Back to this page's address before anyone renders the new one.
      window.history.replaceState(hereState, '', here);
      setPending({ to, state });
    };

    const onNavigate = (event: Event) => {
      const nav = event as NavigateEventLike;
      if (bypass.current || !activeRef.current) return;
      if (nav.navigationType !== 'traverse' || !nav.cancelable || !nav.destination.sameDocument) return;
      const url = new URL(nav.destination.url);
      if (url.pathname + url.search === here) return;
      event.preventDefault();
      const current = navigationApi()?.currentEntry?.index;
      const delta = current === undefined ? undefined : nav.destination.index - current;
      setPending({ to: url.pathname + url.search + url.hash, state: null, delta });
    };

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (bypass.current || !activeRef.current) return;
      event.preventDefault();
      // Older browsers need returnValue set to show their question.
      event.returnValue = '';
    };

    const navigation = navigationApi();
    window.addEventListener('pushState', onPushState, true);
    navigation?.addEventListener('navigate', onNavigate);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('pushState', onPushState, true);
      navigation?.removeEventListener('navigate', onNavigate);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [active]);

  /** Leaves anyway, to where the user was heading. */
  const confirm = useCallback(() => {
    if (!pending) return;
    bypass.current = true;
    setPending(null);
    // A step through the history stays one (the entry keeps its state); a link becomes a push.
    if (pending.delta) window.history.go(pending.delta);
    else navigate(pending.to, { state: pending.state });
  }, [pending, navigate]);

  const cancel = useCallback(() => setPending(null), []);

  /** A navigation of our own that must not be held (after a successful save). */
  const leave = useCallback(
    (to: string, options?: { state?: unknown; replace?: boolean }) => {
      bypass.current = true;
      navigate(to, options);
    },
    [navigate],
  );

  /** `navigate` is wouter's own: a navigation through it is held like any other. */
  return { pending: pending !== null, confirm, cancel, leave, navigate };
}
