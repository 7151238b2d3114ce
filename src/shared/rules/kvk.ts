import { ruleSchema } from './rule-schema';

/** Spec §5 KVK. */
export const KVK_MESSAGE = 'KVK nummer moet 8 cijfers bevatten';
export const KVK_LENGTH = 8;

/** Spec: spaces and hyphens removed. '1234 56-78' → '12345678'. */
export function normaliseKvk(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}

/** Exactly 8 digits. */
export function isValidKvk(normalised: string): boolean {
  return /^[0-9]{8}$/.test(normalised);
}

/** Input mask while typing: non-digits stripped, at most 8. */
export function maskKvk(raw: string): string {
  return raw.replace(/[^0-9]/g, '').slice(0, KVK_LENGTH);
}

/** Optional KVK number ('' is valid); outputs the 8 digits. */
export const kvkSchema = ruleSchema({
  normalise: normaliseKvk,
  isValid: isValidKvk,
  message: KVK_MESSAGE,
  description: 'KVK-nummer: 8 cijfers (optioneel)',
  example: '12345678',
});

/** For a form that makes the KVK number required. */
export const requiredKvkSchema = (requiredMessage: string) =>
  ruleSchema({
    normalise: normaliseKvk,
    isValid: isValidKvk,
    message: KVK_MESSAGE,
    required: requiredMessage,
  });
