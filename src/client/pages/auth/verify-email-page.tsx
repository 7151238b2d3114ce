import {
  BadgeCheck,
  CircleCheck,
  CircleX,
  LayoutDashboard,
  LogIn,
  RefreshCw,
  Send,
  TimerOff,
} from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { resendVerificationPublicInput } from '../../../shared/schemas/auth';
import { Button, Spinner } from '../../components';
import { readApiError } from '../../lib/api-errors';
import { useAuth } from '../../lib/auth';
import { trpc } from '../../lib/trpc';
import { schemaCheck, useForm } from '../../lib/use-form';
import { AuthHeading, AuthLayout } from './auth-layout';
import { Confetti } from './confetti';
import { EmailField } from './email-field';
import type { LoginArrivalState } from './login-page';
import { RESEND_ERROR_MESSAGE, ResendNotice, useResendVerification } from './resend-verification';
import {
  clearProcessing,
  findRecordSharingPrefix,
  getVerificationRecord,
  isProcessing,
  markProcessing,
  PROCESSING_TTL_MS,
  saveRecentVerification,
  saveVerificationRecord,
  type VerificationRecord,
} from './verification-records';

export const VERIFYING_MESSAGE = 'Uw e-mailadres wordt geverifieerd...';
export const MISSING_TOKEN_MESSAGE = 'Verificatie token ontbreekt. Controleer de URL in uw e-mail.';
export const EXPIRED_MESSAGE = 'Uw verificatie link is verlopen. Vraag een nieuwe verificatie e-mail aan.';
export const NOT_FOUND_MESSAGE =
  'Verificatie token niet gevonden. Mogelijk is de link al gebruikt of ongeldig.';
export const VERIFY_FAILED_MESSAGE = 'Er is een fout opgetreden bij het verifiëren van uw e-mail';
const VERIFIED_MESSAGE = 'Uw e-mailadres is succesvol geverifieerd. U kunt nu inloggen.';
const ALREADY_VERIFIED_MESSAGE = 'Uw e-mailadres is al geverifieerd. U kunt inloggen.';

type VerifyState =
  | { kind: 'verifying' }
  | { kind: 'success'; email: string; message: string }
  | { kind: 'already'; email: string; message: string }
  | { kind: 'expired'; email: string }
  | { kind: 'error'; message: string; canRetry: boolean };

/** The two "verified" states differ only in these. */
const VERIFIED_LOOK = {
  success: {
    icon: <CircleCheck size={28} />,
    tone: 'success',
    title: 'E-mailadres geverifieerd!',
    status: 'verified',
  },
  already: {
    icon: <BadgeCheck size={28} />,
    tone: 'accent',
    title: 'E-mailadres al geverifieerd',
    status: 'already_verified',
  },
} as const;

function fromRecord(record: VerificationRecord): VerifyState {
  return record.status === 'verified'
    ? { kind: 'success', email: record.email, message: VERIFIED_MESSAGE }
    : { kind: 'already', email: record.email, message: ALREADY_VERIFIED_MESSAGE };
}

function initialState(token: string): VerifyState {
  if (!token) return { kind: 'error', message: MISSING_TOKEN_MESSAGE, canRetry: false };
  const record = getVerificationRecord(localStorage, token);
  return record ? fromRecord(record) : { kind: 'verifying' };
}

/** While another run (a second tab, a reload mid-call) holds the marker, wait for its record. */
async function waitForOtherRun(token: string): Promise<VerificationRecord | null> {
  const deadline = Date.now() + PROCESSING_TTL_MS;
  while (Date.now() < deadline && isProcessing(localStorage, token)) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const record = getVerificationRecord(localStorage, token);
    if (record) return record;
  }
  return getVerificationRecord(localStorage, token);
}

/**
 * /verify-email/:token — the five states of spec §4: verifying, success (with confetti),
 * already-verified, expired (with a resend form) and error.
 */
