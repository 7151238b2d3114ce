import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';

type PendingLeave = { to: string; state: unknown };

/**
 * Unsaved changes are not silently lost (issue 5). While `active`:
 * - in-app navigation (wouter links, `navigate()`, the back and forward buttons) is held and the
 *   caller shows a confirmation; `confirm()` then goes where the user was heading, `cancel()` stays;
 * - reloading or closing the tab asks the browser's own question (`beforeunload`).
 *
 * How: wouter's browser location listens to `pushState` and `popstate` events on window (bubble
 * listeners, added at start-up). Ours are capture listeners on the same target, so they run first
 * and can stop wouter from seeing a navigation; the address is then put back before React renders.
 * Replacing the location (`replace: true`, e.g. the logout's redirect to /login) is not held.
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

    const onPopState = (event: PopStateEvent) => {
      if (bypass.current || !activeRef.current || isHere()) return;
      event.stopImmediatePropagation();
      const to = window.location.pathname + window.location.search + window.location.hash;
      const state: unknown = event.state;
      window.history.pushState(hereState, '', here);
      setPending({ to, state });
    };

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (bypass.current || !activeRef.current) return;
      event.preventDefault();
      // Older browsers need returnValue set to show their question.
      event.returnValue = '';
    };

    window.addEventListener('pushState', onPushState, true);
    window.addEventListener('popstate', onPopState, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('pushState', onPushState, true);
      window.removeEventListener('popstate', onPopState, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [active]);

  /** Leaves anyway, to where the user was heading. */
  const confirm = useCallback(() => {
    if (!pending) return;
    bypass.current = true;
    setPending(null);
    navigate(pending.to, { state: pending.state });
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
