import type { MembershipRole } from '../../../db/schema';

/**
 * Who a request acts for: the organisation (the tenant every business query is scoped to), the person
 * in it, and their role there. Taken from the session or the API key, never from a request's input.
 */
export type Tenant = { organizationId: string; userId: string; role: MembershipRole };
