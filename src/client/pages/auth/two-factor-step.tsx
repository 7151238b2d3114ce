import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { LoginResult } from '../../../shared/schemas/auth';
import { type LoginChallenge, recoveryCodeSchema, twoFactorCodeSchema } from '../../../shared/schemas/login';
import { z } from '../../../shared/zod-nl';
import { Button, Notice, TextField } from '../../components';
import { NETWORK_ERROR_MESSAGE, readApiError } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';
import { type FormCheck, schemaCheck, useForm } from '../../lib/use-form';
import { AuthHeading, keepHyphenatedWords } from './auth-layout';

export const TWO_FACTOR_FAILED_MESSAGE =
  'Verifiëren is niet gelukt. Probeer het opnieuw of ga terug en log opnieuw in.';

/** What proves the second step: the app's code, or (the phone is lost) one of the recovery codes. */
type Mode = 'code' | 'recovery';
type Field = 'code' | 'recoveryCode';
type Values = Record<Field, string>;
type Proof = { code: string } | { recoveryCode: string };

const EMPTY: Values = { code: '', recoveryCode: '' };

const checkCode = schemaCheck(z.object({ code: twoFactorCodeSchema }), { fields: ['code'] as const });
const checkRecoveryCode = schemaCheck(z.object({ recoveryCode: recoveryCodeSchema }), {
  fields: ['recoveryCode'] as const,
});

/** Each mode's field, text and check (the shared rules, as the server checks them). */
const MODES = {
  code: {
    field: 'code',
    text: 'Voer de 6-cijferige code uit uw authenticator-app in.',
    check: (values: Values): FormCheck<Field, Proof> => checkCode({ code: values.code }),
  },
  recovery: {
    field: 'recoveryCode',
    text: 'Voer een van uw herstelcodes in. Elke code werkt één keer.',
    check: (values: Values): FormCheck<Field, Proof> =>
      checkRecoveryCode({ recoveryCode: values.recoveryCode }),
  },
} as const satisfies Record<Mode, { field: Field; text: string; check: unknown }>;

export type TwoFactorStepProps = {
  /** The first step's answer: whose sign-in, and the single-use token that this step completes. */
  challenge: LoginChallenge;
  /** The same answer a login without the second step gives; the page goes on as after any login. */
  onSignedIn: (answer: LoginResult) => void;
};

/**
 * The login's second step, for an account with two-step sign-in: the 6 digits of the authenticator
 * app, or a recovery code. Loaded only when a login asks for it, so /login's first load stays the
 * same. The server answers a wrong code and a dead challenge alike; the message says what to do.
 */
export function TwoFactorStep({ challenge, onSignedIn }: TwoFactorStepProps) {
  const [mode, setMode] = useState<Mode>('code');
  const { field, text, check } = MODES[mode];
  const form = useForm<Values, Field, Proof>({
    initial: EMPTY,
    fields: [field],
    check,
    // As the login form: nothing is flagged while typing until the first submit.
    rule: { change: 'afterSubmit' },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const verify = trpc.auth.loginTwoFactor.useMutation();

  const switchTo = (next: Mode) => {
    setFormError(null);
    form.reset();
    setMode(next);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    setFormError(null);
    const result = form.submit(event);
    if (!result.ok || verify.isPending) return;
    try {
      onSignedIn(await verify.mutateAsync({ challenge: challenge.challenge, ...result.data }));
    } catch (err) {
      const info = readApiError(err);
      if (form.serverErrors(info.details)) return;
      setFormError(
        info.serverMessage ?? (info.isNetworkError ? NETWORK_ERROR_MESSAGE : TWO_FACTOR_FAILED_MESSAGE),
      );
      // Typing the next try replaces the refused one; the arrow keys still reach a typo.
      const input = document.getElementById(form.fieldId(field));
      if (input instanceof HTMLInputElement) input.select();
    }
  }

  return (
    <>
      <AuthHeading
        title="Tweestapsverificatie"
        icon={<ShieldCheck size={24} />}
        description={
          <>
            <p>{keepHyphenatedWords(text)}</p>
            <p className="auth-email-chip">
              <strong>{challenge.email}</strong>
            </p>
          </>
        }
      />

      {formError ? (
        <Notice tone="error" onClose={() => setFormError(null)}>
          {formError}
        </Notice>
      ) : null}

      <form className="auth-form" noValidate onSubmit={onSubmit} aria-label="Tweestapsverificatie">
        {mode === 'code' ? (
          <TextField
            {...form.inputProps('code')}
            key="code"
            label="Verificatiecode"
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            maxLength={12}
            spellCheck={false}
            className="auth-code-input"
          />
        ) : (
          <TextField
            {...form.inputProps('recoveryCode')}
            key="recoveryCode"
            label="Herstelcode"
            required
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            autoFocus
            maxLength={30}
            spellCheck={false}
            placeholder="xxxxx-xxxxx"
            className="auth-code-input"
          />
        )}
        <div className="auth-form__row">
          <button
            type="button"
            className="link auth-form__link"
            onClick={() => switchTo(mode === 'code' ? 'recovery' : 'code')}
          >
            {mode === 'code' ? 'Herstelcode gebruiken' : 'Code uit de app gebruiken'}
          </button>
        </div>
        <Button type="submit" size="lg" fullWidth busy={verify.isPending} icon={<ShieldCheck size={17} />}>
          {verify.isPending ? 'Bezig met verifiëren...' : 'Verifiëren'}
        </Button>
      </form>
    </>
  );
}
