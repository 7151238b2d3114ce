import argon2 from 'argon2';

/** OWASP's minimum for argon2id: 19 MiB, two passes, one lane. Shared by the server and the hashing child. */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;
