import type { DbOrTx } from '../../db/client';
import { pruneAuditLog } from './audit/audit-log';
import { pruneRateLimits } from './auth/rate-limit';
import { deleteExpiredSessions } from './auth/sessions';
import { deleteExpiredLoginChallenges } from './auth/two-factor/challenges';
import { deleteExpiredIdempotencyKeys } from './idempotency/idempotency';
import { pruneInvitations } from './organizations/invitations';
import { deleteExpiredPdfs } from './pdf/pdf-files';
import { deleteExpiredPdfLinks } from './pdf/pdf-links';

/** What one clean-up removed, by table. */
export type SweepCounts = {
  pdfFiles: number;
  pdfLinkTokens: number;
  sessions: number;
  loginChallenges: number;
  rateLimits: number;
  idempotencyKeys: number;
  auditLog: number;
  invitations: number;
};

/**
 * Removes what has expired everywhere, for every account: printed PDFs past their day and the
 * download links past their minutes, sessions and the challenges of sign-ins' second step past their
 * expiry, rate-limit windows that ended, and idempotency keys past their window, audit log entries
 * past their two years, invitations long over. Run by the scheduled housekeeping job, not on request
 * paths: a request then pays nothing for it, and rows of accounts that never come back go too.
 */
export async function sweepExpired(db: DbOrTx, now: Date): Promise<SweepCounts> {
  // Links first: a file's links would go with it anyway (on delete cascade), but counted as the file's.
  const pdfLinkTokens = await deleteExpiredPdfLinks(db, now);
  const pdfFiles = await deleteExpiredPdfs(db, now);
  const sessions = await deleteExpiredSessions(db, now);
  const loginChallenges = await deleteExpiredLoginChallenges(db, now);
  const rateLimits = await pruneRateLimits(db, now);
  const idempotencyKeys = await deleteExpiredIdempotencyKeys(db, now);
  const auditLog = await pruneAuditLog(db, now);
  const invitationsRemoved = await pruneInvitations(db, now);
  return {
    pdfFiles,
    pdfLinkTokens,
    sessions,
    loginChallenges,
    rateLimits,
    idempotencyKeys,
    auditLog,
    invitations: invitationsRemoved,
  };
}
