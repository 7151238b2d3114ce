import { MailPlus, RotateCw, Send, UserX } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { formatDate } from '../../../shared/dates';
import { ROLE_LABELS } from '../../../shared/role-names';
import {
  type InvitationRole,
  type InvitationView,
  invitationInput,
  invitationRoles,
} from '../../../shared/schemas/invitation';
import { Badge, Button, Card, ConfirmDialog, Notice, Select, TextField } from '../../components';
import { errorMessage, readApiError } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';
import { schemaCheck, useForm } from '../../lib/use-form';
import { type SettingsFeedback, SettingsFooter } from './settings-footer';
import './settings-list.css';
import './team-invitations.css';

const LOAD_ERROR = 'Er is een fout opgetreden bij het ophalen van de uitnodigingen.';
const INVITE_ERROR = 'Er is een fout opgetreden bij het versturen van de uitnodiging.';
const RESEND_ERROR = 'Er is een fout opgetreden bij het opnieuw versturen van de uitnodiging.';
const WITHDRAW_ERROR = 'Er is een fout opgetreden bij het intrekken van de uitnodiging.';

const ROLE_OPTIONS = invitationRoles.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const INVITE_FIELDS = ['email', 'role'] as const;

/**
 * Bedrijfsinstellingen › Team › Uitnodigingen (owner and admin): invite an address with a role, and
 * the open invitations with 'Opnieuw versturen' and 'Intrekken'.
 */
export function TeamInvitations() {
  const utils = trpc.useUtils();
  const list = trpc.invitations.list.useQuery();
  const resend = trpc.invitations.resend.useMutation();
  const withdraw = trpc.invitations.withdraw.useMutation();
  const [withdrawing, setWithdrawing] = useState<InvitationView | null>(null);
  const [feedback, setFeedback] = useState<SettingsFeedback>(null);
  const refresh = () => void utils.invitations.list.invalidate();

  const onResend = (invitation: InvitationView) => {
    setFeedback(null);
    resend.mutate(
      { id: invitation.id },
      {
        onSuccess: () => {
          setFeedback({
            tone: 'success',
            message: `De uitnodiging is opnieuw verstuurd naar ${invitation.email}.`,
          });
          refresh();
        },
        onError: (err) => setFeedback({ tone: 'error', message: errorMessage(err, RESEND_ERROR) }),
      },
    );
  };

  const confirmWithdraw = () => {
    if (!withdrawing) return;
    const invitation = withdrawing;
    withdraw.mutate(
      { id: invitation.id },
      {
        onSuccess: (result) => {
          setWithdrawing(null);
          setFeedback({ tone: 'success', message: `${invitation.email}: ${result.message}` });
          refresh();
        },
        onError: (err) => {
          setWithdrawing(null);
          setFeedback({ tone: 'error', message: errorMessage(err, WITHDRAW_ERROR) });
        },
      },
    );
  };

  return (
    <Card
      title={
        <span className="settings-card-title">
          <MailPlus size={18} aria-hidden="true" />
          Uitnodigingen
        </span>
      }
      description="Nodig collega's of uw boekhouder uit. Zij ontvangen een e-mail met een link die 7 dagen geldig is."
    >
      <div className="team-invitations">
        <InviteForm
          onInvited={(email) => {
            setFeedback({ tone: 'success', message: `De uitnodiging is verstuurd naar ${email}.` });
            refresh();
          }}
        />
        {feedback ? (
          <Notice tone={feedback.tone} onClose={() => setFeedback(null)}>
            {feedback.message}
          </Notice>
        ) : null}
        <section aria-labelledby="team-invitations-open">
          <h3 id="team-invitations-open" className="settings-group__title">
            Openstaande uitnodigingen
          </h3>
          {list.isError ? (
            <Notice tone="error">{errorMessage(list.error, LOAD_ERROR)}</Notice>
          ) : list.data && list.data.length === 0 ? (
            <p className="settings-muted">Er staan geen uitnodigingen open.</p>
          ) : (
            <ul className="settings-list">
              {(list.data ?? []).map((invitation) => (
                <InvitationRow
                  key={invitation.id}
                  invitation={invitation}
                  resending={resend.isPending && resend.variables?.id === invitation.id}
                  onResend={() => onResend(invitation)}
                  onWithdraw={() => setWithdrawing(invitation)}
                />
              ))}
            </ul>
          )}
        </section>
      </div>
      <ConfirmDialog
        open={withdrawing !== null}
        title="Uitnodiging intrekken?"
        message={
          withdrawing
            ? `De link in de uitnodiging aan ${withdrawing.email} werkt daarna niet meer. U kunt later opnieuw uitnodigen.`
            : ''
        }
        confirmLabel="Intrekken"
        busy={withdraw.isPending}
        onConfirm={confirmWithdraw}
        onCancel={() => setWithdrawing(null)}
      />
    </Card>
  );
}

