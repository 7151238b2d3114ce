import { MailExclamationPoint, WifiOff } from 'lucide-react';
import { useState } from 'react';
import { Button, Notice } from '../../components';
import { readApiError } from '../../lib/api-errors';
import { useAuth } from '../../lib/auth';
import { trpc } from '../../lib/trpc';

/** Spec §8 Dashboard. */
export const RESEND_SUCCESS = 'Verificatie e-mail is opnieuw verzonden';
export const RESEND_ERROR = 'Er is een fout opgetreden bij het verzenden van de verificatie e-mail';

/**
 * The unverified-e-mail warning with its resend button (spec §2 Dashboard). The success notice
 * closes itself after 5 s (spec §9). When the server answers that the address is verified after all,
 * the profile is reloaded and the warning goes away.
 */
export function VerificationWarning() {
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const resend = trpc.auth.resendVerification.useMutation();
  const [result, setResult] = useState<'sent' | 'failed' | null>(null);
  if (!user || user.isEmailVerified) return null;

  const send = () => {
    setResult(null);
    resend.mutate(undefined, {
      onSuccess: () => setResult('sent'),
      onError: (err) => {
        setResult('failed');
        const status = readApiError(err).httpStatus;
        if (status !== null && status < 500)
          void Promise.all([utils.auth.profile.invalidate(), utils.auth.session.invalidate()]);
      },
    });
  };

  return (
    <div className="dashboard-notice-group">
      <Notice
        tone="warning"
        icon={<MailExclamationPoint size={18} aria-hidden="true" />}
        title="Uw e-mailadres is nog niet geverifieerd"
        action={
          <Button size="sm" variant="secondary" onClick={send} busy={resend.isPending}>
            Verificatie e-mail opnieuw verzenden
          </Button>
        }
      >
        We hebben een verificatielink gestuurd naar <strong>{user.email}</strong>. Klik op de link in die
        e-mail om uw e-mailadres te bevestigen.
      </Notice>
      {result === 'sent' ? (
        <Notice tone="success" onClose={() => setResult(null)}>
          {RESEND_SUCCESS}
        </Notice>
      ) : result === 'failed' ? (
        <Notice tone="error" onClose={() => setResult(null)}>
          {RESEND_ERROR}
        </Notice>
      ) : null}
    </div>
  );
}

/** The connection-problem notice (spec §2 Dashboard); when it shows is explained in dashboard-view.ts. */
export function ConnectionNotice({ onDismiss }: { onDismiss: () => void }) {
  return (
    <Notice
      tone="warning"
      icon={<WifiOff size={18} aria-hidden="true" />}
      title="Verbindingsprobleem"
      onClose={onDismiss}
      className="dashboard-notice"
    >
      De server kon niet worden bereikt. Controleer uw internetverbinding en vernieuw de pagina. Blijft dit
      gebeuren, dan blokkeert mogelijk een CORS-instelling van de server de verbinding; neem dan contact op
      met uw beheerder.
    </Notice>
  );
}
