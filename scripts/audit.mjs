// `npm audit --omit=dev`: known vulnerabilities in the packages the app runs with (not the tools
// that build and test it). A step of the fault tests (`npm run test:faults`, scripts/test.mjs):
// high or critical fails it; a registry that does not answer the audit (this machine's answers
// 405) skips it, saying so, rather than failing every run or passing without having looked.
import { spawnSync } from 'node:child_process';

/** How long the registry gets to answer. */
export const AUDIT_TIMEOUT_MS = 120_000;

const NO_ANSWER_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENETUNREACH',
]);

const skipped = (reason) => ({
  outcome: 'skipped',
  message: `skipped: registry does not answer audit (${reason})`,
});

/**
 * The verdict on one run of `npm audit --json`: its exit status, its output, and the error of the
 * run itself (a time-out). `{outcome: 'passed' | 'failed' | 'skipped', message}`.
 */
export function auditVerdict({ stdout = '', error = null }) {
  if (error)
    return skipped(
      error.code === 'ETIMEDOUT' ? `no answer within ${AUDIT_TIMEOUT_MS / 1000} s` : error.message,
    );
  let report;
  try {
    report = JSON.parse(stdout);
  } catch {
    return { outcome: 'failed', message: `npm audit gave no JSON report:\n${stdout.slice(0, 2000)}` };
  }
  const counts = report?.metadata?.vulnerabilities;
  if (counts) {
    const serious = Object.values(report.vulnerabilities ?? {})
      .filter((v) => v.severity === 'high' || v.severity === 'critical')
      .map((v) => `${v.name} (${v.severity}${v.range ? `, ${v.range}` : ''})`);
    if ((counts.high ?? 0) + (counts.critical ?? 0) > 0)
      return {
        outcome: 'failed',
        message: `npm audit: ${counts.critical ?? 0} critical, ${counts.high ?? 0} high: ${serious.join('; ') || 'see npm audit'}`,
      };
    return {
      outcome: 'passed',
      message: `npm audit: no high or critical vulnerabilities (${counts.total ?? 0} in all: ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low)`,
    };
  }
  // npm's error report: {statusCode, message} from the registry, or {error: {code, summary}}.
  const status = report?.statusCode;
  const code = report?.code ?? report?.error?.code;
  const text = report?.message ?? report?.error?.summary ?? '';
  if (typeof status === 'number') return skipped(text || `HTTP ${status}`);
  if (typeof code === 'string' && (NO_ANSWER_CODES.has(code) || /^E(404|405|5\d\d)$/.test(code)))
    return skipped(text || code);
  return { outcome: 'failed', message: `npm audit failed:\n${stdout.slice(0, 2000)}` };
}

/** Runs the audit in `cwd` and judges it. */
export function runAudit(cwd) {
  const r = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
    cwd,
    encoding: 'utf8',
    timeout: AUDIT_TIMEOUT_MS,
    // The report is JSON on stdout; npm's warnings go to stderr and are not ours to show.
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return auditVerdict({ stdout: r.stdout ?? '', error: r.error ?? null });
}
