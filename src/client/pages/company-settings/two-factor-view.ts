import { formatDate } from '../../../shared/dates';

/**
 * What the two-step sign-in card shows apart from the screen, to test: the key in groups for typing
 * it over, and the recovery codes as a text file.
 */

/** The key as an app asks it typed: upper case in groups of four ('JBSW Y3DP EHPK 3PXP'). */
export function groupKey(secret: string, size = 4): string {
  const plain = secret.replace(/\s+/g, '').toUpperCase();
  return (plain.match(new RegExp(`.{1,${size}}`, 'g')) ?? []).join(' ');
}

export const RECOVERY_CODES_FILE_NAME = 'inkooporders-herstelcodes.txt';
export const RECOVERY_CODES_MIME = 'text/plain;charset=utf-8';

/**
 * The downloaded file: one line saying what the codes are for (whose account, which day on the Dutch
 * calendar), then one code a line. UTF-8 with a byte-order mark and CRLF line ends, so Notepad and
 * TextEdit show 'één' as written, whatever their settings.
 */
export function recoveryCodesText(codes: readonly string[], account: { email: string; now: Date }): string {
  const header = `Herstelcodes van Inkooporders voor ${account.email}, gemaakt op ${formatDate(account.now)}. Elke code werkt één keer.`;
  return `\uFEFF${[header, ...codes].join('\r\n')}\r\n`;
}
