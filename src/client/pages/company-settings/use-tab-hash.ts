import { useCallback, useEffect, useState } from 'react';

/**
 * The selected tab, kept in the URL hash (#financieel) so a reload or a shared link opens the same
 * tab. Changing tabs replaces the history entry instead of adding one: Back leaves the page.
 */
export function useTabHash<T extends string>(tabs: readonly T[], fallback: T): [T, (tab: T) => void] {
  const read = useCallback((): T => {
    const hash = decodeURIComponent(window.location.hash.replace(/^#/, ''));
    return (tabs as readonly string[]).includes(hash) ? (hash as T) : fallback;
  }, [tabs, fallback]);

  const [tab, setTabState] = useState<T>(read);

  useEffect(() => {
    const onHashChange = () => setTabState(read());
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [read]);

  const setTab = useCallback((next: T) => {
    setTabState(next);
    const url = new URL(window.location.href);
    url.hash = next;
    window.history.replaceState(window.history.state, '', url);
  }, []);

  return [tab, setTab];
}
