import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cx } from './cx';

export type SegmentedOption<T extends string> = { value: T; label: string; icon?: ReactNode };

export type SegmentedControlProps<T extends string> = {
  /** Names the group for screen readers (and shows above it unless hideLabel). */
  label: string;
  hideLabel?: boolean;
  options: SegmentedOption<T>[];
  value: T;
  onChange: (value: T) => void;
  size?: 'sm' | 'md';
  fullWidth?: boolean;
  className?: string;
};

/** One choice out of a few, side by side (a radio group: arrow keys move the choice). */
export function SegmentedControl<T extends string>({
  label,
  hideLabel = false,
  options,
  value,
  onChange,
  size = 'md',
  fullWidth = false,
  className,
}: SegmentedControlProps<T>) {
  const labelId = useId();
  const groupRef = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = options.findIndex((o) => o.value === value);
    let next: number | undefined;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = (index + 1) % options.length;
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp')
      next = (index - 1 + options.length) % options.length;
    if (next === undefined) return;
    event.preventDefault();
    const option = options[next];
    if (!option) return;
    onChange(option.value);
    groupRef.current?.querySelectorAll<HTMLButtonElement>('[role="radio"]')[next]?.focus();
  };

  return (
    <div className={cx('ui-segmented-field', className)}>
      <span id={labelId} className={hideLabel ? 'sr-only' : 'ui-label'}>
        {label}
      </span>
      <div
        ref={groupRef}
        role="radiogroup"
        aria-labelledby={labelId}
        className={cx('ui-segmented', `ui-segmented--${size}`, fullWidth && 'ui-segmented--full')}
        onKeyDown={onKeyDown}
      >
        {options.map((option) => {
          const checked = option.value === value;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a styled segmented control; radio semantics via ARIA.
            <button
              key={option.value}
              type="button"
              role="radio"
              aria-checked={checked}
              tabIndex={checked ? 0 : -1}
              className={cx('ui-segmented__option', checked && 'is-checked')}
              onClick={() => onChange(option.value)}
            >
              {option.icon ? (
                <span className="ui-segmented__icon" aria-hidden="true">
                  {option.icon}
                </span>
              ) : null}
              <span>{option.label}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
