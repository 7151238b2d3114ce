import { cx } from './cx';

export type ProgressTone = 'brand' | 'green' | 'blue' | 'amber' | 'red';

export type ProgressBarProps = {
  /** 0 to 100. */
  value: number;
  tone?: ProgressTone;
  /** Names the bar for screen readers (default 'Voortgang'). */
  label?: string;
  /** Show the label and percentage above the bar. */
  showValue?: boolean;
  size?: 'sm' | 'md';
  className?: string;
};

export function ProgressBar({
  value,
  tone = 'brand',
  label = 'Voortgang',
  showValue = false,
  size = 'md',
  className,
}: ProgressBarProps) {
  const pct = Math.max(0, Math.min(100, Math.round(Number.isFinite(value) ? value : 0)));
  return (
    <div className={cx('ui-progress', `ui-progress--${tone}`, `ui-progress--${size}`, className)}>
      {showValue ? (
        <div className="ui-progress__meta" aria-hidden="true">
          <span>{label}</span>
          <span className="tabular">{pct}%</span>
        </div>
      ) : null}
      <div
        className="ui-progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-valuetext={`${pct}%`}
      >
        <div className="ui-progress__fill" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}
