import { describe, expect, it } from 'vitest';
import { isQueueCurrent, QUEUE_SCHEMA_VERSION } from './queue';

describe('isQueueCurrent', () => {
  it("is true only for this pg-boss's schema version with every queue asked for there", () => {
    expect(isQueueCurrent({ version: QUEUE_SCHEMA_VERSION, hasQueues: true })).toBe(true);
    expect(isQueueCurrent({ version: QUEUE_SCHEMA_VERSION, hasQueues: false })).toBe(false);
    // An older schema (pg-boss upgraded since) or a newer one: pg-boss's own start decides.
    expect(isQueueCurrent({ version: QUEUE_SCHEMA_VERSION - 1, hasQueues: true })).toBe(false);
    expect(isQueueCurrent({ version: QUEUE_SCHEMA_VERSION + 1, hasQueues: true })).toBe(false);
    expect(isQueueCurrent({ version: null, hasQueues: false })).toBe(false);
  });

  it('reads the version from the pg-boss that is installed', async () => {
    const { default: versionFile } = await import('pg-boss/version.json');
    expect(QUEUE_SCHEMA_VERSION).toBe(versionFile.schema);
    expect(Number.isInteger(QUEUE_SCHEMA_VERSION)).toBe(true);
  });
});
