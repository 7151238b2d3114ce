import {
  AUDIT_LOG_PAGE_SIZE,
  auditActorChoicesOutput,
  auditLogPageOutput,
  auditLogQuery,
} from '../../shared/schemas/audit-log';
import { listAuditActors, listAuditLog } from '../services/audit/audit-log';
import { authedProcedure, router } from '../trpc';

export const auditLogRouter = router({
  /**
   * The Logboek screen's page and its count. Over REST, GET /api/organization/audit-log is a plain
   * route (http/audit-log-list.ts) that puts the count in X-Total-Count.
   */
  list: authedProcedure
    .meta({ capability: 'manage' })
    .input(auditLogQuery)
    .output(auditLogPageOutput)
    .query(({ ctx, input }) =>
      listAuditLog(ctx.db, ctx.tenant.organizationId, {
        ...input,
        limit: input.limit ?? AUDIT_LOG_PAGE_SIZE,
      }),
    ),

  /** The screen's 'Wie' filter: everyone in the log (not part of the REST contract). */
  actors: authedProcedure
    .meta({ capability: 'manage' })
    .output(auditActorChoicesOutput)
    .query(({ ctx }) => listAuditActors(ctx.db, ctx.tenant.organizationId)),
});
