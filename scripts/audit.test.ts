import { describe, expect, it } from 'vitest';
import { auditVerdict } from './audit.mjs';

/** What `npm audit --json` printed here: this machine's registry does not serve the audit. */
const registry405 = JSON.stringify({
  message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
  method: 'POST',
  uri: 'https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
  statusCode: 405,
  body: '',
  error: { summary: '', detail: '' },
});

/** An audit report (auditReportVersion 2) with the given findings. */
function report(vulnerabilities: Record<string, { severity: string; range?: string }>) {
  const counts = { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0 };
  for (const v of Object.values(vulnerabilities)) {
    counts[v.severity as keyof typeof counts]++;
    counts.total++;
  }
  return JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities: Object.fromEntries(
      Object.entries(vulnerabilities).map(([name, v]) => [name, { name, isDirect: false, via: [], ...v }]),
    ),
    metadata: { vulnerabilities: counts, dependencies: { prod: 90, total: 90 } },
  });
}

describe('auditVerdict', () => {
  it('skips, saying why, when the registry does not answer the audit', () => {
    expect(auditVerdict({ stdout: registry405 })).toEqual({
      outcome: 'skipped',
      message:
        'skipped: registry does not answer audit (405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk)',
    });
    const offline = JSON.stringify({
      error: { code: 'ENOTFOUND', summary: 'request to https://registry.npmjs.org failed' },
    });
    expect(auditVerdict({ stdout: offline }).outcome).toBe('skipped');
    const late = Object.assign(new Error('spawnSync npm ETIMEDOUT'), { code: 'ETIMEDOUT' });
    expect(auditVerdict({ error: late })).toEqual({
      outcome: 'skipped',
      message: 'skipped: registry does not answer audit (no answer within 120 s)',
    });
  });

  it('fails on high or critical findings, naming them', () => {
    const verdict = auditVerdict({
      stdout: report({ lodash: { severity: 'high', range: '<4.17.21' }, semver: { severity: 'moderate' } }),
    });
    expect(verdict.outcome).toBe('failed');
    expect(verdict.message).toBe('npm audit: 0 critical, 1 high: lodash (high, <4.17.21)');
    expect(auditVerdict({ stdout: report({ undici: { severity: 'critical' } }) }).outcome).toBe('failed');
  });

  it('passes with only moderate or low findings, or none', () => {
    expect(
      auditVerdict({ stdout: report({ semver: { severity: 'moderate' }, ms: { severity: 'low' } }) }),
    ).toEqual({
      outcome: 'passed',
      message: 'npm audit: no high or critical vulnerabilities (2 in all: 1 moderate, 1 low)',
    });
    expect(auditVerdict({ stdout: report({}) }).outcome).toBe('passed');
  });

  it('fails on output it cannot read: an audit that broke is not one that passed', () => {
    expect(auditVerdict({ stdout: 'npm ERR! something else' }).outcome).toBe('failed');
    expect(auditVerdict({ stdout: JSON.stringify({ error: { code: 'EJSONPARSE' } }) }).outcome).toBe(
      'failed',
    );
  });
});
