import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The page's two guards against a post made from another site (docs/decisions/confirm-page.md):
 * a form token bound to the link, and the browser's own word on where the post came from. The page
 * carries no cookie, so neither guards a session: together they make sure an answer is given on the
 * page itself, by someone who opened it, and not by a form elsewhere that knows the link.
 */

/**
 * The key the form tokens are signed with. It needs no secrecy: whoever can read the page knows the
 * link, and the link is what the answer rests on; the token only proves that a post was built from
 * this link's own page (a form copied from another link's page is refused). So the key is fixed: a
 * form shown before a restart, or by another copy of the server, is still taken afterwards.
 */
export const stableFormSecret = (): Buffer =>
  createHash('sha256').update('inkooporders:confirm-page-form').digest();

const FORM_TOKEN_CONTEXT = 'confirm-page-form:';

/** The hidden `formToken` of the page of one link: an HMAC of the link's token. */
export function formTokenFor(secret: Buffer, linkToken: string): string {
  return createHmac('sha256', secret).update(FORM_TOKEN_CONTEXT).update(linkToken).digest('base64url');
}

/** Whether a posted form token is the one the page of this link carries (compared in constant time). */
export function isFormTokenValid(secret: Buffer, linkToken: string, posted: string): boolean {
  const expected = Buffer.from(formTokenFor(secret, linkToken));
  const given = Buffer.from(posted);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type RequestOrigin = {
  origin: string | undefined;
  secFetchSite: string | undefined;
  host: string | undefined;
};

/**
 * Whether the browser says the post came from this site. `Sec-Fetch-Site` is the browser's own word
 * and decides when it is sent: only `same-origin` passes. Without it, `Origin` decides: APP_URL's
 * origin, or the host the request was sent to (a server reached under another name). The page's own
 * Referrer-Policy (no-referrer) makes a browser name its origin `null` on the page's own post, so
 * `null` proves nothing either way, and then, as with neither header (no browser), the form token
 * alone decides.
 */
export function isSameOriginPost(req: RequestOrigin, appOrigin: string): boolean {
  if (req.secFetchSite !== undefined) return req.secFetchSite === 'same-origin';
  if (req.origin === undefined || req.origin === 'null') return true;
  if (req.origin === appOrigin) return true;
  const host = req.host?.toLowerCase();
  try {
    return host !== undefined && host !== '' && new URL(req.origin).host === host;
  } catch {
    return false;
  }
}
