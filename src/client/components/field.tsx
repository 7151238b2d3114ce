import { CircleExclamationPoint } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { cx } from './cx';

/** The ids that tie a label, hint and error text to their control. */
export function useFieldIds(id?: string) {
  const auto = useId();
  const base = id ?? `field-${auto.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return { id: base, hintId: `${base}-hint`, errorId: `${base}-error`, labelId: `${base}-label` };
}

/** aria-describedby for a control: error first (read first), then hint, then whatever the caller adds. */
export function describedBy(
  ids: { hintId: string; errorId: string },
  hasHint: boolean,
  hasError: boolean,
  extra?: string,
): string | undefined {
  const value = [hasError && ids.errorId, hasHint && ids.hintId, extra].filter(Boolean).join(' ');
  return value || undefined;
}

type FieldLabelProps = {
  htmlFor?: string;
  id?: string;
  required?: boolean;
  children: ReactNode;
  className?: string;
};

export function FieldLabel({ htmlFor, id, required, children, className }: FieldLabelProps) {
  return (
    <label htmlFor={htmlFor} id={id} className={cx('ui-label', className)}>
      {children}
      {required && (
        <span className="ui-label__required" aria-hidden="true">
          *
        </span>
      )}
    </label>
  );
}

type FieldMessagesProps = {
  hint?: ReactNode;
  error?: string;
  hintId: string;
  errorId: string;
};

/** The error (red, with an icon) and the hint under a control. */
export function FieldMessages({ hint, error, hintId, errorId }: FieldMessagesProps) {
  return (
    <>
      {error ? (
        <p id={errorId} className="ui-field__error">
          <CircleExclamationPoint size={14} aria-hidden="true" />
          <span>{error}</span>
        </p>
      ) : null}
      {hint ? (
        <div id={hintId} className="ui-field__hint">
          {hint}
        </div>
      ) : null}
    </>
  );
}
