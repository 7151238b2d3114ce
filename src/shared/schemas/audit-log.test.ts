import { describe, expect, it } from 'vitest';
import { apiKeyCreateInput } from './api-key';
import { AUDIT_FIELD_LABELS, auditFieldsText } from './audit-log';
import { companyFinancialShape, companyProfileShape } from './company-profile';
import { customerFieldsShape, customerOutput } from './customer';
import { emailTemplateInput, emailTemplateOutput } from './email-template';
import { orderInputShape, orderOutput } from './order';
import { orderSettingsInput, orderSettingsOutput } from './order-settings';
import { pdfSettingsOutput } from './pdf-settings';
import { webhookInput, webhookOutput } from './webhook';

/**
 * The log names the fields a create was given and an update changed, by the names of the objects as
 * the API shows them (services/audit/audit-log.ts, givenFields and changedFields).
 */
const LOGGED_OBJECTS: Record<string, object> = {
  customer: { ...customerFieldsShape, ...customerOutput.shape },
  order: { ...orderInputShape, ...orderOutput.shape },
  company: { ...companyProfileShape, ...companyFinancialShape },
  orderSettings: { ...orderSettingsInput.shape, ...orderSettingsOutput.shape },
  pdfSettings: pdfSettingsOutput.shape,
  emailTemplate: { ...emailTemplateInput.shape, ...emailTemplateOutput.shape },
  webhook: { ...webhookInput.shape, ...webhookOutput.shape },
  apiKey: apiKeyCreateInput.shape,
};
/** Never in an entry: a save's own stamps (BOOKKEEPING_FIELDS there). */
const NOT_LOGGED = new Set(['_id', 'id', 'createdAt', 'updatedAt']);

describe('the Logboek names fields as the screens do', () => {
  it.each(Object.entries(LOGGED_OBJECTS))('every field of a logged %s has a Dutch label', (_, shape) => {
    const missing = Object.keys(shape).filter((name) => !NOT_LOGGED.has(name) && !AUDIT_FIELD_LABELS[name]);
    expect(missing).toEqual([]);
  });

  it('shows each label once, alphabetically as a Dutch reader expects, and an unknown name as it is', () => {
    expect(
      auditFieldsText(['paymentTerm', 'customerName', 'customerSnapshot', 'iets', 'email', 'btwVerlegd']),
    ).toBe('Betalingstermijn, BTW verlegd, E-mailadres, iets, Klantgegevens');
    expect(auditFieldsText([])).toBe('');
  });
});