export function VerifyEmailPage({ params }: { params?: { token?: string } }) {
  const routeParams = useParams<{ token?: string }>();
  const token = (params?.token ?? routeParams.token ?? '').trim();
  const [state, setState] = useState<VerifyState>(() => initialState(token));
  /** Duplicate-run guard: React StrictMode runs effects twice, the call must go out once. */
  const startedFor = useRef<string | null>(null);
  const utils = trpc.useUtils();
  const { status: authStatus } = useAuth();
  const loggedIn = authStatus === 'authenticated';
  const [, navigate] = useLocation();

  const verify = useCallback(
    async (t: string) => {
      const known = getVerificationRecord(localStorage, t);
      if (known) {
        setState(fromRecord(known));
        return;
      }
      if (isProcessing(localStorage, t)) {
        const record = await waitForOtherRun(t);
        if (record) {
          setState(fromRecord(record));
          return;
        }
      }
      setState({ kind: 'verifying' });
      markProcessing(localStorage, t);
      try {
        const answer = await utils.client.auth.verifyEmail.mutate({ token: t });
        const status = answer.status === 'already_verified' ? 'already_verified' : 'verified';
        saveVerificationRecord(localStorage, t, { email: answer.email, status });
        setState(
          status === 'verified'
            ? { kind: 'success', email: answer.email, message: answer.message || VERIFIED_MESSAGE }
            : { kind: 'already', email: answer.email, message: answer.message || ALREADY_VERIFIED_MESSAGE },
        );
        // A signed-in user's profile now says isEmailVerified: true.
        if (loggedIn) void Promise.all([utils.auth.profile.invalidate(), utils.auth.session.invalidate()]);
      } catch (err) {
        const info = readApiError(err);
        if (info.status === 'expired_token') {
          setState({ kind: 'expired', email: info.email ?? '' });
        } else if (info.status === 'invalid_token' || info.httpStatus === 404) {
          // The server no longer knows this token; this browser may have verified one like it.
          const similar = findRecordSharingPrefix(localStorage, t);
          setState(
            similar
              ? { kind: 'already', email: similar.email, message: ALREADY_VERIFIED_MESSAGE }
              : { kind: 'error', message: NOT_FOUND_MESSAGE, canRetry: false },
          );
        } else {
          setState({ kind: 'error', message: VERIFY_FAILED_MESSAGE, canRetry: true });
        }
      } finally {
        clearProcessing(localStorage, t);
      }
    },
    [utils, loggedIn],
  );

  useEffect(() => {
    if (!token || startedFor.current === token) return;
    startedFor.current = token;
    void verify(token);
  }, [token, verify]);

  function goOn(status: 'verified' | 'already_verified', email: string, message: string) {
    saveRecentVerification(localStorage, { email, status });
    if (loggedIn) {
      navigate('/');
      return;
    }
    const arrival: LoginArrivalState = { verificationStatus: status, message, email };
    navigate('/login', { state: arrival });
  }

  const toLoginOrDashboard = loggedIn ? 'Naar dashboard' : 'Naar inloggen';
  const toIcon = loggedIn ? <LayoutDashboard size={17} /> : <LogIn size={17} />;

  switch (state.kind) {
    case 'verifying':
      return (
        <AuthLayout title="E-mailadres verifiëren">
          <div className="auth-verifying">
            <Spinner size={36} label={VERIFYING_MESSAGE} />
            <h1 className="auth-heading__title">E-mailadres verifiëren</h1>
            <p className="auth-heading__description" aria-hidden="true">
              {VERIFYING_MESSAGE}
            </p>
          </div>
        </AuthLayout>
      );
    case 'success':
    case 'already': {
      const look = VERIFIED_LOOK[state.kind];
      return (
        <AuthLayout title="E-mailadres verifiëren">
          {state.kind === 'success' ? <Confetti /> : null}
          <AuthHeading
            icon={look.icon}
            tone={look.tone}
            title={look.title}
            description={<VerifiedText email={state.email} message={state.message} />}
          />
          <div className="auth-actions">
            <Button
              size="lg"
              fullWidth
              icon={toIcon}
              onClick={() => goOn(look.status, state.email, state.message)}
            >
              {toLoginOrDashboard}
            </Button>
          </div>
        </AuthLayout>
      );
    }
    case 'expired':
      return (
        <AuthLayout title="E-mailadres verifiëren">
          <AuthHeading
            icon={<TimerOff size={28} />}
            tone="warning"
            title="Verificatielink verlopen"
            description={<p>{EXPIRED_MESSAGE}</p>}
          />
          <ResendForm initialEmail={state.email} />
          <div className="auth-actions">
            <Button
              variant="ghost"
              fullWidth
              icon={toIcon}
              onClick={() => navigate(loggedIn ? '/' : '/login')}
            >
              {toLoginOrDashboard}
            </Button>
          </div>
        </AuthLayout>
      );
    case 'error':
      return (
        <AuthLayout title="E-mailadres verifiëren">
          <AuthHeading
            icon={<CircleX size={28} />}
            tone="danger"
            title="Verificatie mislukt"
            description={<p>{state.message}</p>}
          />
          <div className="auth-actions">
            {state.canRetry && token ? (
              <Button size="lg" fullWidth icon={<RefreshCw size={17} />} onClick={() => void verify(token)}>
                Opnieuw proberen
              </Button>
            ) : null}
            <Button
              variant={state.canRetry && token ? 'secondary' : 'primary'}
              size="lg"
              fullWidth
              icon={toIcon}
              onClick={() => navigate(loggedIn ? '/' : '/login')}
            >
              {toLoginOrDashboard}
            </Button>
          </div>
          {!loggedIn ? (
            <p className="auth-small auth-small--center">
              Nog niet geverifieerd? Log in en vraag via de melding een nieuwe verificatie e-mail aan.
            </p>
          ) : null}
        </AuthLayout>
      );
  }
}

function VerifiedText({ email, message }: { email: string; message: string }) {
  return (
    <>
      <p>{message}</p>
      {email ? (
        <p className="auth-email-chip">
          <strong>{email}</strong>
        </p>
      ) : null}
    </>
  );
}

const RESEND_FIELDS = ['email'] as const;

/** The expired state's "send me a new link" form. */
function ResendForm({ initialEmail }: { initialEmail: string }) {
  const form = useForm({
    initial: { email: initialEmail },
    fields: RESEND_FIELDS,
    check: schemaCheck(resendVerificationPublicInput, { fields: RESEND_FIELDS }),
    rule: { change: 'afterSubmit' },
  });
  const resend = useResendVerification(RESEND_ERROR_MESSAGE);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    resend.clearResult();
    const valid = form.submit(event);
    if (!valid.ok) return;
    await resend.send(valid.data.email, (message) => form.showErrors({ email: message }));
  }

  return (
    <form className="auth-form auth-form--boxed" noValidate onSubmit={onSubmit}>
      <ResendNotice result={resend.result} onClose={resend.clearResult} />
      <EmailField
        id={form.fieldId('email')}
        name="email"
        required
        value={form.values.email}
        onValueChange={(v) => form.setValue('email', v)}
        error={form.errors.email}
      />
      <Button type="submit" fullWidth icon={<Send size={16} />} busy={resend.isPending}>
        Nieuwe verificatie e-mail versturen
      </Button>
    </form>
  );
}