function InvitationRow({
  invitation,
  resending,
  onResend,
  onWithdraw,
}: {
  invitation: InvitationView;
  resending: boolean;
  onResend: () => void;
  onWithdraw: () => void;
}) {
  return (
    <li className="settings-list__row" data-testid="invitation-row">
      <div className="settings-list__head">
        <span className="settings-list__name">{invitation.email}</span>
        <Badge tone="blue">{ROLE_LABELS[invitation.role]}</Badge>
        {invitation.expired ? <Badge tone="amber">Verlopen</Badge> : null}
      </div>
      <dl className="settings-list__facts">
        <div>
          <dt>Verstuurd</dt>
          <dd>{formatDate(invitation.sentAt)}</dd>
        </div>
        <div>
          <dt>{invitation.expired ? 'Verlopen op' : 'Verloopt'}</dt>
          <dd>{formatDate(invitation.expiresAt)}</dd>
        </div>
        {invitation.invitedBy ? (
          <div>
            <dt>Door</dt>
            <dd>{invitation.invitedBy.name}</dd>
          </div>
        ) : null}
      </dl>
      <div className="settings-list__actions">
        <Button
          variant="secondary"
          size="sm"
          icon={<RotateCw size={15} />}
          busy={resending}
          onClick={onResend}
        >
          Opnieuw versturen
        </Button>
        <Button variant="ghost" size="sm" icon={<UserX size={15} />} onClick={onWithdraw}>
          Intrekken
        </Button>
      </div>
    </li>
  );
}

function InviteForm({ onInvited }: { onInvited: (email: string) => void }) {
  const form = useForm({
    initial: { email: '', role: 'member' as InvitationRole },
    fields: INVITE_FIELDS,
    check: schemaCheck(invitationInput, { fields: INVITE_FIELDS }),
    rule: { change: 'afterSubmit' },
    id: 'invite',
  });
  const [error, setError] = useState<string | null>(null);
  const create = trpc.invitations.create.useMutation();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    setError(null);
    const result = form.submit(event);
    if (!result.ok || create.isPending) return;
    create.mutate(result.data, {
      onSuccess: (invitation) => {
        form.reset();
        onInvited(invitation.email);
      },
      onError: (err) => {
        if (form.serverErrors(readApiError(err).details)) return;
        setError(errorMessage(err, INVITE_ERROR));
      },
    });
  };

  return (
    <form className="team-invitations__form" onSubmit={submit} noValidate aria-label="Iemand uitnodigen">
      <div className="team-invitations__fields">
        <TextField
          {...form.inputProps('email')}
          label="E-mailadres"
          type="email"
          required
          autoComplete="off"
          placeholder="naam@bedrijf.nl"
        />
        <Select
          id={form.fieldId('role')}
          name="role"
          label="Rol"
          required
          options={ROLE_OPTIONS}
          value={form.values.role}
          onChange={(event) => form.setValue('role', event.target.value as InvitationRole)}
          error={form.errors.role}
        />
      </div>
      <SettingsFooter
        feedback={error ? { tone: 'error', message: error } : null}
        onDismiss={() => setError(null)}
      >
        <Button type="submit" icon={<Send size={16} />} busy={create.isPending}>
          {create.isPending ? 'Versturen...' : 'Uitnodigen'}
        </Button>
      </SettingsFooter>
    </form>
  );
}
