import type { ReactNode } from 'react';
import { cx } from './cx';

export type BadgeTone = 'green' | 'blue' | 'red' | 'grey' | 'amber';

export type BadgeProps = {
  tone: BadgeTone;
  children: ReactNode;
  /** A small coloured dot before the text. */
  dot?: boolean;
  className?: string;
};

export function Badge({ tone, children, dot = false, className }: BadgeProps) {
  return (
    <span className={cx('ui-badge', `ui-badge--${tone}`, className)}>
      {dot ? <span className="ui-badge__dot" aria-hidden="true" /> : null}
      {children}
    </span>
  );
}
