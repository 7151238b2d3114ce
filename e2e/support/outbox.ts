import { type APIRequestContext, expect } from '@playwright/test';

/** A mail in the outbox as /dev/mail.json lists it. */
export type OutboxMail = {
  id: string;
  to: string;
  from: string;
  cc: string | null;
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
  links: string[];
  attachments: { filename: string; contentType: string; size: number }[];
};

const outboxOf = async (request: APIRequestContext, email: string) => {
  const res = await request.get(`/dev/mail.json?to=${encodeURIComponent(email)}`);
  return (await res.json()) as OutboxMail[];
};

/** The newest link containing `part` in a mail to `email`, read from the outbox as a developer would. */
export async function linkFromOutbox(
  request: APIRequestContext,
  email: string,
  part: string,
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        link = (await outboxOf(request, email)).flatMap((m) => m.links).find((l) => l.includes(part));
        return link;
      },
      { message: `a mail to ${email} with a ${part} link`, timeout: 10_000 },
    )
    .toBeTruthy();
  // The app may be reached under another host name than APP_URL: keep only the path.
  return new URL(link!).pathname;
}

/** The outbox's mails to `email`, newest first, once there are `count` of them. */
export async function mailsTo(request: APIRequestContext, email: string, count = 1): Promise<OutboxMail[]> {
  let mails: OutboxMail[] = [];
  await expect
    .poll(
      async () => {
        mails = await outboxOf(request, email);
        return mails.length;
      },
      { message: `${count} mail(s) to ${email}` },
    )
    .toBeGreaterThanOrEqual(count);
  return mails;
}

/** The bytes of a mail's attachment. */
export async function attachmentOf(request: APIRequestContext, mail: OutboxMail, index = 0): Promise<Buffer> {
  const res = await request.get(`/dev/mail/${mail.id}/attachments/${index}`);
  expect(res.status()).toBe(200);
  return res.body();
}
