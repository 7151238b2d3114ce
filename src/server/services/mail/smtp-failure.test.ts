import { describe, expect, it } from 'vitest';
import { classifySmtpFailure } from './smtp-failure';

/** nodemailer's error: a message with code, command and responseCode (smtp-connection's _formatError). */
const smtpError = (fields: Record<string, unknown>) => Object.assign(new Error('smtp'), fields);

describe('classifySmtpFailure', () => {
  it.each([
    ['no connection', smtpError({ code: 'ECONNECTION' }), { kind: 'unreachable' }],
    ['a time-out', smtpError({ code: 'ETIMEDOUT' }), { kind: 'unreachable' }],
    ['421 at the greeting', smtpError({ code: 'EPROTOCOL', responseCode: 421 }), { kind: 'unreachable' }],
    [
      '451 after DATA (try later)',
      smtpError({ code: 'EMESSAGE', command: 'DATA', responseCode: 451 }),
      { kind: 'unreachable' },
    ],
    [
      'a 4xx at RCPT TO (greylisting)',
      smtpError({ code: 'EENVELOPE', command: 'RCPT TO', responseCode: 450, rejected: ['a@b.nl'] }),
      { kind: 'unreachable' },
    ],
    [
      '535 wrong password',
      smtpError({ code: 'EAUTH', command: 'AUTH PLAIN', responseCode: 535 }),
      { kind: 'login' },
    ],
    [
      'EAUTH without an answer (no credentials)',
      smtpError({ code: 'EAUTH', command: 'API' }),
      { kind: 'login' },
    ],
    [
      '530 at MAIL FROM (login required)',
      smtpError({ code: 'EENVELOPE', command: 'MAIL FROM', responseCode: 530 }),
      { kind: 'login' },
    ],
    [
      '553 at MAIL FROM',
      smtpError({ code: 'EENVELOPE', command: 'MAIL FROM', responseCode: 553 }),
      { kind: 'sender' },
    ],
    [
      '550 at RCPT TO',
      smtpError({ code: 'EENVELOPE', command: 'RCPT TO', responseCode: 550, rejected: ['a@b.nl', 'c@d.nl'] }),
      { kind: 'recipients', addresses: ['a@b.nl', 'c@d.nl'] },
    ],
    [
      '554 after DATA',
      smtpError({ code: 'EMESSAGE', command: 'DATA', responseCode: 554 }),
      { kind: 'message' },
    ],
    [
      '552 too large',
      smtpError({ code: 'EMESSAGE', command: 'DATA', responseCode: 552 }),
      { kind: 'message' },
    ],
    ['not an error object', 'weg', { kind: 'unreachable' }],
  ])('%s', (_what, err, expected) => {
    expect(classifySmtpFailure(err)).toEqual(expected);
  });
});
