import { useQueryClient } from '@tanstack/react-query';
import { Crown, LogOut, ShieldOff, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ROLE_LABELS } from '../../../shared/role-names';
import { roleAllows } from '../../../shared/roles';
import { type AssignableRole, assignableRoles, type Member } from '../../../shared/schemas/members';
import { Badge, Button, Card, ConfirmDialog, Notice, Select } from '../../components';
import { errorMessage } from '../../lib/api-errors';
import { useAuth } from '../../lib/auth';
import { trpc } from '../../lib/trpc';
import { OrganizationSettingsCard } from './organization-settings-card';
import type { SettingsFeedback } from './settings-footer';
import { TeamInvitations } from './team-invitations';
import { memberRowView } from './team-view';
import './team-tab.css';

const LOAD_ERROR = 'Er is een fout opgetreden bij het ophalen van de leden.';
const CHANGE_ERROR = 'Er is een fout opgetreden bij het wijzigen van de rol.';
const REMOVE_ERROR = 'Er is een fout opgetreden bij het verwijderen van het lid.';
const TRANSFER_ERROR = 'Er is een fout opgetreden bij het overdragen van het eigendom.';
const LEAVE_ERROR = 'Er is een fout opgetreden bij het verlaten van de organisatie.';
const RESET_TWO_FACTOR_ERROR =
  'Er is een fout opgetreden bij het uitzetten van de tweestapsverificatie. Probeer het opnieuw.';

const ROLE_OPTIONS = assignableRoles.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** The question the team tab is asking: which member, about what. */
type Asking = { kind: 'remove' | 'transfer' | 'resetTwoFactor'; member: Member } | { kind: 'leave' } | null;

/**
 * Bedrijfsinstellingen › Team: who works in the organisation, with their role, when they were last
 * active and whether they use two-step sign-in. The owner and admins change roles, remove members and
 * switch off a member's two-step sign-in (a lost phone) and set the organisation's rules (approval,
 * two-step sign-in required); the owner hands the organisation over; everyone but the owner can leave. Members and viewers see the list only. The server decides all of it again (src/shared/roles.ts, members.ts).
 */
