import type { FastifyInstance } from 'fastify';
import { AUDIT_LOG_PAGE_SIZE } from '../../shared/schemas/audit-log';
import type { AppDeps } from '../deps';
import { listAuditLog } from '../services/audit/audit-log';
import { AUDIT_LOG_LIST } from './list-operations';
import { parseListQuery, setPageHeaders } from './list-paging';
import { createRequestAuth } from './request-auth';

/**
 * GET /api/organization/audit-log: one page of the organisation's log, newest first, with
 * X-Total-Count and Link as the other lists. A plain route because those headers belong to the HTTP
 * answer; described by list-operations.ts. `auditLog.list` is the screen's tRPC call.
 */
export const AUDIT_LOG_URL = '/api/organization/audit-log';

export function registerAuditLogList(app: FastifyInstance, deps: AppDeps): void {
  const auth = createRequestAuth(deps);
  app.get(AUDIT_LOG_URL, { exposeHeadRoute: false }, async (req, reply) => {
    const { tenant } = await auth.requireUser(req, reply, { capability: 'manage' });
    const query = parseListQuery(AUDIT_LOG_LIST.query, req.query);
    const limit = query.limit ?? AUDIT_LOG_PAGE_SIZE;
    const { entries, total } = await listAuditLog(deps.db, tenant.organizationId, { ...query, limit });
    setPageHeaders(reply, {
      baseUrl: `${deps.config.appUrl}${AUDIT_LOG_URL}`,
      query: req.query as Record<string, unknown>,
      limit,
      offset: query.offset ?? 0,
      total,
    });
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(entries));
  });
}
