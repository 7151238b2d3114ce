import type { ReactNode } from 'react';
import { Notice } from '../../components';

/** What a settings card says after a save or a refusal, in its footer. */
export type SettingsFeedback = { tone: 'success' | 'error'; message: string } | null;

/** A settings card's footer: the feedback notice (closable) beside the card's submit button. */
export function SettingsFooter({
  feedback,
  onDismiss,
  children,
}: {
  feedback: SettingsFeedback;
  onDismiss: () => void;
  /** The submit button. */
  children: ReactNode;
}) {
  return (
    <div className="settings-footer">
      {feedback ? (
        <Notice tone={feedback.tone} onClose={onDismiss} className="settings-footer__notice">
          {feedback.message}
        </Notice>
      ) : null}
      {children}
    </div>
  );
}
