import type { Ref } from 'react';
import { Notice } from '../../components';
import type { SaveError } from './order-submit';

export type OrderFormFeedbackProps = {
  ref?: Ref<HTMLDivElement>;
  /** 'Order … is succesvol aangemaakt!' once saved. */
  savedText: string | null;
  onCloseSaved: () => void;
  saveError: SaveError | null;
  onCloseError: () => void;
  /** Refused fields that no input shows. */
  otherErrors: [string, string][];
};

/** The messages by the save button: success, a refused save ('Validatiefout:' and its lines). */
export function OrderFormFeedback({
  ref,
  savedText,
  onCloseSaved,
  saveError,
  onCloseError,
  otherErrors,
}: OrderFormFeedbackProps) {
  return (
    <div ref={ref} className="order-form__feedback">
      {savedText ? (
        <Notice tone="success" onClose={onCloseSaved}>
          {savedText}
        </Notice>
      ) : null}
      {saveError ? (
        <Notice tone="error" onClose={onCloseError}>
          {saveError.message}
          {saveError.lines.length > 0 ? (
            <ul className="order-form__error-lines">
              {saveError.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
        </Notice>
      ) : null}
      {!saveError && otherErrors.length > 0 ? (
        <Notice tone="error">
          <ul className="order-form__error-lines">
            {otherErrors.map(([path, message]) => (
              <li key={path}>{message}</li>
            ))}
          </ul>
        </Notice>
      ) : null}
    </div>
  );
}
