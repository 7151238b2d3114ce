export const AUDIT_TIMEOUT_MS: number;
export type AuditVerdict = { outcome: 'passed' | 'failed' | 'skipped'; message: string };
export function auditVerdict(run: {
  stdout?: string;
  error?: (Error & { code?: string }) | null;
}): AuditVerdict;
export function runAudit(cwd: string): AuditVerdict;
