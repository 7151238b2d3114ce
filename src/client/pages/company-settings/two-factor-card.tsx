import { Check, Copy, Download, ShieldCheck, ShieldOff, Smartphone } from 'lucide-react';
import { type FormEvent, lazy, type ReactNode, Suspense, useState } from 'react';
import {
  type TwoFactorSetup,
  twoFactorDisableInput,
  twoFactorEnableInput,
} from '../../../shared/schemas/two-factor';
import { Badge, Button, Card, Notice, PasswordField, TextField, useToast } from '../../components';
import { errorMessage, readApiError } from '../../lib/api-errors';
import { downloadFile } from '../../lib/csv';
import { trpc } from '../../lib/trpc';
import { schemaCheck, useForm } from '../../lib/use-form';
import type { SettingsFeedback } from './settings-footer';
import {
  groupKey,
  RECOVERY_CODES_FILE_NAME,
  RECOVERY_CODES_MIME,
  recoveryCodesText,
} from './two-factor-view';
import './shown-once.css';
import './two-factor-card.css';

const loadQrImage = () => import('./qr-image');
const QrImage = lazy(async () => ({ default: (await loadQrImage()).QrImage }));

const TWO_FACTOR_ENABLED_TOAST = 'Tweestapsverificatie is ingeschakeld.';
const TWO_FACTOR_DISABLED_TOAST = 'Tweestapsverificatie is uitgeschakeld.';
const SETUP_ERROR = 'Het instellen kon niet beginnen. Probeer het opnieuw.';
const ENABLE_ERROR = 'Inschakelen is niet gelukt. Controleer de code in de app en probeer het opnieuw.';
const DISABLE_ERROR =
  'Uitschakelen is niet gelukt. Controleer uw wachtwoord en de code in de app en probeer het opnieuw.';
const COPY_FAILED = 'Kopiëren lukte niet; selecteer de sleutel en kopieer hem zelf.';
const QR_SIZE = 192;

/** Where the card is: what the profile says, unless a setup, the new codes or the disable form is open. */
type Phase =
  | { step: 'idle' }
  | { step: 'setup'; setup: TwoFactorSetup }
  | { step: 'codes'; codes: string[] }
  | { step: 'disable' };

const IDLE: Phase = { step: 'idle' };

/** Says the new state at once (the page paints from the profile), then asks the server again. */
function useMarkTwoFactor() {
  const utils = trpc.useUtils();
  return async (enabled: boolean) => {
    // On, enrolment is done; off, the server's answer says whether the organisation asks it again.
    const mark = <P extends { twoFactorEnabled: boolean; twoFactorEnrolmentRequired: boolean }>(p: P) => ({
      ...p,
      twoFactorEnabled: enabled,
      twoFactorEnrolmentRequired: enabled ? false : p.twoFactorEnrolmentRequired,
    });
    utils.auth.profile.setData(undefined, (profile) => profile && mark(profile));
    utils.auth.session.setData(undefined, (session) => session && mark(session));
    await Promise.all([utils.auth.profile.invalidate(), utils.auth.session.invalidate()]);
  };
}

/**
 * Bedrijfsinstellingen › Beveiliging › Tweestapsverificatie: set up with an authenticator app (a QR
 * code drawn here, or the key typed over), switch on with one code, which shows the ten recovery codes
 * once; switch off with the password and a code. `enabled` is the profile's `twoFactorEnabled`.
 */
