import { createSlotQueue } from '../slot-queue';
import { PASSWORD_HASHES_AT_ONCE } from './passwords';

/**
 * Sign-ins are handled a few at a time, in arrival order, from their rate-limit check to their new
 * session: one more than the hashes that run at once, so that one does its queries while another's
 * password is checked. They wait for the hashing anyway; what the line adds is that 20 sign-ins at
 * once no longer send their ~4 statements each to the database at once, where every other user's
 * query waited behind them (docs/decisions/password-hashing.md; login.int.test.ts and `npm run bench`
 * check it).
 */
export const SIGN_INS_AT_ONCE = PASSWORD_HASHES_AT_ONCE + 1;

const line = createSlotQueue(
  Array.from({ length: SIGN_INS_AT_ONCE }, (_, slot) => slot),
  Number.POSITIVE_INFINITY,
);

/** Runs one sign-in's work when its turn comes. */
export function inSignInLine<T>(signIn: () => Promise<T>): Promise<T> {
  return line.use(signIn);
}
