/**
 * Runs before React (index.html loads it first): puts the theme on <html> so the first paint already
 * has the right colours. The choice lives in localStorage 'theme' ('light' | 'dark' | 'system');
 * without one the system preference decides (spec §1). lib/theme.tsx takes over once React runs.
 */
const STORAGE_KEY = 'theme';

function resolveInitialTheme(): 'light' | 'dark' {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage can be blocked (private mode, policies): fall back to the system preference.
  }
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

document.documentElement.dataset.theme = resolveInitialTheme();
