import { Monitor, Moon, Sun } from 'lucide-react';
import { type ThemePreference, useTheme } from '../lib/theme';
import { IconButton } from './button';
import { SegmentedControl, type SegmentedOption } from './segmented-control';

export const THEME_OPTIONS: SegmentedOption<ThemePreference>[] = [
  { value: 'light', label: 'Licht', icon: <Sun size={15} /> },
  { value: 'dark', label: 'Donker', icon: <Moon size={15} /> },
  { value: 'system', label: 'Systeem', icon: <Monitor size={15} /> },
];

/** One button that flips between light and dark (for the login screen and the mobile top bar). */
export function ThemeToggle({ size = 'md', className }: { size?: 'sm' | 'md'; className?: string }) {
  const { theme, toggle } = useTheme();
  const label = theme === 'dark' ? 'Licht thema gebruiken' : 'Donker thema gebruiken';
  return (
    <IconButton
      label={label}
      size={size}
      className={className}
      onClick={toggle}
      icon={theme === 'dark' ? <Sun size={18} /> : <Moon size={18} />}
    />
  );
}

/** Licht / Donker / Systeem. */
export function ThemeControl({
  size = 'sm',
  fullWidth = false,
  hideLabel = true,
}: {
  size?: 'sm' | 'md';
  fullWidth?: boolean;
  hideLabel?: boolean;
}) {
  const { preference, setPreference } = useTheme();
  return (
    <SegmentedControl
      label="Thema"
      hideLabel={hideLabel}
      options={THEME_OPTIONS}
      value={preference}
      onChange={setPreference}
      size={size}
      fullWidth={fullWidth}
    />
  );
}
