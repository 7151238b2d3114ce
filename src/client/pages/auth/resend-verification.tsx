import { useState } from 'react';
import { Notice, SUCCESS_AUTO_CLOSE_MS } from '../../components';
import { readApiError } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';

export const RESEND_SUCCESS_MESSAGE = 'Verificatie e-mail is opnieuw verzonden';
export const RESEND_ERROR_MESSAGE = 'Er is een fout opgetreden bij het verzenden van de verificatie e-mail';

export type ResendResult = { tone: 'success' | 'error'; text: string } | null;

/**
 * "Verificatie e-mail opnieuw verzenden" for an address (no session needed) and the notice it leaves.
 * A rate limit shows the server's text (it says when to try again); any other failure `failedMessage`.
 */
export function useResendVerification(failedMessage: string) {
  const mutation = trpc.auth.resendVerificationPublic.useMutation();
  const [result, setResult] = useState<ResendResult>(null);

  /** With `onEmailRefused`, a refused address goes there (under the field) instead of into the notice. */
  async function send(email: string, onEmailRefused?: (message: string) => void) {
    setResult(null);
    try {
      await mutation.mutateAsync({ email });
      setResult({ tone: 'success', text: RESEND_SUCCESS_MESSAGE });
    } catch (err) {
      const info = readApiError(err);
      if (onEmailRefused && info.details.email) {
        onEmailRefused(info.details.email);
        return;
      }
      setResult({
        tone: 'error',
        text: info.httpStatus === 429 && info.serverMessage ? info.serverMessage : failedMessage,
      });
    }
  }

  return { send, result, clearResult: () => setResult(null), isPending: mutation.isPending };
}

/** The resend outcome; a success closes itself after 5 s, an error stays until closed. */
export function ResendNotice({ result, onClose }: { result: ResendResult; onClose: () => void }) {
  if (!result) return null;
  return (
    <Notice
      tone={result.tone}
      onClose={onClose}
      autoCloseMs={result.tone === 'success' ? SUCCESS_AUTO_CLOSE_MS : false}
    >
      {result.text}
    </Notice>
  );
}
