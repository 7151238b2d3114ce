export const PGLITE_PASS_EXCLUDE: string;
