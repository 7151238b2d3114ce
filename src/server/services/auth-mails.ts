import { render } from '@react-email/render';
import { createElement, type ReactElement } from 'react';
import type { UserRow } from '../../db/schema';
import { AccountExistsEmail, accountExistsSubject } from '../emails/account-exists';
import { ResetPasswordEmail, resetPasswordSubject } from '../emails/reset-password';
import { VerifyEmail, verifyEmailSubject } from '../emails/verify-email';
import type { AuthDeps } from './auth-deps';
import { EMAIL_TOKEN_TTL_MS } from './email-tokens';
import type { MailMessage } from './mail-types';
import { MAIL_FAILED_MESSAGE, sendOrFail } from './mailer';

export type RenderedEmail = { html: string; text: string };

/** HTML and its plain-text twin, from one React Email component. */
export async function renderEmail(element: ReactElement): Promise<RenderedEmail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}

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
  const element = createElement(VerifyEmail, {
    name: user.name,
    verifyUrl: verifyUrl(appUrl, token),
    validHours: EMAIL_TOKEN_TTL_MS.verify / 3_600_000,
  });
  return { to: user.email, subject: verifyEmailSubject, ...(await renderEmail(element)) };
}

export async function buildResetMail(appUrl: string, user: Recipient, token: string): Promise<MailMessage> {
  const element = createElement(ResetPasswordEmail, {
    name: user.name,
    resetUrl: resetUrl(appUrl, token),
    validMinutes: EMAIL_TOKEN_TTL_MS.reset / 60_000,
  });
  return { to: user.email, subject: resetPasswordSubject, ...(await renderEmail(element)) };
}

export async function buildAccountExistsMail(appUrl: string, user: Recipient): Promise<MailMessage> {
  const element = createElement(AccountExistsEmail, {
    name: user.name,
    loginUrl: `${appUrl}/login`,
    forgotPasswordUrl: `${appUrl}/forgot-password`,
  });
  return { to: user.email, subject: accountExistsSubject, ...(await renderEmail(element)) };
}

export async function sendVerificationMail(
  deps: AuthDeps,
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

export async function sendResetMail(deps: AuthDeps, user: Recipient, token: string): Promise<void> {
  await sendOrFail(deps.mailer, await buildResetMail(deps.config.appUrl, user, token), deps.log);
}

export async function sendAccountExistsMail(
  deps: AuthDeps,
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
