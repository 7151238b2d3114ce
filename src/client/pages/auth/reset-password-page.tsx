import { CircleCheck, KeyRound, LogIn, TimerOff } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'wouter';
import { resetPasswordFields } from '../../../shared/schemas/auth';
import { Button, buttonClass, Notice, PasswordField } from '../../components';
import { NETWORK_ERROR_MESSAGE, readApiError } from '../../lib/api-errors';
import { useAuth } from '../../lib/auth';
import { trpc } from '../../lib/trpc';
import { schemaCheck, useForm } from '../../lib/use-form';
import { AuthHeading, AuthLayout, BackToLogin } from './auth-layout';
import { NewPasswordField } from './new-account-fields';

export const INVALID_RESET_LINK_MESSAGE = 'Ongeldige of verlopen reset link. Vraag een nieuwe aan.';
export const RESET_FAILED_MESSAGE = 'Er is een fout opgetreden. Probeer het opnieuw.';

export function ResetPasswordPage({ params }: { params?: { token?: string } }) {
  const routeParams = useParams<{ token?: string }>();
  const token = (params?.token ?? routeParams.token ?? '').trim();
  const [outcome, setOutcome] = useState<{ kind: 'done'; message: string } | { kind: 'invalid' } | null>(
    token ? null : { kind: 'invalid' },
  );

  if (outcome?.kind === 'invalid') return <InvalidResetLink />;
  if (outcome?.kind === 'done') return <ResetDone message={outcome.message} />;
  return (
    <ResetForm
      token={token}
      onDone={(message) => setOutcome({ kind: 'done', message })}
      onInvalid={() => setOutcome({ kind: 'invalid' })}
    />
  );
}

const RESET_FIELDS = ['password', 'confirmPassword'] as const;

function ResetForm({
  token,
  onDone,
  onInvalid,
}: {
  token: string;
  onDone: (message: string) => void;
  onInvalid: () => void;
}) {
  const form = useForm({
    initial: { password: '', confirmPassword: '' },
    fields: RESET_FIELDS,
    check: schemaCheck(resetPasswordFields, { fields: RESET_FIELDS }),
    rule: { change: 'afterSubmit' },
    // Whether the confirmation matches changes with the password too.
    rules: { password: { change: 'afterSubmit', also: ['confirmPassword'] } },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const { user, clearUser } = useAuth();
  const reset = trpc.auth.resetPassword.useMutation();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    setFormError(null);
    const result = form.submit(event);
    if (!result.ok) return;
    try {
      const answer = await reset.mutateAsync({ token, ...result.data });
      // A reset ends every session of the account, this browser's included.
      if (user) clearUser();
      onDone(answer.message);
    } catch (err) {
      const info = readApiError(err);
      const fieldDetails = { ...info.details };
      delete fieldDetails.token;
      if (
        info.serverMessage === INVALID_RESET_LINK_MESSAGE ||
        info.details.token ||
        info.httpStatus === 404 ||
        (info.httpStatus === 400 &&
          Object.keys(fieldDetails).length === 0 &&
          /link/i.test(info.serverMessage ?? ''))
      ) {
        onInvalid();
      } else if (form.serverErrors(fieldDetails)) {
        // Shown at the fields.
      } else if (info.httpStatus === 429 && info.serverMessage) {
        setFormError(info.serverMessage);
      } else {
        setFormError(info.isNetworkError ? NETWORK_ERROR_MESSAGE : RESET_FAILED_MESSAGE);
      }
    }
  }

  return (
    <AuthLayout title="Nieuw wachtwoord" footer={<BackToLogin />}>
      <AuthHeading
        title="Nieuw wachtwoord instellen"
        description="Kies een sterk wachtwoord dat u nergens anders gebruikt."
      />
      {formError ? (
        <Notice tone="error" onClose={() => setFormError(null)}>
          {formError}
        </Notice>
      ) : null}
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <NewPasswordField
          id={form.fieldId('password')}
          label="Nieuw wachtwoord"
          autoFocus
          value={form.values.password}
          onValueChange={(value) => form.setValue('password', value)}
          error={form.errors.password}
        />
        <PasswordField
          id={form.fieldId('confirmPassword')}
          name="confirmPassword"
          label="Bevestig wachtwoord"
          required
          autoComplete="new-password"
          value={form.values.confirmPassword}
          onChange={(event) => form.setValue('confirmPassword', event.target.value)}
          error={form.errors.confirmPassword}
        />
        <Button type="submit" size="lg" fullWidth busy={reset.isPending} icon={<KeyRound size={17} />}>
          {reset.isPending ? 'Bezig met opslaan...' : 'Wachtwoord opslaan'}
        </Button>
      </form>
    </AuthLayout>
  );
}

function ResetDone({ message }: { message: string }) {
  return (
    <AuthLayout title="Wachtwoord gewijzigd">
      <AuthHeading
        icon={<CircleCheck size={26} />}
        tone="success"
        title="Wachtwoord gewijzigd"
        description={
          <p>
            {message || 'Uw wachtwoord is succesvol gewijzigd. U kunt nu inloggen met uw nieuwe wachtwoord.'}
          </p>
        }
      />
      <p className="auth-small auth-small--center">Voor uw veiligheid bent u op al uw apparaten uitgelogd.</p>
      <div className="auth-actions">
        <Link href="/login" className={buttonClass({ size: 'lg', fullWidth: true })}>
          <LogIn size={17} aria-hidden="true" />
          Naar inloggen
        </Link>
      </div>
    </AuthLayout>
  );
}

function InvalidResetLink() {
  return (
    <AuthLayout title="Link ongeldig" footer={<BackToLogin />}>
      <AuthHeading
        icon={<TimerOff size={26} />}
        tone="warning"
        title="Link ongeldig of verlopen"
        description={<p>{INVALID_RESET_LINK_MESSAGE}</p>}
      />
      <p className="auth-small auth-small--center">
        Een resetlink is 30 minuten geldig en kan maar één keer worden gebruikt.
      </p>
      <div className="auth-actions">
        <Link href="/forgot-password" className={buttonClass({ size: 'lg', fullWidth: true })}>
          Nieuwe link aanvragen
        </Link>
      </div>
    </AuthLayout>
  );
}
