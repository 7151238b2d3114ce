import { z } from '../zod-nl';

const maxMessage = (max: number) => `Maximaal ${max} tekens`;

/** Postgres cannot store U+0000 in text: refused with this message rather than failing as a 500. */
export const NUL_CHARACTER_MESSAGE =
  'Dit veld bevat een ongeldig teken (nul-teken). Verwijder het en probeer het opnieuw.';

const hasNoNul = (text: string) => !text.includes('\u0000');

/** A string without NUL characters: the base of every text rule the server stores or searches with. */
export const plainString = (error?: string) =>
  z.string(error ? { error } : undefined).refine(hasNoNul, NUL_CHARACTER_MESSAGE);

/** A required free-text field: trimmed, not empty (`message`), at most `max` characters. */
export const requiredText = (message: string, max = 200) =>
  plainString(message).trim().min(1, message).max(max, maxMessage(max));

/** An optional free-text field: trimmed, empty allowed, at most `max` characters. */
export const optionalText = (max = 200) => plainString().trim().max(max, maxMessage(max));

/** A list's search box: trimmed, at most `max` characters, left out when absent. */
export const searchText = (max = 200) => plainString().trim().max(max, maxMessage(max)).optional();
