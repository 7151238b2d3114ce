/** The messages between the server and its password-hashing child (password-child.ts). */

export type HashJob = { op: 'hash'; password: string } | { op: 'verify'; hash: string; password: string };

export type HashRequest = HashJob & { id: number };

export type HashReply =
  | { type: 'ready' }
  | { type: 'done'; id: number; value: string | boolean }
  | { type: 'failed'; id: number; message: string };

/** The child's nice value: the lowest priority, so the scheduler always prefers the server and Postgres. */
export const HASHING_NICE = 19;
