import { createElement } from 'react';
import type { UserRow } from '../../../db/schema';
import type { ServiceDeps } from '../../deps';
import { MAIL_FAILED_MESSAGE, sendOrFail } from '../mail/mailer';
import type { MailMessage } from '../mail/message';
import { renderEmail } from '../mail/render';
import { EMAIL_TOKEN_TTL_MS } from './email-tokens';

// The mails' components are imported when the first mail is made, not at start-up: they pull in
// @react-email/components (with prismjs for its code block), a large part of a cold start
// (docs/decisions/start-up.md). The server bundle keeps them in a chunk of their own
// (scripts/build-server.mjs).

type Recipient = Pick<UserRow, 'email' | 'name'>;

export const verifyUrl = (appUrl: string, token: string) =>
  `${appUrl}/verify-email/${encodeURIComponent(token)}`;
export const resetUrl = (appUrl: string, token: string) =>
  `${appUrl}/reset-password/${encodeURIComponent(token)}`;

export async function buildVerificationMail(
  appUrl: string,
  user: Recipient,
  token: string,
): Promise<MailMessage> {
  const { VerifyEmail, verifyEmailSubject } = await import('../../emails/verify-email');
  const element = createElement(VerifyEmail, {
    name: user.name,
    verifyUrl: verifyUrl(appUrl, token),
    validHours: EMAIL_TOKEN_TTL_MS.verify / 3_600_000,
  });
  return { to: user.email, subject: verifyEmailSubject, ...(await renderEmail(element)) };
}

export async function buildResetMail(appUrl: string, user: Recipient, token: string): Promise<MailMessage> {
  const { ResetPasswordEmail, resetPasswordSubject } = await import('../../emails/reset-password');
  const element = createElement(ResetPasswordEmail, {
    name: user.name,
    resetUrl: resetUrl(appUrl, token),
    validMinutes: EMAIL_TOKEN_TTL_MS.reset / 60_000,
  });
  return { to: user.email, subject: resetPasswordSubject, ...(await renderEmail(element)) };
}

export async function buildAccountExistsMail(appUrl: string, user: Recipient): Promise<MailMessage> {
  const { AccountExistsEmail, accountExistsSubject } = await import('../../emails/account-exists');
  const element = createElement(AccountExistsEmail, {
    name: user.name,
    loginUrl: `${appUrl}/login`,
    forgotPasswordUrl: `${appUrl}/forgot-password`,
  });
  return { to: user.email, subject: accountExistsSubject, ...(await renderEmail(element)) };
}

export async function sendVerificationMail(
  deps: ServiceDeps,
  user: Recipient,
  token: string,
  failMessage = MAIL_FAILED_MESSAGE,
): Promise<void> {
  await sendOrFail(
    deps.mailer,
    await buildVerificationMail(deps.config.appUrl, user, token),
    deps.log,
    failMessage,
  );
}

export async function sendResetMail(deps: ServiceDeps, user: Recipient, token: string): Promise<void> {
  await sendOrFail(deps.mailer, await buildResetMail(deps.config.appUrl, user, token), deps.log);
}

export async function sendAccountExistsMail(
  deps: ServiceDeps,
  user: Recipient,
  failMessage = MAIL_FAILED_MESSAGE,
) {
  await sendOrFail(
    deps.mailer,
    await buildAccountExistsMail(deps.config.appUrl, user),
    deps.log,
    failMessage,
  );
}
