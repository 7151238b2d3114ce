import { and, asc, eq, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { type EmailTemplateRow, emailTemplates, organizations } from '../../../db/schema';
import {
  type EmailTemplate,
  type EmailTemplateInputData,
  missingDefaultTemplateNames,
  TEMPLATE_LIMITS,
  type TemplateDataInput,
  type TemplatePreview,
} from '../../../shared/schemas/email-template';
import {
  fillTemplate,
  SAMPLE_TEMPLATE_DATA,
  type TemplateData,
  templateDataFrom,
} from '../../../shared/template-variables';
import { isUniqueViolation, isUuid } from '../../db-helpers';
import type { ServiceDeps } from '../../deps';
import { AppError, invalidInput, notFound } from '../../errors';
import { assertWithinRateLimit } from '../auth/rate-limit';
import { findLogo } from '../logo/logos';
import type { Company } from '../organizations/company';
import { getPdfSettings } from '../pdf/pdf-settings';
import { DEFAULT_TEMPLATES } from './default-templates';
import { sendOrFail } from './mailer';
import { renderTemplateHtml, sanitizeTemplateHtml } from './sanitize-template';

export const emailTemplateServiceMessages = {
  notFound: 'Template niet gevonden.',
  contentUnsafeOnly: `De inhoud bevat na het verwijderen van onveilige HTML minder dan ${TEMPLATE_LIMITS.content.min} tekens`,
  testMailFailed: 'Er is een fout opgetreden bij het versturen van de test e-mail',
  testMailSent: (email: string) => `Test e-mail is verzonden naar ${email}`,
  defaultConflict:
    'Er is tegelijk een ander standaardtemplate voor deze categorie opgeslagen. Probeer het opnieuw.',
  tooManyTestMails: 'U heeft te veel test e-mails verstuurd. Probeer het over enkele minuten opnieuw.',
} as const;
const messages = emailTemplateServiceMessages;

/** A temporary template lives for one test mail; one left behind (a closed tab) is removed after this. */
export const TEMPORARY_TEMPLATE_TTL_MS = 60 * 60 * 1000;

/** Marks a test mail in the recipient's inbox, so it is never taken for a real order mail. */
export const TEST_SUBJECT_PREFIX = '[Test]';

/** Test mails per organisation per window: enough to try a template a few times, too few to spam with. */
export const TEST_MAIL_LIMIT = 10;
export const TEST_MAIL_WINDOW_MS = 10 * 60 * 1000;

export function toEmailTemplate(t: EmailTemplateRow): EmailTemplate {
  return {
    _id: t.id,
    name: t.name,
    subject: t.subject,
    content: t.content,
    category: t.category,
    isDefault: t.isDefault,
    isTemporary: t.isTemporary,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

const owned = (organizationId: string, id: string) =>
  and(eq(emailTemplates.id, id), eq(emailTemplates.organizationId, organizationId));

/** The organisation's templates, temporary ones left out, by category then name. */
export async function listEmailTemplates(db: DbOrTx, organizationId: string): Promise<EmailTemplate[]> {
  const rows = await db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.organizationId, organizationId), eq(emailTemplates.isTemporary, false)))
    .orderBy(
      sql`array_position(array['order','invoice','reminder','confirmation','other'], ${emailTemplates.category})`,
      asc(sql`lower(${emailTemplates.name})`),
      asc(emailTemplates.id),
    );
  return rows.map(toEmailTemplate);
}

async function findOwned(db: DbOrTx, organizationId: string, id: string): Promise<EmailTemplateRow> {
  if (!isUuid(id)) throw notFound(messages.notFound);
  const [row] = await db.select().from(emailTemplates).where(owned(organizationId, id)).limit(1);
  if (!row) throw notFound(messages.notFound);
  return row;
}

export async function getEmailTemplate(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<EmailTemplate> {
  return toEmailTemplate(await findOwned(db, organizationId, id));
}

/**
 * What is stored: the content sanitised. Content that was nearly all unsafe (say, only a script) is
 * refused like too short a text, instead of being stored empty. A temporary template is never a default.
 */
function storedFields(input: EmailTemplateInputData) {
  const content = sanitizeTemplateHtml(input.content).trim();
  if (content.length < TEMPLATE_LIMITS.content.min) {
    throw invalidInput({ content: messages.contentUnsafeOnly });
  }
  return { ...input, content, isDefault: input.isDefault && !input.isTemporary };
}

/** Clears the default flag of the organisation's other templates of `category` (all but `keepId`). */
async function clearOtherDefaults(
  tx: DbOrTx,
  organizationId: string,
  category: EmailTemplateRow['category'],
  keepId?: string,
) {
  await tx
    .update(emailTemplates)
    .set({ isDefault: false })
    .where(
      and(
        eq(emailTemplates.organizationId, organizationId),
        eq(emailTemplates.category, category),
        eq(emailTemplates.isDefault, true),
        keepId ? ne(emailTemplates.id, keepId) : undefined,
      ),
    );
}

/**
 * Two saves that each make a template of one category the default, at the same moment: the partial
 * unique index refuses the second; the user hears so instead of a 500.
 */
async function defaultSafe<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', messages.defaultConflict);
    throw err;
  }
}

