import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { SESSION_COOKIE } from './request-auth';

export const CROSS_SITE_MESSAGE = 'Dit verzoek komt van een andere website en is geweigerd.';

export const crossSiteRefused = () => new AppError('FORBIDDEN', CROSS_SITE_MESSAGE);

/**
 * Whether a request rides on the session cookie from a page of another origin (the Lucia guide's CSRF
 * check: a browser names the page's origin in `Origin` on every POST, PUT, PATCH and DELETE). Same
 * origin is APP_URL's, or the host the request was sent to (a server reached under another name,
 * e.g. 127.0.0.1 for localhost). `Origin: null` (a sandboxed frame, a file) is another origin too.
 *
 * Only cookie requests: the cookie is what a browser adds by itself. A bearer token or an API key
 * is sent by a program on purpose, and a browser page of another origin cannot send that header
 * without CORS, which this server does not grant.
 */
export function isCrossSiteCookieRequest(req: FastifyRequest, appOrigin: string): boolean {
  const origin = req.headers.origin;
  if (origin === undefined || !req.cookies?.[SESSION_COOKIE]) return false;
  if (origin === appOrigin) return false;
  const host = req.headers.host?.toLowerCase();
  try {
    return !host || new URL(origin).host !== host;
  } catch {
    return true;
  }
}

/**
 * Whether a GET rides on the session cookie from another site's link, image or frame: the browser
 * names where the navigation came from in `Sec-Fetch-Site`. The spec's GET logout is a change, and a
 * link elsewhere must not end a session (mail links, e.g. verify-email, come cross-site on purpose and
 * are not asked this). `none` is a typed address or a bookmark; a program sends no such header.
 */
export function isCrossSiteCookieGet(req: FastifyRequest): boolean {
  if (req.method !== 'GET' || !req.cookies?.[SESSION_COOKIE]) return false;
  const site = req.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}
