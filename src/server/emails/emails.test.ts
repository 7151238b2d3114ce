import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { buildAccountExistsMail, buildResetMail, buildVerificationMail } from '../services/auth/mails';
import { extractLinks } from '../services/mail/outbox';
import { renderEmail } from '../services/mail/render';
import { AccountExistsEmail } from './account-exists';
import { BRAND_COLOR } from './layout';
import { ResetPasswordEmail } from './reset-password';
import { VerifyEmail } from './verify-email';

const user = { name: 'Anna <de Vries>', email: 'anna@voorbeeld.nl' };

describe('system mails', () => {
  it('each component previews with its default props', async () => {
    for (const component of [VerifyEmail, ResetPasswordEmail, AccountExistsEmail]) {
      const { html, text } = await renderEmail(createElement(component, {}));
      expect(html).toContain('lang="nl"');
      expect(html).toContain(BRAND_COLOR);
      expect(text).toContain('Inkooporders');
      expect(extractLinks(html, text).length).toBeGreaterThan(0);
    }
  });

  it('the verification mail: Dutch, the link in HTML and in plain text, valid 24 hours, name escaped', async () => {
    const mail = await buildVerificationMail('https://app.nl', user, 'tok123');
    expect(mail.to).toBe('anna@voorbeeld.nl');
    expect(mail.subject).toBe('Bevestig uw e-mailadres voor Inkooporders');
    expect(mail.html).toContain('href="https://app.nl/verify-email/tok123"');
    expect(mail.text).toContain('https://app.nl/verify-email/tok123');
    expect(mail.text).toContain('24 uur geldig');
    expect(mail.html).toContain('Anna &lt;de Vries&gt;');
    expect(mail.html).not.toContain('<de Vries>');
  });

  it('the reset mail links to /reset-password/{token} and says 30 minutes', async () => {
    const mail = await buildResetMail('https://app.nl', user, 'r3s3t');
    expect(mail.subject).toBe('Wachtwoord opnieuw instellen voor Inkooporders');
    expect(extractLinks(mail.html, mail.text)).toContain('https://app.nl/reset-password/r3s3t');
    expect(mail.text).toContain('30 minuten geldig');
  });

  it('the account-exists notice links to login and forgot-password', async () => {
    const mail = await buildAccountExistsMail('https://app.nl', user);
    const links = extractLinks(mail.html, mail.text);
    expect(links).toEqual(expect.arrayContaining(['https://app.nl/login', 'https://app.nl/forgot-password']));
  });
});
