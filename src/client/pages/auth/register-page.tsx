import { LogIn, MailCheck, Send, UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { registerInput } from '../../../shared/schemas/auth';
import { Button, Notice, TextField } from '../../components';
import { NETWORK_ERROR_MESSAGE, readApiError } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';
import { schemaCheck, useForm } from '../../lib/use-form';
import { AuthHeading, AuthLayout } from './auth-layout';
import { EmailField } from './email-field';
import { FullNameField, NewPasswordField } from './new-account-fields';
import { RESEND_ERROR_MESSAGE, ResendNotice, useResendVerification } from './resend-verification';

export const REGISTER_FAILED_MESSAGE = 'Er is een fout opgetreden bij de registratie. Probeer het opnieuw.';

export function RegisterPage() {
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  return registeredEmail ? (
    <VerificationSent email={registeredEmail} />
  ) : (
    <RegisterForm onRegistered={setRegisteredEmail} />
  );
}

const REGISTER_FIELDS = ['name', 'email', 'password', 'company'] as const;

function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const form = useForm({
    initial: { name: '', email: '', password: '', company: '' },
    fields: REGISTER_FIELDS,
    check: schemaCheck(registerInput, { fields: REGISTER_FIELDS }),
    rule: { change: 'afterSubmit' },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const register = trpc.auth.register.useMutation();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    setFormError(null);
    const result = form.submit(event);
    if (!result.ok) return;
    try {
      const answer = await register.mutateAsync({ ...result.data, profileCompleted: false });
      onRegistered(answer.email || result.data.email);
    } catch (err) {
      const info = readApiError(err);
      // Spec §8: an e-mail message, or any message about the e-mail, belongs under the e-mail field.
      const emailMessage =
        info.details.email ??
        (info.serverMessage && /e-?mail/i.test(info.serverMessage) ? info.serverMessage : undefined);
      if (form.serverErrors(emailMessage ? { ...info.details, email: emailMessage } : info.details)) {
        // Shown at the fields.
      } else if (info.httpStatus === 429 && info.serverMessage) {
        setFormError(info.serverMessage);
      } else {
        setFormError(info.isNetworkError ? NETWORK_ERROR_MESSAGE : REGISTER_FAILED_MESSAGE);
      }
    }
  }

  return (
    <AuthLayout
      title="Registreren"
      footer={
        <p>
          Heeft u al een account? <Link href="/login">Log hier in</Link>
        </p>
      }
    >
      <AuthHeading
        title="Account aanmaken"
        description="Start vandaag met professionele inkooporders voor uw klanten."
      />
      {formError ? (
        <Notice tone="error" onClose={() => setFormError(null)}>
          {formError}
        </Notice>
      ) : null}
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <FullNameField
          id={form.fieldId('name')}
          value={form.values.name}
          onValueChange={(value) => form.setValue('name', value)}
          error={form.errors.name}
        />
        <EmailField
          id={form.fieldId('email')}
          name="email"
          required
          value={form.values.email}
          onValueChange={(v) => form.setValue('email', v)}
          error={form.errors.email}
        />
        <NewPasswordField
          id={form.fieldId('password')}
          value={form.values.password}
          onValueChange={(value) => form.setValue('password', value)}
          error={form.errors.password}
        />
        <TextField
          id={form.fieldId('company')}
          name="company"
          label="Bedrijfsnaam"
          required
          autoComplete="organization"
          value={form.values.company}
          onChange={(event) => form.setValue('company', event.target.value)}
          error={form.errors.company}
        />
        <Button type="submit" size="lg" fullWidth busy={register.isPending} icon={<UserPlus size={17} />}>
          {register.isPending ? 'Account wordt aangemaakt...' : 'Account aanmaken'}
        </Button>
      </form>
    </AuthLayout>
  );
}

/** After registering: the verification e-mail is on its way (spec §2 Register, §4 Auth). */
function VerificationSent({ email }: { email: string }) {
  const [, navigate] = useLocation();
  const resend = useResendVerification(RESEND_ERROR_MESSAGE);

  return (
    <AuthLayout title="Verificatie e-mail verzonden">
      <AuthHeading
        icon={<MailCheck size={26} />}
        tone="success"
        title="Verificatie e-mail verzonden"
        description={
          <p>
            We hebben een verificatie e-mail gestuurd naar <strong className="auth-email">{email}</strong>.
            Bevestig uw e-mailadres om uw account te activeren.
          </p>
        }
      />
      <ol className="auth-steps">
        <li>
          <span className="auth-steps__number" aria-hidden="true">
            1
          </span>
          <span>
            <strong>Open de e-mail</strong> van Inkooporders in uw inbox.
          </span>
        </li>
        <li>
          <span className="auth-steps__number" aria-hidden="true">
            2
          </span>
          <span>
            <strong>Klik op de verificatielink</strong> in de e-mail.
          </span>
        </li>
        <li>
          <span className="auth-steps__number" aria-hidden="true">
            3
          </span>
          <span>
            <strong>Log in</strong> met uw e-mailadres en wachtwoord.
          </span>
        </li>
      </ol>
      <ResendNotice result={resend.result} onClose={resend.clearResult} />
      <div className="auth-actions">
        <Button
          size="lg"
          fullWidth
          icon={<LogIn size={17} />}
          onClick={() => navigate('/login?verification=required', { state: { email } })}
        >
          Naar inloggen
        </Button>
        <Button
          variant="secondary"
          fullWidth
          icon={<Send size={16} />}
          busy={resend.isPending}
          onClick={() => resend.send(email)}
        >
          Verificatie e-mail opnieuw verzenden
        </Button>
      </div>
      <p className="auth-small auth-small--center">
        Geen e-mail ontvangen? Controleer uw spammap, of verstuur de e-mail opnieuw.
      </p>
    </AuthLayout>
  );
}
