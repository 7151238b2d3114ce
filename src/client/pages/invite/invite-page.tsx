import { useQueryClient } from '@tanstack/react-query';
import { CircleX, LogIn, LogOut, MailQuestionMark, UserCheck, UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { formatDate } from '../../../shared/dates';
import { ROLE_LABELS } from '../../../shared/role-names';
import { type InvitationPublic, invitationRegisterForm } from '../../../shared/schemas/invitation';
import { Button, FullPageSpinner, Notice, TextField } from '../../components';
import { errorMessage, NETWORK_ERROR_MESSAGE, readApiError } from '../../lib/api-errors';
import { useAuth } from '../../lib/auth';
import { trpc } from '../../lib/trpc';
import { schemaCheck, useForm } from '../../lib/use-form';
import { AuthHeading, AuthLayout } from '../auth/auth-layout';
import './invite.css';
import { FullNameField, NewPasswordField } from '../auth/new-account-fields';

export const INVITE_LOAD_ERROR = 'De uitnodiging kon niet worden geladen. Probeer het opnieuw.';
const ACCEPT_ERROR = 'De uitnodiging kon niet worden geaccepteerd. Probeer het opnieuw.';
const REGISTER_ERROR = 'Er is een fout opgetreden bij de registratie. Probeer het opnieuw.';

/** Where the login screen returns to after signing in from this page. */
export const inviteLoginHref = (token: string, email: string) =>
  `/login?${new URLSearchParams({ next: `/invite/${token}`, email })}`;

/**
 * /invite/:token — the page the invitation mail links to, for anyone: what the invitation is, then
 * what fits who opens it: a new person registers with the invited address, the invited account
 * accepts, another account is told which address was invited; an unusable link says what to do next.
 */
export function InvitePage({ token }: { token: string }) {
  const invitation = trpc.invitations.get.useQuery(
    { token },
    { retry: false, staleTime: Number.POSITIVE_INFINITY },
  );
  const { status, user } = useAuth();

  if (invitation.isPending || status === 'loading') return <FullPageSpinner />;
  if (invitation.error) {
    const info = readApiError(invitation.error);
    const known = info.httpStatus === 404 || info.httpStatus === 409;
    return <UnusableLink message={known && info.serverMessage ? info.serverMessage : INVITE_LOAD_ERROR} />;
  }
  const data = invitation.data;
  return (
    <AuthLayout title="Uitnodiging">
      <AuthHeading
        title={`Uitnodiging voor ${data.organizationName}`}
        description={`${data.invitedBy} nodigt u uit om mee te werken in Inkooporders.`}
      />
      <InvitationFacts invitation={data} />
      {status === 'authenticated' && user ? (
        user.email === data.email ? (
          <AcceptInvitation token={token} invitation={data} />
        ) : (
          <OtherAccount signedInAs={user.email} invitation={data} />
        )
      ) : (
        <RegisterWithInvitation token={token} invitation={data} />
      )}
    </AuthLayout>
  );
}

function InvitationFacts({ invitation }: { invitation: InvitationPublic }) {
  return (
    <dl className="invite-facts">
      <div>
        <dt>Organisatie</dt>
        <dd>{invitation.organizationName}</dd>
      </div>
      <div>
        <dt>Uitgenodigd door</dt>
        <dd>{invitation.invitedBy}</dd>
      </div>
      <div>
        <dt>Rol</dt>
        <dd>{ROLE_LABELS[invitation.role]}</dd>
      </div>
      <div>
        <dt>E-mailadres</dt>
        <dd className="invite-facts__email">{invitation.email}</dd>
      </div>
      <div>
        <dt>Geldig tot</dt>
        <dd>{formatDate(invitation.expiresAt)}</dd>
      </div>
    </dl>
  );
}

/** After joining: every query is the new organisation's, and the dashboard shows it. */
function useEnterOrganization() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return async () => {
    navigate('/', { replace: true });
    await queryClient.invalidateQueries();
  };
}

function AcceptInvitation({ token, invitation }: { token: string; invitation: InvitationPublic }) {
  const accept = trpc.invitations.accept.useMutation();
  const enter = useEnterOrganization();
  const [error, setError] = useState<string | null>(null);
  const onAccept = () => {
    setError(null);
    accept.mutate(
      { token },
      {
        onSuccess: () => void enter(),
        onError: (err) => setError(errorMessage(err, ACCEPT_ERROR)),
      },
    );
  };
  return (
    <div className="invite-actions">
      {error ? (
        <Notice tone="error" onClose={() => setError(null)}>
          {error}
        </Notice>
      ) : null}
      <p className="auth-small">
        U bent ingelogd als <strong>{invitation.email}</strong>. Na het accepteren werkt u in{' '}
        {invitation.organizationName}.
      </p>
      <Button size="lg" fullWidth icon={<UserCheck size={17} />} busy={accept.isPending} onClick={onAccept}>
        Uitnodiging accepteren
      </Button>
    </div>
  );
}