export function TwoFactorCard({
  enabled,
  email,
  onEnabled,
  onCodesSaved,
}: {
  enabled: boolean;
  email: string;
  /** Two-step sign-in was just switched on; its recovery codes are on screen. */
  onEnabled?: () => void;
  /** The person closed the recovery codes ('Ik heb de codes bewaard'). */
  onCodesSaved?: () => void;
}) {
  const [phase, setPhase] = useState<Phase>(IDLE);
  const [feedback, setFeedback] = useState<SettingsFeedback>(null);
  const toast = useToast();
  const markEnabled = useMarkTwoFactor();
  const setup = trpc.auth.twoFactorSetup.useMutation();

  const begin = () => {
    setFeedback(null);
    // The QR code's module loads while the server makes the key.
    void loadQrImage();
    setup.mutate(undefined, {
      onSuccess: (result) => setPhase({ step: 'setup', setup: result }),
      onError: (err) => {
        // Already on (another tab): the card shows it as it is.
        if (readApiError(err).httpStatus === 409) void markEnabled(true);
        setFeedback({ tone: 'error', message: errorMessage(err, SETUP_ERROR) });
      },
    });
  };

  let body: ReactNode;
  if (phase.step === 'codes')
    body = (
      <RecoveryCodes
        codes={phase.codes}
        email={email}
        onDone={() => {
          setPhase(IDLE);
          onCodesSaved?.();
        }}
      />
    );
  else if (enabled)
    body =
      phase.step === 'disable' ? (
        <DisableForm
          onCancel={() => setPhase(IDLE)}
          onDisabled={() => {
            setPhase(IDLE);
            toast.success(TWO_FACTOR_DISABLED_TOAST);
            void markEnabled(false);
          }}
          onAlreadyOff={(message) => {
            setPhase(IDLE);
            setFeedback({ tone: 'error', message });
            void markEnabled(false);
          }}
        />
      ) : (
        <div className="two-factor__state">
          <p className="settings-muted">
            Bij het inloggen vragen we naast uw wachtwoord een code uit uw authenticator-app.
          </p>
          <Button
            variant="secondary"
            icon={<ShieldOff size={16} />}
            onClick={() => {
              setFeedback(null);
              setPhase({ step: 'disable' });
            }}
          >
            Uitschakelen
          </Button>
        </div>
      );
  else if (phase.step === 'setup')
    body = (
      <SetupPanel
        setup={phase.setup}
        onCancel={() => setPhase(IDLE)}
        onEnabled={(codes) => {
          setPhase({ step: 'codes', codes });
          onEnabled?.();
          toast.success(TWO_FACTOR_ENABLED_TOAST);
          void markEnabled(true);
        }}
        onStartAgain={(message) => {
          setPhase(IDLE);
          setFeedback({ tone: 'error', message });
        }}
      />
    );
  else
    body = (
      <div className="two-factor__state">
        <p className="settings-muted">
          Beveilig uw account met een code uit een authenticator-app, naast uw wachtwoord.
        </p>
        <Button icon={<Smartphone size={16} />} busy={setup.isPending} onClick={begin}>
          {setup.isPending ? 'Bezig met instellen...' : 'Tweestapsverificatie instellen'}
        </Button>
      </div>
    );

  return (
    <Card
      title={
        <span className="settings-card-title">
          <ShieldCheck size={18} aria-hidden="true" />
          Tweestapsverificatie
        </span>
      }
      description="Extra beveiliging bij het inloggen met een code van uw telefoon."
      actions={
        enabled ? (
          <Badge tone="green" dot>
            Aan
          </Badge>
        ) : (
          <Badge tone="grey">Uit</Badge>
        )
      }
    >
      <div className="two-factor">
        {feedback ? (
          <Notice tone={feedback.tone} onClose={() => setFeedback(null)}>
            {feedback.message}
          </Notice>
        ) : null}
        {body}
      </div>
    </Card>
  );
}

const CODE_FIELDS = ['code'] as const;

/** The code field as every authenticator step has it: digits, filled in by the phone's keyboard. */
function codeInputProps() {
  return {
    label: 'Verificatiecode',
    required: true,
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
    maxLength: 12,
    spellCheck: false,
    className: 'two-factor__code-input',
  } as const;
}

/** Step 1: the QR code or the key into the app; step 2: one code from the app switches it on. */
function SetupPanel({
  setup,
  onCancel,
  onEnabled,
  onStartAgain,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
  /** The server no longer knows this setup (too old, or replaced in another tab). */
  onStartAgain: (message: string) => void;
}) {
  const form = useForm({
    initial: { code: '' },
    fields: CODE_FIELDS,
    check: schemaCheck(twoFactorEnableInput, { fields: CODE_FIELDS }),
    rule: { change: 'afterSubmit' },
    id: 'two-factor-setup',
  });
  const [error, setError] = useState<string | null>(null);
  const enable = trpc.auth.twoFactorEnable.useMutation();

  const submit = (event: FormEvent) => {
    setError(null);
    const checked = form.submit(event);
    if (!checked.ok || enable.isPending) return;
    enable.mutate(checked.data, {
      onSuccess: (result) => onEnabled(result.recoveryCodes),
      onError: (err) => {
        const info = readApiError(err);
        if (info.httpStatus === 409) onStartAgain(errorMessage(err, SETUP_ERROR));
        else if (!form.serverErrors(info.details)) setError(errorMessage(err, ENABLE_ERROR));
      },
    });
  };

  return (
    <div className="two-factor__setup">
      <section className="two-factor__step" aria-labelledby="two-factor-step-scan">
        <h3 id="two-factor-step-scan" className="two-factor__step-title">
          1. Scan de QR-code met uw authenticator-app.
        </h3>
        <div className="two-factor__scan">
          <Suspense fallback={<span className="two-factor__qr two-factor__qr--loading" aria-hidden="true" />}>
            <QrImage
              text={setup.otpauthUrl}
              alt="QR-code voor uw authenticator-app"
              size={QR_SIZE}
              className="two-factor__qr"
            />
          </Suspense>
          <SecretKey secret={setup.secret} />
        </div>
      </section>
      <form className="two-factor__step" onSubmit={submit} noValidate aria-labelledby="two-factor-step-code">
        <h3 id="two-factor-step-code" className="two-factor__step-title">
          2. Voer de 6-cijferige code uit de app in.
        </h3>
        <TextField {...form.inputProps('code')} {...codeInputProps()} fieldClassName="two-factor__code" />
        {error ? (
          <Notice tone="error" onClose={() => setError(null)}>
            {error}
          </Notice>
        ) : null}
        <div className="two-factor__actions">
          <Button type="submit" icon={<ShieldCheck size={16} />} busy={enable.isPending}>
            {enable.isPending ? 'Inschakelen...' : 'Inschakelen'}
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={enable.isPending}>
            Annuleren
          </Button>
        </div>
      </form>
    </div>
  );
}