export async function createEmailTemplate(
  db: DbOrTx,
  organizationId: string,
  input: EmailTemplateInputData,
  now: Date,
): Promise<EmailTemplate> {
  const fields = storedFields(input);
  const row = await defaultSafe(() =>
    db.transaction(async (tx) => {
      if (fields.isDefault) await clearOtherDefaults(tx, organizationId, fields.category);
      if (fields.isTemporary) await removeStaleTemporary(tx, organizationId, now);
      const [inserted] = await tx
        .insert(emailTemplates)
        .values({ ...fields, organizationId, createdAt: now, updatedAt: now })
        .returning();
      return inserted!;
    }),
  );
  return toEmailTemplate(row);
}

/** Temporary templates of this organisation that a test left behind (the client deletes its own right away). */
async function removeStaleTemporary(tx: DbOrTx, organizationId: string, now: Date) {
  await tx
    .delete(emailTemplates)
    .where(
      and(
        eq(emailTemplates.organizationId, organizationId),
        eq(emailTemplates.isTemporary, true),
        lt(emailTemplates.createdAt, new Date(now.getTime() - TEMPORARY_TEMPLATE_TTL_MS)),
      ),
    );
}

export async function updateEmailTemplate(
  db: DbOrTx,
  organizationId: string,
  id: string,
  input: EmailTemplateInputData,
): Promise<EmailTemplate> {
  if (!isUuid(id)) throw notFound(messages.notFound);
  const fields = storedFields(input);
  const row = await defaultSafe(() =>
    db.transaction(async (tx) => {
      if (fields.isDefault) await clearOtherDefaults(tx, organizationId, fields.category, id);
      const [updated] = await tx
        .update(emailTemplates)
        .set(fields)
        .where(owned(organizationId, id))
        .returning();
      if (!updated) throw notFound(messages.notFound);
      return updated;
    }),
  );
  return toEmailTemplate(row);
}

export async function deleteEmailTemplate(db: DbOrTx, organizationId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(messages.notFound);
  const deleted = await db
    .delete(emailTemplates)
    .where(owned(organizationId, id))
    .returning({ id: emailTemplates.id });
  if (deleted.length === 0) throw notFound(messages.notFound);
}

/**
 * Adds the standard templates the organisation does not have yet (matched by name, case-insensitive), so a
 * second call adds none. The order template becomes the default only when its category has none.
 * The organisation's row is locked for the duration, so two calls at once add each template once.
 */
export async function createDefaultTemplates(db: DbOrTx, organizationId: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for('update');
    const existing = await tx
      .select({
        name: emailTemplates.name,
        category: emailTemplates.category,
        isDefault: emailTemplates.isDefault,
      })
      .from(emailTemplates)
      .where(and(eq(emailTemplates.organizationId, organizationId), eq(emailTemplates.isTemporary, false)));
    const missingNames = new Set(missingDefaultTemplateNames(existing.map((t) => t.name)));
    const withDefault = new Set(existing.filter((t) => t.isDefault).map((t) => t.category));
    const missing = DEFAULT_TEMPLATES.filter((t) => missingNames.has(t.name));
    if (missing.length === 0) return 0;
    await tx.insert(emailTemplates).values(
      missing.map((t) => ({
        ...t,
        content: sanitizeTemplateHtml(t.content),
        isDefault: t.isDefault && !withDefault.has(t.category),
        organizationId,
      })),
    );
    return missing.length;
  });
}

/** The sample data with the sending user's own name and company, and whatever the caller sent over it. */
function dataFor(
  sender: Pick<Company, 'name' | 'company'>,
  input: TemplateDataInput | undefined,
): TemplateData {
  const base = { ...SAMPLE_TEMPLATE_DATA, user: { name: sender.name, company: sender.company } };
  return templateDataFrom(input, base);
}

/** POST /email-templates/preview: the subject as plain text, the body as clean HTML, both filled. */
export function previewTemplate(
  sender: Pick<Company, 'name' | 'company'>,
  template: { subject: string; content: string },
  input: TemplateDataInput | undefined,
): TemplatePreview {
  const data = dataFor(sender, input);
  return {
    subject: fillTemplate(template.subject, data, 'text'),
    html: renderTemplateHtml(template.content, data),
  };
}

/**
 * Sends one stored template to `email` as the real mail would look (the user's frame, From name and
 * Reply-To), with sample values or those given. Limited per organisation; a failed send is a clear 503.
 */
export async function sendTestMail(
  deps: ServiceDeps,
  sender: Company,
  id: string,
  input: { email: string; data?: TemplateDataInput | undefined },
  now: Date,
): Promise<{ success: true; message: string }> {
  const { organizationId } = sender;
  const template = await findOwned(deps.db, organizationId, id);
  await assertWithinRateLimit(deps.db, `test-mail:organization:${organizationId}`, {
    limit: TEST_MAIL_LIMIT,
    windowMs: TEST_MAIL_WINDOW_MS,
    now,
    message: messages.tooManyTestMails,
  });
  const data = dataFor(sender, input.data);
  const [settings, logo] = await Promise.all([
    getPdfSettings(deps.db, organizationId),
    findLogo(deps.db, organizationId),
  ]);
  // Imported on first use: its layout pulls in @react-email/components (see services/auth/mails.ts).
  const { composeUserMail } = await import('./user-mail');
  const mail = await composeUserMail({
    sender,
    to: input.email,
    subject: `${TEST_SUBJECT_PREFIX} ${template.subject}`,
    content: template.content,
    data,
    accentColor: settings.primaryColor,
    logo,
  });
  await sendOrFail(deps.mailer, mail, deps.log, messages.testMailFailed);
  return { success: true, message: messages.testMailSent(input.email) };
}
