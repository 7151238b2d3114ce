import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { fieldErrors } from '../../shared/field-errors';
import { invalidInput } from '../errors';
import { VALIDATION_MESSAGE } from './error-body';

/**
 * The integrator's list parameters on the plain list routes (GET /api/orders, GET /api/customers):
 * read with the shared schema, answered with the paging headers.
 */

/** The query string through `schema`, or the app's 400 with `details: {parameter: message}`. */
export function parseListQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const parsed = schema.safeParse(query ?? {});
  if (!parsed.success) throw invalidInput(fieldErrors(parsed.error), VALIDATION_MESSAGE);
  return parsed.data;
}

export type PageHeaders = {
  /** The list's address as the client should call it again: the app's own origin and path. */
  baseUrl: string;
  /** The parameters of this call as they were given (text), so next/prev keep the filters. */
  query: Record<string, unknown>;
  limit: number;
  offset: number;
  total: number;
};

/**
 * `X-Total-Count` (every match, not just this page) and a `Link` header (RFC 8288) with `next` while
 * there is more, `prev` unless this is the first page.
 */
export function setPageHeaders(reply: FastifyReply, { baseUrl, query, limit, offset, total }: PageHeaders) {
  const link = (rel: 'next' | 'prev', at: number) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (name !== 'offset' && name !== 'limit' && typeof value === 'string') params.set(name, value);
    }
    params.set('limit', String(limit));
    params.set('offset', String(at));
    return `<${baseUrl}?${params}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (offset + limit < total) links.push(link('next', offset + limit));
  if (offset > 0) links.push(link('prev', Math.max(0, Math.min(offset - limit, total - limit))));
  reply.header('x-total-count', String(total));
  if (links.length > 0) reply.header('link', links.join(', '));
}