/** The key in groups of four for typing over, and a button that copies it whole. */
function SecretKey({ secret }: { secret: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="two-factor__key">
      <p className="settings-muted">Of typ deze sleutel over:</p>
      <code className="two-factor__key-value" data-testid="two-factor-key">
        {groupKey(secret)}
      </code>
      <Button
        variant="secondary"
        size="sm"
        icon={copied ? <Check size={15} /> : <Copy size={15} />}
        onClick={() => void copy()}
      >
        {copied ? 'Gekopieerd!' : 'Sleutel kopiëren'}
      </Button>
      {copied === false ? <p className="settings-muted">{COPY_FAILED}</p> : null}
    </div>
  );
}

/** The ten recovery codes, once: to download as a text file, then closed by the user. */
function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  return (
    <section className="shown-once" aria-labelledby="two-factor-codes-title">
      <h3 id="two-factor-codes-title" className="two-factor__step-title">
        Uw herstelcodes
      </h3>
      <p className="settings-muted">
        Bewaar deze codes op een veilige plek. Met elke code kunt u één keer inloggen als u uw telefoon kwijt
        bent. Ze worden maar één keer getoond.
      </p>
      <ul className="two-factor__code-grid" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="two-factor__actions">
        <Button
          variant="secondary"
          icon={<Download size={16} />}
          onClick={() =>
            downloadFile(
              recoveryCodesText(codes, { email, now: new Date() }),
              RECOVERY_CODES_FILE_NAME,
              RECOVERY_CODES_MIME,
            )
          }
        >
          Downloaden als tekstbestand
        </Button>
        <Button icon={<Check size={16} />} onClick={onDone}>
          Ik heb de codes bewaard
        </Button>
      </div>
    </section>
  );
}

const DISABLE_FIELDS = ['password', 'code'] as const;

/** Switching off asks what only the account's owner has: the password and the phone. */
function DisableForm({
  onCancel,
  onDisabled,
  onAlreadyOff,
}: {
  onCancel: () => void;
  onDisabled: () => void;
  onAlreadyOff: (message: string) => void;
}) {
  const form = useForm({
    initial: { password: '', code: '' },
    fields: DISABLE_FIELDS,
    check: schemaCheck(twoFactorDisableInput, { fields: DISABLE_FIELDS }),
    rule: { change: 'afterSubmit' },
    id: 'two-factor-disable',
  });
  const [error, setError] = useState<string | null>(null);
  const disable = trpc.auth.twoFactorDisable.useMutation();

  const submit = (event: FormEvent) => {
    setError(null);
    const checked = form.submit(event);
    if (!checked.ok || disable.isPending) return;
    disable.mutate(checked.data, {
      onSuccess: onDisabled,
      onError: (err) => {
        const info = readApiError(err);
        if (info.httpStatus === 409) onAlreadyOff(errorMessage(err, DISABLE_ERROR));
        else if (!form.serverErrors(info.details)) setError(errorMessage(err, DISABLE_ERROR));
      },
    });
  };

  return (
    <form
      className="two-factor__disable"
      onSubmit={submit}
      noValidate
      aria-label="Tweestapsverificatie uitschakelen"
    >
      <p className="settings-muted">
        Bevestig met uw huidige wachtwoord en een code uit de app. Daarna logt u weer in met alleen uw
        wachtwoord.
      </p>
      {/* For password managers: the account this password belongs to. */}
      <input type="text" name="username" autoComplete="username" hidden readOnly />
      <div className="two-factor__fields">
        <PasswordField
          {...form.inputProps('password')}
          label="Huidig wachtwoord"
          required
          autoComplete="current-password"
          autoFocus
        />
        <TextField {...form.inputProps('code')} {...codeInputProps()} />
      </div>
      {error ? (
        <Notice tone="error" onClose={() => setError(null)}>
          {error}
        </Notice>
      ) : null}
      <div className="two-factor__actions">
        <Button type="submit" variant="danger" icon={<ShieldOff size={16} />} busy={disable.isPending}>
          {disable.isPending ? 'Uitschakelen...' : 'Tweestapsverificatie uitschakelen'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={disable.isPending}>
          Annuleren
        </Button>
      </div>
    </form>
  );
}
