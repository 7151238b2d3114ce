// What `npm test`'s passes leave out, shared by scripts/test.mjs and its test.

/** The PGlite pass leaves out the tests that need a real PostgreSQL: they run in the PostgreSQL pass. */
export const PGLITE_PASS_EXCLUDE = '**/*.pg.test.ts';
