import { z } from '../zod-nl';

const maxMessage = (max: number) => `Maximaal ${max} tekens`;

/** A required free-text field: trimmed, not empty (`message`), at most `max` characters. */
export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, maxMessage(max));

/** An optional free-text field: trimmed, empty allowed, at most `max` characters. */
export const optionalText = (max = 200) => z.string().trim().max(max, maxMessage(max));