function OtherAccount({ signedInAs, invitation }: { signedInAs: string; invitation: InvitationPublic }) {
  const { logout } = useAuth();
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    try {
      await logout();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="invite-actions">
      <Notice tone="warning" title="U bent ingelogd met een ander account">
        <p>
          Deze uitnodiging is voor <strong>{invitation.email}</strong>, maar u bent ingelogd als{' '}
          <strong>{signedInAs}</strong>. Log uit en ga verder met het uitgenodigde e-mailadres.
        </p>
      </Notice>
      <Button size="lg" fullWidth icon={<LogOut size={17} />} busy={busy} onClick={() => void signOut()}>
        Uitloggen en verdergaan
      </Button>
      <Link href="/" className="invite-secondary-link">
        Terug naar het dashboard
      </Link>
    </div>
  );
}

const REGISTER_FIELDS = ['name', 'password'] as const;

function RegisterWithInvitation({ token, invitation }: { token: string; invitation: InvitationPublic }) {
  const form = useForm({
    initial: { name: '', password: '' },
    fields: REGISTER_FIELDS,
    check: schemaCheck(invitationRegisterForm, { fields: REGISTER_FIELDS }),
    rule: { change: 'afterSubmit' },
  });
  const register = trpc.auth.register.useMutation();
  const { setUser } = useAuth();
  const enter = useEnterOrganization();
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    setFormError(null);
    const result = form.submit(event);
    if (!result.ok) return;
    try {
      const answer = await register.mutateAsync({
        ...result.data,
        email: invitation.email,
        invitationToken: token,
      });
      if ('token' in answer) {
        const { token: _token, expiresAt: _expiresAt, ...profile } = answer;
        setUser(profile);
      }
      await enter();
    } catch (err) {
      const info = readApiError(err);
      if (form.serverErrors(info.details)) return;
      setFormError(info.serverMessage ?? (info.isNetworkError ? NETWORK_ERROR_MESSAGE : REGISTER_ERROR));
    }
  }

  return (
    <>
      {formError ? (
        <Notice tone="error" onClose={() => setFormError(null)}>
          {formError}
        </Notice>
      ) : null}
      <h2 className="invite-subtitle">Maak uw account aan</h2>
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <TextField
          id="invite-email"
          name="email"
          label="E-mailadres"
          type="email"
          value={invitation.email}
          readOnly
          hint="Het uitgenodigde adres; dit kunt u niet wijzigen."
        />
        <FullNameField
          id={form.fieldId('name')}
          value={form.values.name}
          onValueChange={(value) => form.setValue('name', value)}
          error={form.errors.name}
        />
        <NewPasswordField
          id={form.fieldId('password')}
          value={form.values.password}
          onValueChange={(value) => form.setValue('password', value)}
          error={form.errors.password}
        />
        <Button type="submit" size="lg" fullWidth busy={register.isPending} icon={<UserPlus size={17} />}>
          {register.isPending ? 'Account wordt aangemaakt...' : 'Account aanmaken en lid worden'}
        </Button>
      </form>
      <div className="invite-login">
        <span>Ik heb al een account</span>
        <Link href={inviteLoginHref(token, invitation.email)} className="invite-login__link">
          <LogIn size={15} aria-hidden="true" />
          Inloggen
        </Link>
      </div>
    </>
  );
}

function UnusableLink({ message }: { message: string }) {
  const { status } = useAuth();
  const expired = /verlopen/.test(message);
  return (
    <AuthLayout title="Uitnodiging">
      <AuthHeading
        icon={expired ? <MailQuestionMark size={26} /> : <CircleX size={26} />}
        tone="warning"
        title="Deze uitnodiging werkt niet"
        description={<p>{message}</p>}
      />
      <p className="auth-small auth-small--center">
        Een uitnodiging werkt 7 dagen en één keer. De organisatie kan u opnieuw uitnodigen; u ontvangt dan een
        nieuwe link per e-mail.
      </p>
      <div className="auth-actions">
        {status === 'authenticated' ? (
          <Link href="/" className="invite-secondary-link">
            Naar het dashboard
          </Link>
        ) : (
          <Link href="/login" className="invite-secondary-link">
            Naar inloggen
          </Link>
        )}
      </div>
    </AuthLayout>
  );
}
