import type { Mailer, MailMessage } from '../server/services/mail/message';
import { extractLinks } from '../server/services/mail/outbox';

export type CapturingMailer = Mailer & {
  messages: MailMessage[];
  /** Make the next sends reject, as a broken SMTP server would. */
  failing: boolean;
  /** Messages to one address (case-insensitive), oldest first. */
  to(address: string): MailMessage[];
  /** The last link in the newest mail to `address` whose URL contains `contains`. */
  lastLink(address: string, contains: string): string;
  /** The token at the end of that link (…/verify-email/{token}). */
  lastToken(address: string, kind: 'verify-email' | 'reset-password' | 'invite'): string;
  clear(): void;
};

/** A Mailer for tests: keeps every message in memory instead of sending it. */
export function createCapturingMailer(): CapturingMailer {
  const messages: MailMessage[] = [];
  const mailer: CapturingMailer = {
    messages,
    failing: false,
    async send(message) {
      if (mailer.failing) throw new Error('SMTP unavailable (test)');
      messages.push(message);
      return { rejected: [] };
    },
    async close() {},
    to: (address) => messages.filter((m) => m.to.toLowerCase() === address.toLowerCase()),
    lastLink(address, contains) {
      const mine = mailer.to(address);
      const last = mine[mine.length - 1];
      if (!last) throw new Error(`no mail to ${address}`);
      const link = extractLinks(last.html, last.text).find((l) => l.includes(contains));
      if (!link) throw new Error(`no link containing ${contains} in "${last.subject}" to ${address}`);
      return link;
    },
    lastToken(address, kind) {
      const link = mailer.lastLink(address, `/${kind}/`);
      return decodeURIComponent(link.slice(link.lastIndexOf('/') + 1));
    },
    clear: () => {
      messages.length = 0;
    },
  };
  return mailer;
}
