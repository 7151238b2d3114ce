import { KeyRound, MailCheck, RefreshCw } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { forgotPasswordInput } from '../../../shared/schemas/auth';
import { Button, buttonClass, Notice } from '../../components';
import { NETWORK_ERROR_MESSAGE, readApiError } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';
import { schemaCheck, useForm } from '../../lib/use-form';
import { AuthHeading, AuthLayout, BackToLogin } from './auth-layout';
import { EmailField } from './email-field';

export const FORGOT_FAILED_MESSAGE = 'Er is een fout opgetreden. Probeer het opnieuw.';

const FORGOT_FIELDS = ['email'] as const;

export function ForgotPasswordPage() {
  const form = useForm({
    initial: { email: '' },
    fields: FORGOT_FIELDS,
    check: schemaCheck(forgotPasswordInput, { fields: FORGOT_FIELDS }),
    rule: { change: 'afterSubmit' },
  });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const forgot = trpc.auth.forgotPassword.useMutation();

  function failureMessage(err: unknown): string {
    const info = readApiError(err);
    if (info.details.email) return info.details.email;
    if (info.httpStatus === 429 && info.serverMessage) return info.serverMessage;
    return info.isNetworkError ? NETWORK_ERROR_MESSAGE : FORGOT_FAILED_MESSAGE;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    setFormError(null);
    const result = form.submit(event);
    if (!result.ok) return;
    try {
      await forgot.mutateAsync(result.data);
      setSentTo(result.data.email);
    } catch (err) {
      if (!form.serverErrors(readApiError(err).details)) setFormError(failureMessage(err));
    }
  }

  async function onResend() {
    if (!sentTo) return;
    setResent(false);
    setFormError(null);
    try {
      await forgot.mutateAsync({ email: sentTo });
      setResent(true);
    } catch (err) {
      setFormError(failureMessage(err));
    }
  }

  if (sentTo) {
    return (
      <AuthLayout title="Controleer uw e-mail">
        <AuthHeading
          icon={<MailCheck size={26} />}
          tone="success"
          title="Controleer uw e-mail"
          description={
            <p>
              Als er een account bestaat voor <strong className="auth-email">{sentTo}</strong>, ontvangt u
              binnen enkele minuten een e-mail met een link om uw wachtwoord opnieuw in te stellen.
            </p>
          }
        />
        <ul className="auth-facts">
          <li>
            De link is <strong>30 minuten</strong> geldig.
          </li>
          <li>Geen e-mail ontvangen? Controleer ook uw spammap.</li>
        </ul>
        {resent ? (
          <Notice tone="success" onClose={() => setResent(false)}>
            Er is een nieuwe link verstuurd.
          </Notice>
        ) : null}
        {formError ? (
          <Notice tone="error" onClose={() => setFormError(null)}>
            {formError}
          </Notice>
        ) : null}
        <div className="auth-actions">
          <Link href="/login" className={buttonClass({ size: 'lg', fullWidth: true })}>
            Naar inloggen
          </Link>
          <Button
            variant="secondary"
            fullWidth
            icon={<RefreshCw size={16} />}
            busy={forgot.isPending}
            onClick={onResend}
          >
            Link opnieuw versturen
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Wachtwoord vergeten" footer={<BackToLogin />}>
      <AuthHeading
        title="Wachtwoord vergeten?"
        description="Vul uw e-mailadres in. We sturen u een link waarmee u een nieuw wachtwoord kunt instellen."
      />
      {formError ? (
        <Notice tone="error" onClose={() => setFormError(null)}>
          {formError}
        </Notice>
      ) : null}
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <EmailField
          id={form.fieldId('email')}
          name="email"
          required
          autoFocus
          value={form.values.email}
          onValueChange={(v) => form.setValue('email', v)}
          error={form.errors.email}
        />
        <Button type="submit" size="lg" fullWidth busy={forgot.isPending} icon={<KeyRound size={17} />}>
          {forgot.isPending ? 'Bezig met versturen...' : 'Resetlink versturen'}
        </Button>
      </form>
    </AuthLayout>
  );
}
