import { type APIRequestContext, expect } from '@playwright/test';

type OutboxMail = { to: string; subject: string; links: string[] };

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
        const res = await request.get(`/dev/mail.json?to=${encodeURIComponent(email)}`);
        const mails = (await res.json()) as OutboxMail[];
        link = mails.flatMap((m) => m.links).find((l) => l.includes(part));
        return link;
      },
      { message: `a mail to ${email} with a ${part} link`, timeout: 10_000 },
    )
    .toBeTruthy();
  // The app may be reached under another host name than APP_URL: keep only the path.
  return new URL(link!).pathname;
}
