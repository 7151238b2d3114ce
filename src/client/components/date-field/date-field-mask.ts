/** What may stand between a date's parts: the mask's dash, or the slash, dot or space people type. */
const SEPARATOR = /^[-/. ]$/;
const ENDS_IN_SEPARATOR = /[-/. ]$/;

/**
 * The dd-mm-jjjj mask of the date field, pure: while typing forward the dashes come by themselves
 * ('23' → '23-', '23-11' → '23-11-'), eight digits in a row become '23-11-2026'. People type the
 * separator too, out of habit: one typed right after the mask's dash (or after any separator) is
 * dropped, so '05-10-2026' and '05/10/2026' typed in full never become '05--10-2026'. Deleting is left
 * alone, so a dash can be removed; anything else typed stays as typed ('5 okt 2026' is read on its
 * own, and text that is no date is refused with a message rather than guessed at).
 */
export function maskDutchDate(typed: string, previous: string): string {
  const digits = typed.replace(/\D/g, '');
  if (/^\d{8}$/.test(typed)) return `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}`;
  const forward = typed.length > previous.length && typed.startsWith(previous);
  if (!forward) return typed;
  const added = typed.slice(previous.length);
  if (SEPARATOR.test(added) && (previous === '' || ENDS_IN_SEPARATOR.test(previous))) return previous;
  if (/^\d{2}$/.test(typed) || /^\d{1,2}-\d{2}$/.test(typed)) return `${typed}-`;
  return typed;
}
