import { cx } from './cx';

export type SpinnerProps = {
  /** Diameter in pixels (default 16). */
  size?: number;
  /** What is loading; read by screen readers (default 'Laden...'). */
  label?: string;
  /** Show the label next to the spinner as text too. */
  showLabel?: boolean;
  /** Purely visual (inside a busy button, whose aria-busy already says it). */
  decorative?: boolean;
  className?: string;
};

export function Spinner({
  size = 16,
  label = 'Laden...',
  showLabel = false,
  decorative = false,
  className,
}: SpinnerProps) {
  const svg = (
    <svg
      className="ui-spinner__svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeWidth="2.5" opacity="0.2" />
      <path
        d="M21.5 12a9.5 9.5 0 0 0-9.5-9.5"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </svg>
  );
  if (decorative) return <span className={cx('ui-spinner', className)}>{svg}</span>;
  return (
    <span className={cx('ui-spinner', className)} role="status">
      {svg}
      <span className={showLabel ? 'ui-spinner__label' : 'sr-only'}>{label}</span>
    </span>
  );
}

export type FullPageSpinnerProps = { label?: string };

/** Fills the viewport while something the whole page needs is loading (e.g. the session). */
export function FullPageSpinner({ label = 'Laden...' }: FullPageSpinnerProps) {
  return (
    <div className="ui-fullpage-spinner">
      <Spinner size={28} label={label} />
      <span className="ui-fullpage-spinner__text" aria-hidden="true">
        {label}
      </span>
    </div>
  );
}
