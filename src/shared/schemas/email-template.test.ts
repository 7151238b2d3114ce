import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorsByField } from '../rules/test-support';
import {
  DEFAULT_TEMPLATE_NAMES,
  EMAIL_TEMPLATE_CATEGORIES,
  EMAIL_TEMPLATE_CATEGORY_LABELS,
  emailTemplateInput,
  emailTemplateMessages as m,
  missingDefaultTemplateNames,
  sendEmailInput,
  templatePreviewInput,
  testMailInput,
} from './email-template';

const valid = {
  name: 'Order versturen',
  subject: 'Inkooporder {{order.orderNumber}}',
  content: '<p>Beste {{customer.name}},</p>',
};

describe('emailTemplateInput', () => {
  it('fills the defaults: category order, not default, not temporary; trims', () => {
    expect(emailTemplateInput.parse({ ...valid, name: '  Order versturen ' })).toEqual({
      ...valid,
      category: 'order',
      isDefault: false,
      isTemporary: false,
    });
  });

  it('has the five categories with their Dutch labels', () => {
    expect(EMAIL_TEMPLATE_CATEGORIES).toEqual(['order', 'invoice', 'reminder', 'confirmation', 'other']);
    expect(Object.values(EMAIL_TEMPLATE_CATEGORY_LABELS)).toEqual([
      'Inkooporder',
      'Factuur',
      'Herinnering',
      'Bevestiging',
      'Overig',
    ]);
    for (const category of EMAIL_TEMPLATE_CATEGORIES) {
      expect(emailTemplateInput.parse({ ...valid, category }).category).toBe(category);
    }
    expect(errorsByField(emailTemplateInput, { ...valid, category: 'spam' })).toEqual({
      category: [m.categoryRequired],
    });
  });

  it('requires name, subject and content, with Dutch messages', () => {
    expect(errorsByField(emailTemplateInput, {})).toEqual({
      name: [m.nameRequired],
      subject: [m.subjectRequired],
      content: [m.contentRequired],
    });
    expect(errorsByField(emailTemplateInput, { name: ' ', subject: '', content: '   ' })).toMatchObject({
      name: expect.arrayContaining([m.nameRequired]),
      subject: expect.arrayContaining([m.subjectRequired]),
      content: expect.arrayContaining([m.contentRequired]),
    });
  });

  it('enforces the limits at exactly their edges: name 2–100, subject 2–200, content 10–10 000', () => {
    const at = (field: string, length: number) =>
      errorsByField(emailTemplateInput, { ...valid, [field]: 'x'.repeat(length) })[field] ?? [];
    expect(at('name', 1)).toEqual([m.nameMin]);
    expect(at('name', 2)).toEqual([]);
    expect(at('name', 100)).toEqual([]);
    expect(at('name', 101)).toEqual([m.nameMax]);
    expect(at('subject', 1)).toEqual([m.subjectMin]);
    expect(at('subject', 2)).toEqual([]);
    expect(at('subject', 200)).toEqual([]);
    expect(at('subject', 201)).toEqual([m.subjectMax]);
    expect(at('content', 9)).toEqual([m.contentMin]);
    expect(at('content', 10)).toEqual([]);
    expect(at('content', 10_000)).toEqual([]);
    expect(at('content', 10_001)).toEqual([m.contentMax]);
    expect(m.contentMax).toBe('Inhoud mag maximaal 10.000 tekens bevatten');
  });

  it('refuses a subject with a line break or another control character anywhere inside', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('\r', '\n', '\r\n', '\t', '\u0000', '\u2028', '\u0085'),
        fc.nat({ max: 10 }),
        (ch, at) => {
          const subject = 'Order INK-2026-1001'.split('');
          subject.splice(Math.min(at, subject.length - 1) + 1, 0, ch);
          expect(errorsByField(emailTemplateInput, { ...valid, subject: subject.join('') })).toEqual({
            subject: [m.subjectOneLine],
          });
        },
      ),
    );
  });
});

