import { describe, expect, it } from 'vitest';
import { SAMPLE_TEMPLATE_DATA, type TemplateData } from '../../../shared/template-variables';
import { htmlProblems } from '../../../test/xss-corpus';
import { buildRawMessage } from './mailer';
import { composeUserMail, type MailSender, senderFooterLines } from './user-mail';

const sender: MailSender = {
  name: 'Anna de Vries',
  email: 'anna@bakkerij.nl',
  company: 'Bakkerij "De Korst" & Zn',
  address: 'Dorpsstraat 1',
  postalCode: '1234 AB',
  city: 'Utrecht',
  country: 'Nederland',
  phoneNumber: '+31612345678',
  website: 'https://bakkerij.nl',
  kvkNumber: '12345678',
  btwNumber: 'NL123456789B01',
};

const data: TemplateData = {
  ...SAMPLE_TEMPLATE_DATA,
  customer: { ...SAMPLE_TEMPLATE_DATA.customer, name: '<b>Petra</b> & "Co"' },
};

describe('senderFooterLines', () => {
  it('shows only what the user filled in, the home country left out', () => {
    expect(senderFooterLines(sender)).toEqual([
      'Dorpsstraat 1, 1234 AB Utrecht',
      'Tel. +31 6 12345678 · E-mail anna@bakkerij.nl · Web https://bakkerij.nl',
      'KVK 12345678 · BTW NL123456789B01',
    ]);
    const bare = {
      ...sender,
      address: '',
      postalCode: '',
      city: 'Gent',
      country: 'België',
      phoneNumber: '',
      website: '',
      kvkNumber: '',
      btwNumber: '',
    };
    expect(senderFooterLines(bare)).toEqual(['Gent, België', 'E-mail anna@bakkerij.nl']);
  });
});

describe('composeUserMail', () => {
  it('fills subject and body, escapes values, keeps unknown variables, and frames it with the company', async () => {
    const mail = await composeUserMail({
      sender,
      to: 'inkoop@klant.nl',
      cc: 'kopie@klant.nl',
      subject: 'Order {{ order.orderNumber }} voor {{customer.name}} {{order.kleur}}',
      content:
        '<p onclick="x()">Beste {{customer.name}},</p><script>alert(1)</script><p>Totaal: {{order.total}} {{ order.kleur }}</p>',
      data,
    });
    expect(mail).toMatchObject({
      to: 'inkoop@klant.nl',
      cc: 'kopie@klant.nl',
      fromName: 'Bakkerij "De Korst" & Zn',
      replyTo: 'anna@bakkerij.nl',
      subject: 'Order INK-2023-001 voor <b>Petra</b> & "Co" {{order.kleur}}',
      attachments: [],
    });
    // Text between tags needs only &, < and > escaped; the second sanitiser pass writes quotes as-is there.
    expect(mail.html).toContain('<p>Beste &lt;b&gt;Petra&lt;/b&gt; &amp; "Co",</p>');
    expect(mail.html).toContain('Totaal: €\u00a0849,70 {{ order.kleur }}');
    expect(mail.html).not.toMatch(/<script|onclick|<b>Petra/);
    expect(mail.html).toContain('lang="nl"');
    expect(mail.html).toContain('Bakkerij &quot;De Korst&quot; &amp; Zn');
    expect(mail.html).toContain('KVK 12345678 · BTW NL123456789B01');
    // The plain-text part says the same in words.
    expect(mail.text).toContain('Beste <b>Petra</b> & "Co",');
    expect(mail.text).toContain('Totaal: €\u00a0849,70');
    expect(mail.text).toContain('Dorpsstraat 1, 1234 AB Utrecht');
    expect(mail.text).not.toContain('alert(1)');
  });

  it('the body that goes out has nothing executable, whatever the values', async () => {
    const hostile: TemplateData = {
      ...data,
      customer: { ...data.customer, email: 'javascript:alert(1)', company: '<img src=x onerror=alert(1)>' },
    };
    const mail = await composeUserMail({
      sender,
      to: 'a@b.nl',
      subject: 'x',
      content: '<a href="{{customer.email}}">{{customer.company}}</a>',
      data: hostile,
    });
    // The template's part of the mail (the frame around it is our own React Email markup).
    const start = mail.html.indexOf('<div>') + '<div>'.length;
    const body = mail.html.slice(start, mail.html.indexOf('</div>', start));
    expect(body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(htmlProblems(body)).toEqual([]);
    expect(mail.html).not.toContain('javascript:');
  });

  it('a value with a line break cannot add a header: the subject stays one line', async () => {
    const mail = await composeUserMail({
      sender,
      to: 'a@b.nl',
      subject: 'Order {{customer.company}}',
      content: '<p>Hallo daar</p>',
      data: { ...data, customer: { ...data.customer, company: 'X\r\nBcc: spy@evil.example' } },
    });
    expect(mail.subject).toBe('Order X Bcc: spy@evil.example');
    const raw = await buildRawMessage('Inkooporders <no-reply@localhost>', mail);
    expect(raw).not.toMatch(/^Bcc:/m);
    expect(raw).toMatch(/^Reply-To: anna@bakkerij.nl$/m);
  });

  it('a subject written with line breaks (bypassing the schema) still goes out as one line', async () => {
    const mail = await composeUserMail({
      sender,
      to: 'a@b.nl',
      subject: 'Order\r\nBcc: a@b.nl\nX-Extra: 1',
      content: '<p>Hallo daar</p>',
      data,
    });
    expect(mail.subject).toBe('Order Bcc: a@b.nl X-Extra: 1');
  });

  it('without a company the user’s name is the sender name; a bad accent colour falls back', async () => {
    const mail = await composeUserMail({
      sender: { ...sender, company: ' ' },
      to: 'a@b.nl',
      subject: 'x',
      content: '<p>Hallo daar</p>',
      data,
      accentColor: 'red;background:url(x)',
    });
    expect(mail.fromName).toBe('Anna de Vries');
    expect(mail.html).toContain('#1E40AF');
    expect(mail.html).not.toContain('url(x)');
  });
});
