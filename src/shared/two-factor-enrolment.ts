/**
 * The body's `code` of the 403 a session gets while its organisation requires two-step sign-in and
 * the person has none (REST and tRPC alike, beside `message`), so a client can tell it from any other
 * 403. Apart from the schemas: the app's first load reads it, and that load carries no zod.
 */
export const TWO_FACTOR_ENROLMENT_REQUIRED_CODE = 'TWO_FACTOR_ENROLMENT_REQUIRED';
