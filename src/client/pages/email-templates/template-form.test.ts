import { describe, expect, it } from 'vitest';
import type { EmailTemplate } from '../../../shared/schemas/email-template';
import { SAMPLE_TEMPLATE_DATA } from '../../../shared/template-variables';
import { afterChange, firstError, initialFormState } from '../../lib/form-state';
import {
  copyName,
  duplicateInput,
  emptyTemplateValues,
  filterTemplates,
  insertAtCursor,
  previewData,
  previewDocument,
  type TemplateField,
  type TemplateFormValues,
  templateFormRules,
  truncateSubject,
  validateTemplate,
  validateTemplateField,
} from './template-form';

const t = (over: Partial<EmailTemplate>): EmailTemplate => ({
  _id: 'id-1',
  name: 'Order versturen',
  subject: 'Inkooporder {{order.orderNumber}}',
  content: '<p>Beste {{customer.name}},</p>',
  category: 'order',
  isDefault: true,
  isTemporary: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('the editor checks', () => {
  it('uses the shared rules, field by field and as a whole', () => {
    expect(validateTemplateField('name', 'x')).toBe('Naam moet minimaal 2 tekens bevatten');
    expect(validateTemplateField('name', 'Ok')).toBeUndefined();
    expect(validateTemplateField('subject', 'a\nb')).toBe('Het onderwerp moet op één regel staan');
    expect(validateTemplateField('content', 'kort')).toBe('Inhoud moet minimaal 10 tekens bevatten');
    expect(validateTemplate(emptyTemplateValues())).toEqual({
      ok: false,
      errors: {
        name: 'Naam is verplicht',
        subject: 'Onderwerp is verplicht',
        content: 'Inhoud is verplicht',
      },
    });
    const ok = validateTemplate(
      { ...emptyTemplateValues(), name: 'Aa', subject: 'Bb', content: '0123456789' },
      true,
    );
    expect(ok).toEqual({
      ok: true,
      data: {
        name: 'Aa',
        subject: 'Bb',
        content: '0123456789',
        category: 'order',
        isDefault: false,
        isTemporary: true,
      },
    });
  });
});

describe('the list', () => {
  it('cuts the subject at 40 characters plus an ellipsis', () => {
    expect(truncateSubject('x'.repeat(40))).toBe('x'.repeat(40));
    expect(truncateSubject('x'.repeat(41))).toBe(`${'x'.repeat(40)}…`);
    // Characters, not UTF-16 units: an emoji is not cut in half.
    expect(truncateSubject(`${'x'.repeat(39)}😀😀`)).toBe(`${'x'.repeat(39)}😀…`);
  });

  it('searches name or subject, case-insensitively, within a category', () => {
    const list = [
      t({ _id: '1', name: 'Order versturen', subject: 'Inkooporder', category: 'order' }),
      t({ _id: '2', name: 'Herinnering', subject: 'Betaal ORDER nu', category: 'reminder' }),
      t({ _id: '3', name: 'Factuur', subject: 'Uw factuur', category: 'invoice' }),
    ];
    expect(filterTemplates(list, { search: ' order ', category: '' }).map((x) => x._id)).toEqual(['1', '2']);
    expect(filterTemplates(list, { search: 'order', category: 'reminder' }).map((x) => x._id)).toEqual(['2']);
    expect(filterTemplates(list, { search: '', category: 'invoice' }).map((x) => x._id)).toEqual(['3']);
    expect(filterTemplates(list, { search: 'niets', category: '' })).toEqual([]);
  });
});

describe('duplicate', () => {
  it("is '{name} (kopie)', not default, not temporary, without an id", () => {
    expect(duplicateInput(t({}))).toEqual({
      name: 'Order versturen (kopie)',
      subject: 'Inkooporder {{order.orderNumber}}',
      content: '<p>Beste {{customer.name}},</p>',
      category: 'order',
      isDefault: false,
      isTemporary: false,
    });
  });

  it('keeps the copy within the 100-character name limit', () => {
    const long = copyName('n'.repeat(100));
    expect(long).toHaveLength(100);
    expect(long.endsWith(' (kopie)')).toBe(true);
  });
});

describe('insertAtCursor', () => {
  it('replaces the selection, or inserts at the cursor, or appends without one', () => {
    expect(insertAtCursor('Beste ,', 6, 6, '{{customer.name}}')).toEqual({
      text: 'Beste {{customer.name}},',
      cursor: 23,
    });
    expect(insertAtCursor('Beste XX,', 6, 8, '{{x}}')).toEqual({ text: 'Beste {{x}},', cursor: 11 });
    expect(insertAtCursor('abc', null, null, '!')).toEqual({ text: 'abc!', cursor: 4 });
    expect(insertAtCursor('abc', 99, 120, '!')).toEqual({ text: 'abc!', cursor: 4 });
  });
});

describe('preview', () => {
  it("uses the sample order with the user's own name and company", () => {
    expect(previewData({ name: 'Anna', company: 'Korst BV' })).toEqual({
      ...SAMPLE_TEMPLATE_DATA,
      user: { name: 'Anna', company: 'Korst BV' },
    });
    expect(previewData(null)).toBe(SAMPLE_TEMPLATE_DATA);
  });

  it('the preview document may load nothing but https images', () => {
    const doc = previewDocument('<p>Hallo</p>');
    expect(doc).toContain(`default-src 'none'; img-src https:; style-src 'unsafe-inline'`);
    expect(doc).toContain('<body><p>Hallo</p></body>');
  });
});

describe('the editor form', () => {
  const values = emptyTemplateValues();
  const first = (errors: Partial<Record<TemplateField, string>>) =>
    firstError(templateFormRules, values, errors);

  it('puts the cursor in the first wrong field in screen order: Naam, Categorie, Onderwerp, Inhoud', () => {
    expect(first({ content: 'x', subject: 'y' })).toBe('subject');
    expect(first({ content: 'x', category: 'y' })).toBe('category');
    expect(first({ content: 'x', name: 'y' })).toBe('name');
    expect(first({})).toBeUndefined();
  });

  it('checks a field on every keystroke, and the default toggle not at all', () => {
    const start = initialFormState<TemplateFormValues, TemplateField>(values);
    const typed = afterChange(start, templateFormRules, { ...values, name: 'A' }, ['name']);
    expect(typed.errors).toEqual({ name: validateTemplateField('name', 'A') });
    expect(typed.errors.name).toBeTruthy();
    expect(
      afterChange(typed, templateFormRules, { ...typed.values, name: 'Order' }, ['name']).errors,
    ).toEqual({});
    const toggled = afterChange(start, templateFormRules, { ...values, isDefault: true }, [
      'isDefault' as TemplateField,
    ]);
    expect(toggled.errors).toEqual({});
  });
});
