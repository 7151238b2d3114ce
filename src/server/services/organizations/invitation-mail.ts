import { createElement } from 'react';
import { formatDate, formatDateTime } from '../../../shared/dates';
import { type InvitationRole, invitationRoles } from '../../../shared/schemas/invitation';
import { ROLE_LABELS } from '../../../shared/schemas/organization';
import type { ServiceDeps } from '../../deps';
import { sendOrFail } from '../mail/mailer';
import type { MailMessage } from '../mail/message';
import { renderEmail } from '../mail/render';
import { invitationMessages } from './invitation-messages';

export const inviteUrl = (appUrl: string, token: string) => `${appUrl}/invite/${encodeURIComponent(token)}`;

export type InvitationMailParams = {
  email: string;
  role: InvitationRole;
  organizationName: string;
  inviterName: string;
  token: string;
  expiresAt: Date;
};

export async function buildInvitationMail(
  appUrl: string,
  params: InvitationMailParams,
): Promise<MailMessage> {
  // Loaded with the first mail, as the account mails are (services/auth/mails.ts).
  const { InvitationEmail, invitationSubject } = await import('../../emails/invitation');
  const element = createElement(InvitationEmail, {
    organizationName: params.organizationName,
    inviterName: params.inviterName,
    roleLabel: ROLE_LABELS[invitationRoles.includes(params.role) ? params.role : 'viewer'],
    expiresOn: formatDate(params.expiresAt),
    expiresTime: formatDateTime(params.expiresAt).slice(11, 16),
    inviteUrl: inviteUrl(appUrl, params.token),
  });
  return {
    to: params.email,
    subject: invitationSubject(params.organizationName, params.inviterName),
    ...(await renderEmail(element)),
  };
}

/** Sends the invitation; a failure is the 503 that says the invitation stands and can be resent. */
export async function sendInvitationMail(
  deps: ServiceDeps<'config' | 'mailer' | 'log'>,
  params: InvitationMailParams,
): Promise<void> {
  await sendOrFail(
    deps.mailer,
    await buildInvitationMail(deps.config.appUrl, params),
    deps.log,
    invitationMessages.mailFailed,
  );
}
