import type { FastifyReply } from 'fastify';
import { PAGE_CSS_HASH } from './styles';

/**
 * The page's Content-Security-Policy: nothing but its own stylesheet (by its hash) and images from this
 * server (the seller's logo); no script at all; the form posts only here; no other site may frame it,
 * and no <base> may move its links.
 */
export const PAGE_CSP = [
  "default-src 'none'",
  `style-src ${PAGE_CSS_HASH}`,
  "img-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** A file offered by the page (PDF, UBL, logo): no script, no framing, nothing it may load. */
export const FILE_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

/**
 * Headers every answer under /confirm/ carries. The link is the customer's key to the order: no search
 * engine may index what it opens, no Referer may carry it to another site, no cache may keep it.
 */
function privateHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('x-robots-tag', 'noindex, nofollow')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff');
}

export function pageHeaders(reply: FastifyReply): FastifyReply {
  return privateHeaders(reply)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    .header('cache-control', 'no-store');
}

export function fileHeaders(reply: FastifyReply, contentType: string): FastifyReply {
  return privateHeaders(reply)
    .header('content-type', contentType)
    .header('content-security-policy', FILE_CSP);
}
