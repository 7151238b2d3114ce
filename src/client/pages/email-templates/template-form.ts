import {
  DEFAULT_EMAIL_TEMPLATE_CATEGORY,
  type EmailTemplate,
  type EmailTemplateCategory,
  type EmailTemplateInputData,
  emailTemplateFieldsShape,
  emailTemplateInput,
  TEMPLATE_LIMITS,
} from '../../../shared/schemas/email-template';
import { SAMPLE_TEMPLATE_DATA, type TemplateData } from '../../../shared/template-variables';
import { type FormCheck, type FormRules, schemaCheck } from '../../lib/form-state';

/**
 * The pure part of /email-templates: the editor's values and checks (the shared schema, so the form
 * says what the server would), the list's search, filter and subject cut, duplicating, inserting a
 * variable at the cursor, and the preview document.
 */

/** Spec §8 and §9: every template notice stays 3 seconds. */
export { TEMPLATE_NOTICE_MS } from '../../../shared/constants';

export const templateMessages = {
  loadError: 'Er is een fout opgetreden bij het ophalen van de templates.',
  saveError: 'Er is een fout opgetreden bij het opslaan van het template.',
  duplicateError: 'Er is een fout opgetreden bij het dupliceren van het template.',
  deleteError: 'Er is een fout opgetreden bij het verwijderen van het template.',
  defaultsError: 'Er is een fout opgetreden bij het toevoegen van de standaard templates.',
  testError: 'Er is een fout opgetreden bij het versturen van de test e-mail',
  testInvalidTemplate:
    'Vul eerst naam, onderwerp en inhoud correct in; daarna kunt u een test e-mail versturen.',
  duplicated: 'Template is succesvol gedupliceerd',
  updated: 'Template is succesvol bijgewerkt',
  created: 'Nieuw template is succesvol aangemaakt',
  deleted: 'Template is succesvol verwijderd',
  defaultsAdded: (count: number) => `${count} standaard templates zijn toegevoegd`,
  defaultsPresent: 'De standaard templates zijn al aanwezig.',
} as const;

export type TemplateFormValues = {
  name: string;
  subject: string;
  content: string;
  category: EmailTemplateCategory;
  isDefault: boolean;
};
export type TemplateField = 'name' | 'subject' | 'content' | 'category';

/** The fields in screen order (Naam, Categorie, Onderwerp, Inhoud): after a failed save the cursor goes to the first wrong one. */
export const TEMPLATE_FIELDS_ON_SCREEN: readonly TemplateField[] = ['name', 'category', 'subject', 'content'];

export function emptyTemplateValues(): TemplateFormValues {
  return { name: '', subject: '', content: '', category: DEFAULT_EMAIL_TEMPLATE_CATEGORY, isDefault: false };
}

export function valuesFromTemplate(t: EmailTemplate): TemplateFormValues {
  return {
    name: t.name,
    subject: t.subject,
    content: t.content,
    category: t.category,
    isDefault: t.isDefault,
  };
}

/** The field's message by the shared rule, or undefined when it is fine. */
export function validateTemplateField(field: TemplateField, value: string): string | undefined {
  const result = emailTemplateFieldsShape[field].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

export function validateTemplate(
  values: TemplateFormValues,
  isTemporary = false,
): FormCheck<TemplateField, EmailTemplateInputData> {
  return schemaCheck(emailTemplateInput, {
    fields: TEMPLATE_FIELDS_ON_SCREEN,
    input: (v: TemplateFormValues) => ({ ...v, isTemporary }),
  })(values);
}

/** Live validation: every keystroke checks the field with the shared rule. */
export const templateFormRules: FormRules<TemplateFormValues, TemplateField, EmailTemplateInputData> = {
  fields: TEMPLATE_FIELDS_ON_SCREEN,
  check: (values) => validateTemplate(values),
  checkField: (field, values) => validateTemplateField(field, values[field]),
  rule: { change: 'check' },
};

export const SUBJECT_LIST_LENGTH = 40;

/** Spec §2: the list shows at most 40 characters of the subject, then '…'. Counts characters, not UTF-16 units. */
export function truncateSubject(subject: string, max = SUBJECT_LIST_LENGTH): string {
  const chars = Array.from(subject);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : subject;
}

export type TemplateFilter = { search: string; category: EmailTemplateCategory | '' };

/** Search in name or subject (case-insensitive), and one category or all. */
export function filterTemplates<T extends Pick<EmailTemplate, 'name' | 'subject' | 'category'>>(
  templates: readonly T[],
  { search, category }: TemplateFilter,
): T[] {
  const needle = search.trim().toLocaleLowerCase('nl');
  return templates.filter(
    (t) =>
      (category === '' || t.category === category) &&
      (needle === '' ||
        t.name.toLocaleLowerCase('nl').includes(needle) ||
        t.subject.toLocaleLowerCase('nl').includes(needle)),
  );
}

const COPY_SUFFIX = ' (kopie)';

/** '{name} (kopie)', the name shortened when needed so the copy still fits the 100-character limit. */
export function copyName(name: string): string {
  const room = TEMPLATE_LIMITS.name.max - COPY_SUFFIX.length;
  const base = Array.from(name.trim());
  return `${base.length > room ? base.slice(0, room).join('').trimEnd() : base.join('')}${COPY_SUFFIX}`;
}

/** Spec §4: the copy is named '{name} (kopie)', is not the default and gets a new id (it is a new template). */
export function duplicateInput(t: EmailTemplate): EmailTemplateInputData {
  return {
    name: copyName(t.name),
    subject: t.subject,
    content: t.content,
    category: t.category,
    isDefault: false,
    isTemporary: false,
  };
}

/** `token` in place of the selection [start, end) of `text`; the cursor lands after it. */
export function insertAtCursor(
  text: string,
  start: number | null,
  end: number | null,
  token: string,
): { text: string; cursor: number } {
  const from = Math.max(0, Math.min(start ?? text.length, text.length));
  const to = Math.max(from, Math.min(end ?? from, text.length));
  return { text: text.slice(0, from) + token + text.slice(to), cursor: from + token.length };
}

/** The sample data with the signed-in user's own name and company, as the server's preview fills it. */
export function previewData(user: { name: string; company: string } | null): TemplateData {
  return user
    ? { ...SAMPLE_TEMPLATE_DATA, user: { name: user.name, company: user.company } }
    : SAMPLE_TEMPLATE_DATA;
}

/**
 * The preview as a document of its own for a sandboxed iframe: no scripts run there (the iframe has
 * no allow-scripts) and the policy lets it load nothing but https images, so a template being typed —
 * not yet sanitised by the server — can show but never act.
 */
export function previewDocument(bodyHtml: string): string {
  // White as a mail is read, also in the dark theme.
  const colors = 'color:#1f2937;background:#ffffff';
  return [
    '<!doctype html><html lang="nl"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src https:; style-src 'unsafe-inline'">`,
    `<style>body{margin:0;padding:16px;font:15px/1.6 Helvetica,Arial,sans-serif;${colors};overflow-wrap:anywhere}`,
    'a{color:#2563eb}img{max-width:100%;height:auto}table{border-collapse:collapse}p{margin:0 0 12px}</style>',
    `</head><body>${bodyHtml}</body></html>`,
  ].join('');
}
