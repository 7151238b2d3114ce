import { ArrowLeft, LogIn, Send } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { LoginResult } from '../../../shared/schemas/auth';
import type { LoginChallenge } from '../../../shared/schemas/login';
import { loginInput } from '../../../shared/schemas/login-form';
import { Button, Checkbox, Notice, PasswordField, Spinner } from '../../components';
import { NETWORK_ERROR_MESSAGE, readApiError } from '../../lib/api-errors';
import { useAuth } from '../../lib/auth';
import { trpc } from '../../lib/trpc';
import { schemaCheck, useForm } from '../../lib/use-form';
import { afterLoginPath } from './after-login';
import { AuthHeading, AuthLayout } from './auth-layout';
import { EmailField } from './email-field';
import { ResendNotice, useResendVerification } from './resend-verification';
import { clearRecentVerification, readRecentVerification } from './verification-records';

// Only an account with two-step sign-in needs the second step: it is not part of /login's first load.
const TwoFactorStep = lazy(async () => ({ default: (await import('./two-factor-step')).TwoFactorStep }));

export const LOGIN_FAILED_MESSAGE = 'Login failed. Please check your credentials.';
export const RESEND_FAILED_MESSAGE = 'Failed to send verification email. Please try again.';
const REMEMBER_ME_KEY = 'rememberMe';

/** What the verify page passes along as navigation state (spec §2 Verify e-mail). */
export type LoginArrivalState = {
  verificationStatus?: 'verified' | 'already_verified';
  message?: string;
  email?: string;
};

type Arrival = { title: string; message: string; email: string } | null;

function readRememberMe(): boolean {
  try {
    return localStorage.getItem(REMEMBER_ME_KEY) === 'true';
  } catch {
    return false;
  }
}

function writeRememberMe(value: boolean) {
  try {
    localStorage.setItem(REMEMBER_ME_KEY, String(value));
  } catch {
    // The preference only lasts for this page then.
  }
}

/**
 * Why the user arrived here: straight from the verify page (history state), from the register
 * success page (?verification=required) or from a link with ?verified=true.
 */
function readArrival(search: string): Arrival {
  const params = new URLSearchParams(search);
  const state = (typeof window !== 'undefined' ? window.history.state : null) as LoginArrivalState | null;
  const recent = readRecentVerification(localStorage);
  const email = state?.email ?? params.get('email') ?? recent?.email ?? '';
  if (state?.verificationStatus === 'verified') {
    return {
      title: 'E-mailadres geverifieerd',
      message: state.message || 'Uw e-mailadres is succesvol geverifieerd. U kunt nu inloggen.',
      email,
    };
  }
  if (state?.verificationStatus === 'already_verified') {
    return {
      title: 'E-mailadres al geverifieerd',
      message: state.message || 'Uw e-mailadres was al geverifieerd. U kunt gewoon inloggen.',
      email,
    };
  }
  if (params.get('verified') === 'true') {
    return {
      title: 'E-mailadres geverifieerd',
      message: 'Uw e-mailadres is succesvol geverifieerd. U kunt nu inloggen.',
      email,
    };
  }
  if (params.get('verification') === 'required') {
    return {
      title: 'Bevestig uw e-mailadres',
      message:
        'Uw account is aangemaakt. Klik op de verificatielink in de e-mail die we u hebben gestuurd en log daarna hier in.',
      email,
    };
  }
  return null;
}

type Verification = { email: string; message: string };

const LOGIN_FIELDS = ['email', 'password'] as const;

