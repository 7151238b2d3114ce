import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import {
  DUMMY_HASH,
  hashPassword,
  PASSWORD_HASHES_AT_ONCE,
  passwordHashingLoad,
  passwordNeedsRehash,
  verifyAgainstDummy,
  verifyPassword,
} from './passwords';

describe('passwords', () => {
  it('hashes with argon2id at OWASP strength and verifies', async () => {
    const hash = await hashPassword('Geheim123');
    expect(hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(hash).toContain('m=19456');
    expect(hash).toContain('t=2');
    expect(hash).toContain('p=1');
    expect(await verifyPassword(hash, 'Geheim123')).toBe(true);
    expect(await verifyPassword(hash, 'geheim123')).toBe(false);
    expect(passwordNeedsRehash(hash)).toBe(false);
  });

  it('a broken hash is a wrong password, not a crash', async () => {
    expect(await verifyPassword('geen-hash', 'x')).toBe(false);
  });

  it('the dummy hash uses today’s parameters, so an unknown address costs as much as a wrong password', async () => {
    expect(passwordNeedsRehash(DUMMY_HASH)).toBe(false);
    expect(await verifyAgainstDummy('Geheim123')).toBe(false);
  });

  it('weaker old hashes are flagged for a rehash', async () => {
    const weak = await argon2.hash('x', {
      type: argon2.argon2id,
      memoryCost: 4096,
      timeCost: 1,
      parallelism: 1,
    });
    expect(passwordNeedsRehash(weak)).toBe(true);
  });

  it('runs at most PASSWORD_HASHES_AT_ONCE hashes at once (one core fewer than the machine); the rest wait', async () => {
    const hash = await hashPassword('Geheim123');
    const checks = Array.from({ length: PASSWORD_HASHES_AT_ONCE + 3 }, () =>
      verifyPassword(hash, 'Geheim123'),
    );
    // Taken at once, before any hash finished: the pool is full and the others are in line.
    expect(passwordHashingLoad()).toEqual({ active: PASSWORD_HASHES_AT_ONCE, waiting: 3 });
    expect(PASSWORD_HASHES_AT_ONCE).toBe(Math.max(1, availableParallelism() - 1));
    expect(await Promise.all(checks)).toEqual(checks.map(() => true));
    expect(passwordHashingLoad()).toEqual({ active: 0, waiting: 0 });
  });
});
