/**
 * The dd-mm-jjjj mask of the date field, pure: while typing forward the dashes come by themselves
 * ('23' → '23-', '23-11' → '23-11-'), eight digits in a row become '23-11-2026'. Deleting is left
 * alone, so a dash can be removed; anything else typed stays as typed (the field then says it is not
 * a date rather than guessing).
 */
export function maskDutchDate(typed: string, previous: string): string {
  const digits = typed.replace(/\D/g, '');
  if (/^\d{8}$/.test(typed)) return `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}`;
  const forward = typed.length > previous.length && typed.startsWith(previous);
  if (forward && (/^\d{2}$/.test(typed) || /^\d{1,2}-\d{2}$/.test(typed))) return `${typed}-`;
  return typed;
}
