import { createElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { buildAccountExistsMail, buildResetMail, buildVerificationMail } from '../services/auth/mails';
import { extractLinks } from '../services/mail/outbox';
import { renderEmail } from '../services/mail/render';
import { buildApprovalRequestMail } from '../services/orders/approval/request-mail';
import { buildInvitationMail } from '../services/organizations/invitation-mail';
import { AccountExistsEmail } from './account-exists';
import { ApprovalRequestEmail } from './approval-request';
import { CustomerResponseEmail } from './customer-response';
import { InvitationEmail } from './invitation';
import { BRAND_COLOR } from './layout';
import { ResetPasswordEmail } from './reset-password';
import { VerifyEmail } from './verify-email';

const user = { name: 'Anna <de Vries>', email: 'anna@voorbeeld.nl' };

describe('system mails', () => {
  it('each component previews with its default props', async () => {
    const components: ((props: Record<string, never>) => ReactElement)[] = [
      VerifyEmail,
      ResetPasswordEmail,
      AccountExistsEmail,
      InvitationEmail,
      ApprovalRequestEmail,
      CustomerResponseEmail,
    ];
    for (const component of components) {
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

  it('the invitation mail: the organisation, who invites, the role label, the last day and the link, names escaped', async () => {
    const mail = await buildInvitationMail('https://app.nl', {
      email: 'nieuw@voorbeeld.nl',
      role: 'admin',
      organizationName: 'Bos & <Bouw>',
      inviterName: 'Karel Bos',
      token: 't0k3n',
      expiresAt: new Date('2026-12-06T23:30:00Z'),
    });
    expect(mail.to).toBe('nieuw@voorbeeld.nl');
    expect(mail.subject).toBe('Karel Bos nodigt u uit voor Bos & <Bouw> in Inkooporders');
    expect(extractLinks(mail.html, mail.text)).toContain('https://app.nl/invite/t0k3n');
    expect(mail.text).toContain('met de rol Beheerder');
    // 23:30 UTC is the next day in Amsterdam: the date and time the invited person reads.
    expect(mail.text).toContain('geldig tot 07-12-2026 om 00:30 uur');
    expect(mail.html).toContain('Bos &amp; &lt;Bouw&gt;');
    expect(mail.html).not.toContain('<Bouw>');
  });

  it('the approval request: who asks, the order, its amounts, the note and the link to the order, all escaped', async () => {
    const mail = await buildApprovalRequestMail('https://app.nl', {
      to: 'eigenaar@voorbeeld.nl',
      organizationName: 'Bos & <Bouw>',
      requesterName: 'Mila <Medewerker>',
      orderId: '9b2e4d61-0c7a-4f3b-8e15-6d2a1c9f7b34',
      orderNumber: 'INK-2026-1042',
      customerName: 'Jansen Bouw B.V.',
      subtotalCents: 625_000,
      totalCents: 756_250,
      note: 'Spoed:\n<script>alert(1)</script>',
    });
    expect(mail.to).toBe('eigenaar@voorbeeld.nl');
    expect(mail.subject).toBe('Goedkeuring gevraagd: order INK-2026-1042 van Mila <Medewerker>');
    expect(extractLinks(mail.html, mail.text)).toContain(
      'https://app.nl/inkooporders/9b2e4d61-0c7a-4f3b-8e15-6d2a1c9f7b34/edit',
    );
    const text = mail.text.replace(/\s+/g, ' ');
    expect(text).toContain('order INK-2026-1042 aan Jansen Bouw B.V. in Bos & <Bouw>');
    expect(text).toContain('€ 6.250,00 exclusief btw (€ 7.562,50 inclusief btw)');
    expect(text).toContain('Toelichting van Mila <Medewerker>:');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<Bouw>');
  });

  it('the approval request without a note says nothing of one', async () => {
    const mail = await buildApprovalRequestMail('https://app.nl', {
      to: 'eigenaar@voorbeeld.nl',
      organizationName: 'Bos Bouw',
      requesterName: 'Mila',
      orderId: '9b2e4d61-0c7a-4f3b-8e15-6d2a1c9f7b34',
      orderNumber: 'INK-2026-1042',
      customerName: '',
      subtotalCents: 100_000,
      totalCents: 121_000,
      note: null,
    });
    expect(mail.text).not.toContain('Toelichting');
    expect(mail.text.replace(/\s+/g, ' ')).toContain('order INK-2026-1042 in Bos Bouw');
  });
});