describe('sendEmailInput', () => {
  const base = { recipient: 'inkoop@klant.nl', subject: 'Order', message: '<p>Hallo</p>' };

  it('needs recipient, subject and message; includePdf and includeConfirmationLink default to true, includeUbl to false, CC to none', () => {
    expect(sendEmailInput.parse({ ...base, recipient: ' Inkoop@Klant.NL ' })).toEqual({
      ...base,
      ccEmail: '',
      includePdf: true,
      includeUbl: false,
      includeConfirmationLink: true,
    });
    expect(sendEmailInput.parse({ ...base, includeUbl: true }).includeUbl).toBe(true);
    expect(sendEmailInput.parse({ ...base, includeConfirmationLink: false }).includeConfirmationLink).toBe(
      false,
    );
    expect(errorsByField(sendEmailInput, {})).toEqual({
      recipient: ['E-mailadres ontvanger is verplicht'],
      subject: ['Onderwerp is verplicht'],
      message: ['Bericht is verplicht'],
    });
    expect(errorsByField(sendEmailInput, { ...base, recipient: '  ' })).toEqual({
      recipient: ['E-mailadres ontvanger is verplicht'],
    });
  });

  it('takes exactly one bare address for recipient and CC: no lists, names or header injection', () => {
    const refused = [
      'geen-adres',
      'a@b',
      'a@b.nl, c@d.nl',
      'a@b.nl;c@d.nl',
      'a,b@c.nl',
      'Jan <jan@b.nl>',
      'jan@b.nl\r\nBcc: x@y.nl',
      'jan@b.nl\nBcc:x@y.nl',
      'jan@b.nl%0d%0aBcc:x@y.nl',
      '"a@b.nl"@c.nl',
      'lijst:a@b.nl;',
      'a\u0085b@c.nl',
      'a\u0000b@c.nl',
    ];
    for (const address of refused) {
      expect(errorsByField(sendEmailInput, { ...base, recipient: address }), address).toEqual({
        recipient: ['Voer een geldig e-mailadres in'],
      });
      expect(errorsByField(sendEmailInput, { ...base, ccEmail: address }), address).toEqual({
        ccEmail: ['Voer een geldig e-mailadres in'],
      });
    }
    expect(sendEmailInput.parse({ ...base, ccEmail: 'Boekhouding@Mij.NL' }).ccEmail).toBe(
      'boekhouding@mij.nl',
    );
    expect(sendEmailInput.parse({ ...base, recipient: "o'brien@klant.nl" }).recipient).toBe(
      "o'brien@klant.nl",
    );
  });

  it('refuses CR/LF in the subject and keeps includePdf false and a template id', () => {
    expect(errorsByField(sendEmailInput, { ...base, subject: 'Order\r\nBcc: x@y.nl' })).toEqual({
      subject: [m.subjectOneLine],
    });
    expect(sendEmailInput.parse({ ...base, includePdf: false, templateId: 'abc' })).toMatchObject({
      includePdf: false,
      templateId: 'abc',
    });
  });
});

describe('testMailInput and templatePreviewInput', () => {
  it('the test mail needs one valid address, worded for the test box', () => {
    for (const email of ['', 'x', 'a@b.nl,c@d.nl', 'a@b.nl\r\nBcc: c@d.nl']) {
      expect(errorsByField(testMailInput, { email })).toEqual({ email: ['Vul een geldig e-mailadres in'] });
    }
    expect(testMailInput.parse({ email: 'Test@Mij.nl', data: { order: { orderNumber: 'X-1' } } })).toEqual({
      email: 'test@mij.nl',
      data: { order: { orderNumber: 'X-1' } },
    });
  });

  it('a preview takes an unfinished template but not an oversized one', () => {
    expect(templatePreviewInput.parse({ template: {} })).toEqual({ template: { subject: '', content: '' } });
    expect(
      errorsByField(templatePreviewInput, { template: { subject: 'x', content: 'y'.repeat(10_001) } }),
    ).toEqual({ 'template.content': [m.contentMax] });
  });
});

describe('missingDefaultTemplateNames', () => {
  const all = Object.values(DEFAULT_TEMPLATE_NAMES);
  it('names every standard template a user does not have, whatever the case', () => {
    expect(missingDefaultTemplateNames([])).toEqual(all);
    expect(missingDefaultTemplateNames(['Order met PDF', 'inkooporder VERSTUREN'])).toEqual(all.slice(1));
  });
  it('none once they are all there, with other templates beside them', () => {
    expect(missingDefaultTemplateNames([...all, 'Order met PDF'])).toEqual([]);
  });
});