export function LoginPage() {
  const [, navigate] = useLocation();
  const search = useSearch();
  const { setUser } = useAuth();
  const [arrival, setArrival] = useState<Arrival>(() => readArrival(search));
  const form = useForm({
    // The invitation page's "Inloggen" names the invited address (?email=) without an arrival notice.
    initial: { email: arrival?.email ?? new URLSearchParams(search).get('email') ?? '', password: '' },
    fields: LOGIN_FIELDS,
    check: schemaCheck(loginInput, { fields: LOGIN_FIELDS }),
    // Nothing is flagged while the user first fills the form; after a submit every change is checked.
    rule: { change: 'afterSubmit' },
  });
  const [rememberMe, setRememberMe] = useState(readRememberMe);
  const [formError, setFormError] = useState<string | null>(null);
  const [verification, setVerification] = useState<Verification | null>(null);
  // Set when the password was right and the account asks for its second step (no session yet).
  const [challenge, setChallenge] = useState<LoginChallenge | null>(null);
  const login = trpc.auth.login.useMutation();
  // A rate limit says when to try again; anything else gets the spec's text.
  const resend = useResendVerification(RESEND_FAILED_MESSAGE);

  /** After a login, with or without the second step: the same profile, the same way on. */
  function signedIn({ token: _token, expiresAt: _expiresAt, ...profile }: LoginResult) {
    setUser(profile);
    clearRecentVerification(localStorage);
    navigate(afterLoginPath(search), { replace: true });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    setFormError(null);
    resend.clearResult();
    const result = form.submit(event);
    if (!result.ok) return;
    try {
      // A profile with its session, or (two-step sign-in on) a challenge for the second step.
      const answer = await login.mutateAsync({ ...result.data, rememberMe });
      if ('twoFactorRequired' in answer) {
        setArrival(null);
        setVerification(null);
        setChallenge(answer);
        return;
      }
      signedIn(answer);
    } catch (err) {
      const info = readApiError(err);
      if (info.emailVerificationRequired) {
        setArrival(null);
        resend.clearResult();
        setVerification({
          email: info.email ?? result.data.email,
          message:
            info.serverMessage ??
            'Uw e-mailadres is nog niet geverifieerd. Klik op de link in de verificatie e-mail om uw account te activeren.',
        });
        return;
      }
      setVerification(null);
      if (form.serverErrors(info.details)) return;
      setFormError(
        info.serverMessage ?? (info.isNetworkError ? NETWORK_ERROR_MESSAGE : LOGIN_FAILED_MESSAGE),
      );
    }
  }

  if (challenge)
    return (
      <AuthLayout
        title="Tweestapsverificatie"
        footer={
          <p>
            {/* The e-mail address and password stay filled in: a new challenge is one click away. */}
            <button type="button" className="link auth-back" onClick={() => setChallenge(null)}>
              <ArrowLeft size={15} aria-hidden="true" />
              Terug naar inloggen
            </button>
          </p>
        }
      >
        <Suspense
          fallback={
            <div className="auth-step-loading">
              <Spinner size={24} />
            </div>
          }
        >
          <TwoFactorStep challenge={challenge} onSignedIn={signedIn} />
        </Suspense>
      </AuthLayout>
    );

  return (
    <AuthLayout
      title="Inloggen"
      promote
      footer={
        <p>
          Nog geen account? <Link href="/register">Registreer hier</Link>
        </p>
      }
    >
      <AuthHeading
        title="Inloggen"
        description="Welkom terug! Log in om verder te gaan met uw inkooporders."
      />

      {arrival ? (
        <Notice tone="success" title={arrival.title} onClose={() => setArrival(null)}>
          {arrival.message}
        </Notice>
      ) : null}

      {verification ? (
        <Notice
          tone="warning"
          title="E-mailadres nog niet geverifieerd"
          action={
            <Button
              variant="secondary"
              size="sm"
              icon={<Send size={15} />}
              busy={resend.isPending}
              onClick={() => resend.send(verification.email)}
            >
              Verificatie e-mail opnieuw verzenden
            </Button>
          }
        >
          <p>{verification.message}</p>
          <p className="auth-notice-extra">
            De e-mail is verstuurd naar <strong>{verification.email}</strong>. Controleer ook uw spammap.
          </p>
        </Notice>
      ) : null}

      <ResendNotice result={resend.result} onClose={resend.clearResult} />

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
          autoComplete="username"
          autoFocus={!form.values.email}
          value={form.values.email}
          onValueChange={(v) => form.setValue('email', v)}
          error={form.errors.email}
        />
        <PasswordField
          id={form.fieldId('password')}
          name="password"
          label="Wachtwoord"
          required
          autoComplete="current-password"
          autoFocus={Boolean(form.values.email)}
          value={form.values.password}
          onChange={(event) => form.setValue('password', event.target.value)}
          error={form.errors.password}
        />
        <div className="auth-form__row">
          <Checkbox
            name="rememberMe"
            label="Onthoud mij"
            checked={rememberMe}
            onChange={(event) => {
              setRememberMe(event.target.checked);
              writeRememberMe(event.target.checked);
            }}
          />
          <Link href="/forgot-password" className="auth-form__link">
            Wachtwoord vergeten?
          </Link>
        </div>
        <Button type="submit" size="lg" fullWidth busy={login.isPending} icon={<LogIn size={17} />}>
          {login.isPending ? 'Bezig met inloggen...' : 'Inloggen'}
        </Button>
      </form>
    </AuthLayout>
  );
}
