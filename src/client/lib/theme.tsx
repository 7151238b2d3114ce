import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';

/**
 * Light or dark, kept locally, following the system until the user chooses (spec §1).
 * theme-boot.ts sets the first value before React renders; this provider keeps <html data-theme>
 * in step with the preference, the system setting and other tabs.
 */
export type Theme = 'light' | 'dark';
export type ThemePreference = Theme | 'system';

const STORAGE_KEY = 'theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

type ThemeContextValue = {
  /** The theme on screen now. */
  theme: Theme;
  /** What the user chose; 'system' follows the operating system. */
  preference: ThemePreference;
  setPreference: (preference: ThemePreference) => void;
  /** Switch to the opposite of what is on screen (this makes the choice explicit). */
  toggle: () => void;
};

const ThemeContext = createContext<ThemeContextValue | null>(null);

function isPreference(value: unknown): value is ThemePreference {
  return value === 'light' || value === 'dark' || value === 'system';
}

function readPreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isPreference(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

function writePreference(preference: ThemePreference) {
  try {
    localStorage.setItem(STORAGE_KEY, preference);
  } catch {
    // Not stored: the choice still holds for this page.
  }
}

function systemTheme(): Theme {
  return typeof window !== 'undefined' && window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreferenceState] = useState<ThemePreference>(readPreference);
  const [system, setSystem] = useState<Theme>(systemTheme);

  // Follow the operating system while the preference is 'system' (and keep `system` fresh regardless).
  useEffect(() => {
    const media = window.matchMedia?.(DARK_QUERY);
    if (!media) return;
    const onChange = () => setSystem(media.matches ? 'dark' : 'light');
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);

  // A choice made in another tab applies here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEY)
        setPreferenceState(isPreference(event.newValue) ? event.newValue : 'system');
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const theme: Theme = preference === 'system' ? system : preference;

  useEffect(() => {
    const root = document.documentElement;
    if (root.dataset.theme === theme) return;
    // Swap colours in one frame instead of letting every transition animate the change.
    root.classList.add('theme-switching');
    root.dataset.theme = theme;
    const frame = window.requestAnimationFrame(() =>
      window.requestAnimationFrame(() => root.classList.remove('theme-switching')),
    );
    return () => {
      window.cancelAnimationFrame(frame);
      root.classList.remove('theme-switching');
    };
  }, [theme]);

  const setPreference = useCallback((next: ThemePreference) => {
    writePreference(next);
    setPreferenceState(next);
  }, []);

  const toggle = useCallback(() => {
    setPreference(theme === 'dark' ? 'light' : 'dark');
  }, [theme, setPreference]);

  const value = useMemo(
    () => ({ theme, preference, setPreference, toggle }),
    [theme, preference, setPreference, toggle],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme buiten ThemeProvider');
  return ctx;
}