export function TeamTab() {
  const { user, setUser } = useAuth();
  const company = user?.company ?? '';
  const [asking, setAsking] = useState<Asking>(null);
  const [feedback, setFeedback] = useState<SettingsFeedback>(null);
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const list = trpc.members.list.useQuery();
  const update = trpc.members.update.useMutation();
  const remove = trpc.members.remove.useMutation();
  const transfer = trpc.members.transferOwnership.useMutation();
  const leave = trpc.members.leave.useMutation();
  const resetTwoFactor = trpc.members.resetTwoFactor.useMutation();

  const members = list.data ?? [];
  const me = members.find((m) => m.userId === user?._id);
  const refresh = () => utils.members.list.invalidate();
  const failed = (fallback: string) => (err: unknown) => {
    setAsking(null);
    setFeedback({ tone: 'error', message: errorMessage(err, fallback) });
  };

  const changeRole = (member: Member, role: AssignableRole) => {
    setFeedback(null);
    update.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () => {
          setFeedback({
            tone: 'success',
            message: `De rol van ${member.name} is nu ${ROLE_LABELS[role]}.`,
          });
          void refresh();
        },
        onError: failed(CHANGE_ERROR),
        // A member who stops managing cannot use this tab's controls any more: everything is asked again.
        onSettled: () => (member.userId === me?.userId ? queryClient.invalidateQueries() : undefined),
      },
    );
  };

  const confirm = () => {
    if (!asking) return;
    if (asking.kind === 'leave') {
      leave.mutate(undefined, {
        onSuccess: async () => {
          setAsking(null);
          // This session goes on in another organisation, or in none: who is signed in where is asked
          // first, on its own, then every other answer again.
          const session = await utils.auth.session.fetch(undefined, { staleTime: 0 });
          if (session) setUser(session);
          navigate('/');
          await queryClient.invalidateQueries();
        },
        onError: failed(LEAVE_ERROR),
      });
      return;
    }
    const { member } = asking;
    if (asking.kind === 'resetTwoFactor') {
      resetTwoFactor.mutate(
        { userId: member.userId },
        {
          onSuccess: () => {
            setAsking(null);
            setFeedback({ tone: 'success', message: `Tweestapsverificatie van ${member.name} is uitgezet.` });
            void refresh();
          },
          onError: (err) => {
            failed(RESET_TWO_FACTOR_ERROR)(err);
            // Already off (409), or someone else changed it: the list shows how it is now.
            void refresh();
          },
        },
      );
      return;
    }
    const mutation = asking.kind === 'remove' ? remove : transfer;
    mutation.mutate(
      { userId: member.userId },
      {
        onSuccess: (result) => {
          setAsking(null);
          setFeedback({ tone: 'success', message: `${member.name}: ${result.message}` });
          if (asking.kind === 'transfer') void queryClient.invalidateQueries();
          else void refresh();
        },
        onError: failed(asking.kind === 'remove' ? REMOVE_ERROR : TRANSFER_ERROR),
      },
    );
  };

  return (
    <div className="settings-stack">
      <Card
        title={
          <span className="settings-card-title">
            <Users size={18} aria-hidden="true" />
            Leden
          </span>
        }
        description="Iedereen die in deze organisatie werkt, met de rol die bepaalt wat hij of zij mag."
      >
        <div className="team">
          {feedback ? (
            <Notice tone={feedback.tone} onClose={() => setFeedback(null)}>
              {feedback.message}
            </Notice>
          ) : null}
          {list.isError ? (
            <Notice tone="error">{errorMessage(list.error, LOAD_ERROR)}</Notice>
          ) : (
            <div className="team__scroll">
              <table
                className="team__table"
                aria-busy={list.isPending || undefined}
                data-testid="team-members"
              >
                <thead>
                  <tr>
                    <th scope="col">Lid</th>
                    <th scope="col">Rol</th>
                    <th scope="col">Laatst actief</th>
                    <th scope="col">Tweestapsverificatie</th>
                    <th scope="col">
                      <span className="sr-only">Acties</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {members.map((member) => (
                    <MemberRow
                      key={member.userId}
                      member={member}
                      me={me}
                      busy={update.isPending}
                      onChangeRole={(role) => changeRole(member, role)}
                      onRemove={() => setAsking({ kind: 'remove', member })}
                      onMakeOwner={() => setAsking({ kind: 'transfer', member })}
                      onResetTwoFactor={() => {
                        setFeedback(null);
                        setAsking({ kind: 'resetTwoFactor', member });
                      }}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {me && me.role !== 'owner' ? (
            <div className="team__leave">
              <Button
                variant="secondary"
                icon={<LogOut size={16} />}
                onClick={() => {
                  setFeedback(null);
                  setAsking({ kind: 'leave' });
                }}
              >
                Organisatie verlaten
              </Button>
            </div>
          ) : null}
        </div>
      </Card>
      <OrganizationSettingsCard />
      {me && roleAllows(me.role, 'manage') ? <TeamInvitations /> : null}
      <ConfirmDialog
        open={asking !== null}
        title={ASKING_TITLES[asking?.kind ?? 'leave']}
        message={askingMessage(asking, company)}
        confirmLabel={ASKING_CONFIRMS[asking?.kind ?? 'leave']}
        busy={remove.isPending || transfer.isPending || leave.isPending || resetTwoFactor.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}

type AskingKind = NonNullable<Asking>['kind'];

const ASKING_TITLES: Record<AskingKind, string> = {
  remove: 'Lid verwijderen?',
  transfer: 'Eigendom overdragen?',
  resetTwoFactor: 'Tweestapsverificatie uitzetten?',
  leave: 'Organisatie verlaten?',
};

const ASKING_CONFIRMS: Record<AskingKind, string> = {
  remove: 'Verwijderen',
  transfer: 'Eigendom overdragen',
  resetTwoFactor: 'Uitzetten',
  leave: 'Organisatie verlaten',
};

function askingMessage(asking: Asking, company: string): string {
  if (!asking) return '';
  if (asking.kind === 'leave')
    return `U verliest direct de toegang tot ${company}: uw API-sleutels van deze organisatie worden ingetrokken en uw andere sessies hier beëindigd. Terugkomen kan alleen met een nieuwe uitnodiging.`;
  const { name } = asking.member;
  if (asking.kind === 'resetTwoFactor')
    return `${name} logt daarna in met alleen het wachtwoord en kan tweestapsverificatie opnieuw instellen.`;
  if (asking.kind === 'remove')
    return `${name} verliest direct de toegang tot ${company}: de API-sleutels die dit lid hier maakte worden ingetrokken en de sessies van dit lid in deze organisatie beëindigd.`;
  return `${name} wordt de eigenaar van ${company}; u wordt beheerder. Alleen de nieuwe eigenaar kan het eigendom daarna weer overdragen.`;
}

function MemberRow({
  member,
  me,
  busy,
  onChangeRole,
  onRemove,
  onMakeOwner,
  onResetTwoFactor,
}: {
  member: Member;
  me: Member | undefined;
  busy: boolean;
  onChangeRole: (role: AssignableRole) => void;
  onRemove: () => void;
  onMakeOwner: () => void;
  onResetTwoFactor: () => void;
}) {
  const view = memberRowView(member, me);
  return (
    <tr className="team__row" data-testid="team-member">
      <td className="team__who">
        <span className="team__name">
          {member.name}
          {view.isSelf ? <span className="team__self"> (u)</span> : null}
        </span>
        <span className="team__email">{member.email}</span>
      </td>
      <td className="team__role" data-label="Rol">
        {view.canChangeRole ? (
          <Select
            label={`Rol van ${member.name}`}
            hideLabel
            options={ROLE_OPTIONS}
            value={member.role}
            disabled={busy}
            onChange={(event) => onChangeRole(event.target.value as AssignableRole)}
            fieldClassName="team__role-select"
          />
        ) : (
          <Badge tone={member.role === 'owner' ? 'blue' : 'grey'}>{view.role}</Badge>
        )}
      </td>
      <td data-label="Laatst actief">{view.lastActive}</td>
      <td data-label="Tweestapsverificatie">
        <Badge tone={member.twoFactorEnabled ? 'green' : 'grey'}>{view.twoFactor}</Badge>
      </td>
      <td className="team__actions">
        <div className="team__action-list">
          {view.canMakeOwner ? (
            <Button variant="ghost" size="sm" icon={<Crown size={16} />} onClick={onMakeOwner}>
              Eigendom overdragen
            </Button>
          ) : null}
          {view.canResetTwoFactor ? (
            <Button
              variant="ghost"
              size="sm"
              icon={<ShieldOff size={16} />}
              onClick={onResetTwoFactor}
              aria-label={`Tweestapsverificatie uitzetten voor ${member.name}`}
            >
              Tweestapsverificatie uitzetten
            </Button>
          ) : null}
          {view.canRemove ? (
            <Button
              variant="ghost"
              size="sm"
              icon={<Trash2 size={16} />}
              onClick={onRemove}
              aria-label={`${member.name} verwijderen`}
            >
              Verwijderen
            </Button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}
