import { cx } from './cx';

export type AvatarProps = {
  /** The first letter is shown. */
  name: string;
  size?: 'sm' | 'md' | 'lg';
  /** 'brand' (blue, for the company) or 'neutral' (for a person). */
  tone?: 'brand' | 'neutral';
  shape?: 'square' | 'circle';
  className?: string;
};

export function initialOf(name: string): string {
  const letter = name.trim().match(/[\p{L}\p{N}]/u)?.[0];
  return (letter ?? '?').toLocaleUpperCase('nl-NL');
}

/** An initial in a coloured rounded square: the company mark in the shell, a person in the user menu. */
export function Avatar({ name, size = 'md', tone = 'brand', shape = 'square', className }: AvatarProps) {
  return (
    <span
      className={cx(
        'ui-avatar',
        `ui-avatar--${size}`,
        `ui-avatar--${tone}`,
        `ui-avatar--${shape}`,
        className,
      )}
      aria-hidden="true"
    >
      {initialOf(name)}
    </span>
  );
}
