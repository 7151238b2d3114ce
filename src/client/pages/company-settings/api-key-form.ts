import {
  type ApiKeyAccess,
  type ApiKeyCreateInput,
  apiKeyCreateInput,
} from '../../../shared/schemas/api-key';
import { type FormRules, schemaCheck } from '../../lib/form-state';

/** The 'Nieuwe API-sleutel' form: its values as typed, in screen order. */
export type ApiKeyFormValues = { name: string; access: ApiKeyAccess; expiresAt: string };
export type ApiKeyFormField = keyof ApiKeyFormValues;
export const API_KEY_FIELDS = ['name', 'expiresAt', 'access'] as const satisfies readonly ApiKeyFormField[];
export const EMPTY_API_KEY: ApiKeyFormValues = { name: '', access: 'read', expiresAt: '' };

/** What POST /api-keys gets: an empty expiry is no expiry. */
export const apiKeyInputOf = (values: ApiKeyFormValues): ApiKeyCreateInput => ({
  name: values.name,
  access: values.access,
  ...(values.expiresAt.trim() ? { expiresAt: values.expiresAt.trim() } : {}),
});

const checkApiKey = schemaCheck(apiKeyCreateInput, { fields: API_KEY_FIELDS, input: apiKeyInputOf });

/**
 * Checked with the API's own schema, on submit; a field that shows a message is checked again while
 * it changes, and the name also when it is left with something in it. The request is the input as
 * typed (the server reads the expiry day itself).
 */
export const apiKeyFormRules: FormRules<ApiKeyFormValues, ApiKeyFormField, ApiKeyCreateInput> = {
  fields: API_KEY_FIELDS,
  check: (values) => {
    const result = checkApiKey(values);
    return result.ok ? { ok: true, data: apiKeyInputOf(values) } : result;
  },
  rule: { change: 'recheck' },
  rules: { name: { change: 'recheck', blur: 'filled' } },
};
