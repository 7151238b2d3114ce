import { describe, expect, it, vi } from 'vitest';
import { PasswordHashingError } from './password-hasher';
import { hashPassword, passwordHashingLoad, verifyAgainstDummy, verifyPassword } from './passwords';

// A hashing child that stopped twice with the request (password-hasher.test.ts shows when that happens).
vi.mock('./password-hasher', async (importOriginal) => {
  const real = await importOriginal<typeof import('./password-hasher')>();
  const failed = () => Promise.reject(new real.PasswordHashingError('Het hashproces stopte.'));
  return {
    ...real,
    createPasswordHasher: () => ({ hash: failed, verify: failed, pid: undefined, close: async () => {} }),
  };
});

describe('passwords when the hashing child fails', () => {
  it('is an error, not a wrong password, and frees its place in the queue', async () => {
    await expect(verifyPassword('$argon2id$v=19$m=19456,p=1,t=2$abc$def', 'x')).rejects.toBeInstanceOf(
      PasswordHashingError,
    );
    await expect(verifyAgainstDummy('x')).rejects.toBeInstanceOf(PasswordHashingError);
    await expect(hashPassword('x')).rejects.toBeInstanceOf(PasswordHashingError);
    expect(passwordHashingLoad()).toEqual({ active: 0, waiting: 0 });
  });
});
