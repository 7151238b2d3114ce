import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import { createSlotQueue } from '../slot-queue';
import { ARGON2_OPTIONS } from './argon2-options';
import { createPasswordHasher, type PasswordHasher, PasswordHashingError } from './password-hasher';

export { ARGON2_OPTIONS };

/**
 * Argon2 takes a core per hash: many logins at once took every core and raised every other call's
 * p99 many times over. At most this many hashes run at once, one core fewer than the machine has (at
 * least one); the rest wait their turn. Logins may wait, other users may not. Even one hash at a time
 * in the server's own thread pool still competed with the event loop and Postgres as an equal, so
 * the hashes run in a child process at the lowest priority (password-hasher.ts;
 * docs/decisions/password-hashing.md).
 */
export const PASSWORD_HASHES_AT_ONCE = Math.max(1, availableParallelism() - 1);

const hashing = createSlotQueue(
  Array.from({ length: PASSWORD_HASHES_AT_ONCE }, (_, slot) => slot),
  Number.POSITIVE_INFINITY,
);

/** Hashes being computed now, and waiting for their turn. */
export const passwordHashingLoad = () => ({ active: hashing.active, waiting: hashing.waiting });

let hasher: PasswordHasher | undefined;
const theHasher = () => {
  hasher ??= createPasswordHasher();
  return hasher;
};

export function hashPassword(password: string): Promise<string> {
  return hashing.use(() => theHasher().hash(password));
}

/**
 * False for a wrong password and for a hash argon2 cannot read; never throws for those. Throws
 * PasswordHashingError when the hashing child failed twice: that is not a wrong password.
 */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await hashing.use(() => theHasher().verify(hash, password));
  } catch (err) {
    if (err instanceof PasswordHashingError) throw err;
    return false;
  }
}

/**
 * Stops the hashing child (on the app's close), once it has answered what it has; the next hash
 * starts a new one. Idle, the child never keeps the process alive anyway.
 */
export async function stopPasswordHashing(): Promise<void> {
  await hasher?.close();
}

/** True when a stored hash was made with weaker (older) parameters than today's. */
export function passwordNeedsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, ARGON2_OPTIONS);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password nobody knows, made with ARGON2_OPTIONS (passwords.test.ts keeps the two
 * in step). Checking against it costs what checking a real password costs.
 */
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,p=1,t=2$GqRgUmwL2EUQWFa7wH+Spg$zNe4IJnXiuZ10zfZayxBOWqRJjUHV9ESYaNsTp4nwrM';

/**
 * Spends the same time as checking a real password, for an address that has no account: an unknown
 * address and a wrong password must not be told apart by how long the answer takes.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(DUMMY_HASH, password);
  return false;
}
