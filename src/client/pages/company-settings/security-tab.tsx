import { KeyRound, LogOut, type LucideIcon, MonitorSmartphone } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button, Card, ConfirmDialog, Notice, PasswordField, PasswordStrengthMeter } from '../../components';
import { errorMessage, readApiError } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';
import { useForm } from '../../lib/use-form';
import { ApiKeysCard } from './api-keys-card';
import { type SettingsFeedback, SettingsFooter } from './settings-footer';
import { EMPTY_PASSWORDS, passwordFormRules, settingsMessages } from './settings-form';
import { TwoFactorCard } from './two-factor-card';
import { WebhooksSection } from './webhooks-section';

const CHANGE_ERROR =
  'Er is een fout opgetreden bij het wijzigen van uw wachtwoord. Probeer het later opnieuw.';
const SIGN_OUT_ERROR =
  'Er is een fout opgetreden bij het uitloggen van uw andere sessies. Probeer het later opnieuw.';

/** A security card's title: its icon, then the text. */
function CardTitle({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <span className="settings-card-title">
      <Icon size={18} aria-hidden="true" />
      {children}
    </span>
  );
}

/**
 * Tab Beveiliging: two-step sign-in (on or off as the profile says), change the password, end the
 * other sessions, API keys, webhooks.
 */
export function SecurityTab({ profile }: { profile: { email: string; twoFactorEnabled: boolean } }) {
  return (
    <div className="settings-stack">
      <TwoFactorCard enabled={profile.twoFactorEnabled} email={profile.email} />
      <ChangePasswordCard />
      <SessionsCard />
      <ApiKeysCard />
      <WebhooksSection />
    </div>
  );
}

function ChangePasswordCard() {
  const form = useForm({ ...passwordFormRules, initial: EMPTY_PASSWORDS, id: 'security' });
  const { values, errors, inputProps } = form;
  const [feedback, setFeedback] = useState<SettingsFeedback>(null);
  const change = trpc.auth.changePassword.useMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    setFeedback(null);
    const checked = form.validate();
    if (!checked.ok) {
      setFeedback({ tone: 'error', message: settingsMessages.formHasErrors });
      return;
    }
    change.mutate(checked.data, {
      onSuccess: (result) => {
        form.reset(EMPTY_PASSWORDS);
        setFeedback({ tone: 'success', message: result.message });
      },
      onError: (err) => {
        if (form.serverErrors(readApiError(err).details)) setFeedback(null);
        else setFeedback({ tone: 'error', message: errorMessage(err, CHANGE_ERROR) });
      },
    });
  };

  return (
    <form className="settings-form" onSubmit={submit} noValidate>
      <Card
        title={<CardTitle icon={KeyRound}>Wachtwoord wijzigen</CardTitle>}
        description="Na het wijzigen wordt u op al uw andere apparaten uitgelogd."
        footer={
          <SettingsFooter feedback={feedback} onDismiss={() => setFeedback(null)}>
            <Button type="submit" busy={change.isPending}>
              {change.isPending ? 'Wijzigen...' : 'Wachtwoord wijzigen'}
            </Button>
          </SettingsFooter>
        }
      >
        {/* For password managers: the account this password belongs to. */}
        <input type="text" name="username" autoComplete="username" hidden readOnly />
        <div className="settings-grid">
          <PasswordField
            {...inputProps('currentPassword')}
            label="Huidig wachtwoord"
            required
            autoComplete="current-password"
            fieldClassName="settings-grid__wide settings-grid__half"
          />
          <div className="settings-grid__cell">
            <PasswordField
              {...inputProps('newPassword')}
              label="Nieuw wachtwoord"
              required
              autoComplete="new-password"
            />
            <PasswordStrengthMeter password={values.newPassword} size="sm" />
          </div>
          <PasswordField
            {...inputProps('confirmPassword')}
            label="Bevestig nieuw wachtwoord"
            required
            autoComplete="new-password"
            hint={
              values.confirmPassword &&
              values.confirmPassword === values.newPassword &&
              !errors.confirmPassword
                ? 'Wachtwoorden komen overeen'
                : undefined
            }
          />
        </div>
      </Card>
    </form>
  );
}

function SessionsCard() {
  const [confirming, setConfirming] = useState(false);
  const [feedback, setFeedback] = useState<SettingsFeedback>(null);
  const signOut = trpc.auth.signOutOtherSessions.useMutation();

  const confirm = () => {
    setFeedback(null);
    signOut.mutate(undefined, {
      onSuccess: (result) => {
        setConfirming(false);
        setFeedback({ tone: 'success', message: result.message });
      },
      onError: (err) => {
        setConfirming(false);
        setFeedback({ tone: 'error', message: errorMessage(err, SIGN_OUT_ERROR) });
      },
    });
  };

  return (
    <Card
      title={<CardTitle icon={MonitorSmartphone}>Sessies</CardTitle>}
      description="Ingelogd op een ander apparaat, bijvoorbeeld een gedeelde computer? Log daar in één keer uit."
    >
      <div className="settings-sessions">
        <p className="settings-muted">
          Dit apparaat blijft ingelogd; op alle andere apparaten moet u opnieuw inloggen.
        </p>
        <Button variant="secondary" icon={<LogOut size={16} />} onClick={() => setConfirming(true)}>
          Overal anders uitloggen
        </Button>
        {feedback ? (
          <Notice tone={feedback.tone} onClose={() => setFeedback(null)}>
            {feedback.message}
          </Notice>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Overal anders uitloggen?"
        message="Alle andere sessies worden beëindigd. Op dit apparaat blijft u ingelogd."
        confirmLabel="Uitloggen op andere apparaten"
        tone="primary"
        busy={signOut.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
