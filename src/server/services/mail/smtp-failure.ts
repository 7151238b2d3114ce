/**
 * What an SMTP failure means for the person who pressed Verzenden, read from nodemailer's error:
 * `code` (EAUTH, EENVELOPE, ECONNECTION, ETIMEDOUT …), `command` (the SMTP command answered) and
 * `responseCode` (the server's answer). Who can fix it differs: a refused recipient is the user's to
 * correct, a refused login or sender is the operator's (SMTP_URL, MAIL_FROM), a server that cannot
 * be reached or answers 4xx only needs time. One "geweigerd; controleer de adressen" for every 5xx
 * would send users to check addresses when the app's own SMTP password was wrong.
 */
export type SmtpFailure =
  | { kind: 'unreachable' }
  | { kind: 'login' }
  | { kind: 'sender' }
  | { kind: 'recipients'; addresses: string[] }
  | { kind: 'message' };

const field = (err: unknown, name: string): unknown =>
  typeof err === 'object' && err !== null ? Reflect.get(err, name) : undefined;

/** 530: authentication required (the app sent none); 534/535: credentials refused (RFC 4954). */
const LOGIN_CODES = new Set([530, 534, 535]);

export function classifySmtpFailure(err: unknown): SmtpFailure {
  const code = field(err, 'code');
  const command = String(field(err, 'command') ?? '');
  const response = field(err, 'responseCode');
  const permanent = typeof response === 'number' && response >= 500;
  if (code === 'EAUTH' || (typeof response === 'number' && LOGIN_CODES.has(response)))
    return { kind: 'login' };
  // Anything else that is not a lasting refusal (a 4xx "try later", no answer, no connection) passes with time.
  if (!permanent) return { kind: 'unreachable' };
  if (command === 'MAIL FROM') return { kind: 'sender' };
  if (command === 'RCPT TO') {
    const rejected = field(err, 'rejected');
    const addresses = Array.isArray(rejected) ? rejected.map(String) : [];
    return { kind: 'recipients', addresses };
  }
  return { kind: 'message' };
}
