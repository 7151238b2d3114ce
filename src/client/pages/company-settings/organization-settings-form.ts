/**
 * The Organisatie-instellingen card's pure rules: the values as typed, the check with the server's own
 * schema, and the one rule that needs to know who is saving (two-step sign-in required is switched on
 * only by someone who uses it, as the server also says: services/organizations/settings.ts).
 */
import { formatAmount } from '../../../shared/format';
import { eurosToCents } from '../../../shared/money';
import {
  type OrganizationSettings,
  type OrganizationSettingsInput,
  organizationSettingsInput,
  organizationSettingsMessages,
} from '../../../shared/schemas/organization-settings';
import { type FormCheck, type FormRules, schemaCheck } from '../../lib/form-state';

export type OrganizationSettingsValues = {
  /** As typed; '' means never. */
  approvalThreshold: string;
  approvalForAdmins: boolean;
  twoFactorRequired: boolean;
};
export type OrganizationSettingsField = 'approvalThreshold' | 'approvalForAdmins' | 'twoFactorRequired';
const FIELDS: readonly OrganizationSettingsField[] = [
  'approvalThreshold',
  'approvalForAdmins',
  'twoFactorRequired',
];

/** The stored settings as the form shows them: the threshold in Dutch notation ('5.000,00'), or empty. */
export function organizationSettingsValuesOf(settings: OrganizationSettings): OrganizationSettingsValues {
  return {
    approvalThreshold:
      settings.approvalThreshold === null ? '' : formatAmount(eurosToCents(settings.approvalThreshold)),
    approvalForAdmins: settings.approvalForAdmins,
    twoFactorRequired: settings.twoFactorRequired,
  };
}

/** The payload: the threshold as typed (the server reads Dutch notation; '' is never). */
const inputOf = (values: OrganizationSettingsValues): OrganizationSettingsInput => ({ ...values });

const checkSchema = schemaCheck(organizationSettingsInput, { fields: FIELDS, input: inputOf });

/** Who saves, and what is stored now: what the own-two-step rule needs. */
export type OrganizationSettingsContext = {
  /** Whether the person saving signs in in two steps themself. */
  ownTwoFactor: boolean;
  /** Whether the requirement is on as stored (saving it unchanged is no switch). */
  savedTwoFactorRequired: boolean;
};

/** Whether the person saving may have the requirement on: they use it, or it is on already. */
export const maySwitchTwoFactorOn = (context: OrganizationSettingsContext) =>
  context.ownTwoFactor || context.savedTwoFactorRequired;

export function checkOrganizationSettings(
  values: OrganizationSettingsValues,
  context: OrganizationSettingsContext,
): FormCheck<OrganizationSettingsField, OrganizationSettingsInput> {
  const result = checkSchema(values);
  const errors = result.ok ? {} : { ...result.errors };
  if (values.twoFactorRequired && !maySwitchTwoFactorOn(context))
    errors.twoFactorRequired = organizationSettingsMessages.ownTwoFactorFirst;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, data: inputOf(values) };
}

/** The threshold speaks when it is left; a switch at once. */
export function organizationSettingsRules(
  context: OrganizationSettingsContext,
): FormRules<OrganizationSettingsValues, OrganizationSettingsField, OrganizationSettingsInput> {
  return {
    fields: FIELDS,
    check: (values) => checkOrganizationSettings(values, context),
    rule: { change: 'check' },
    rules: { approvalThreshold: { change: 'clear', blur: 'check' } },
  };
}
