import type { OrganizationRow, UserRow } from '../../db/schema';
import { organizationSettingsMessages } from '../../shared/schemas/organization-settings';
import { TWO_FACTOR_ENROLMENT_REQUIRED_CODE } from '../../shared/two-factor-enrolment';
import { AppError } from '../errors';
import type { ValidSession } from '../services/auth/sessions';

/**
 * 'Tweestapsverificatie verplicht': while the active organisation requires two-step sign-in, a person
 * signed in without it may only enrol, or get out. Every signed-in procedure (trpc.ts) and every plain
 * route (request-auth.ts requireUser) asks here. Public procedures are outside: they work without
 * signing in at all (logging in and out, the start-up's auth.session), so refusing them to a session
 * would guard nothing. API keys are not sessions and are never held here.
 */

/**
 * The procedures a person who must enrol may still call: what the enrolment screen shows and does
 * (the profile that says enrolment is needed, the key and its first code), and switching to another
 * organisation of theirs, which may not require it. Nothing else: no business data, no settings.
 */
export const ENROLMENT_PROCEDURES: ReadonlySet<string> = new Set([
  'auth.profile',
  'auth.twoFactorSetup',
  'auth.twoFactorEnable',
  'auth.organizations',
  'auth.activateOrganization',
]);

type Signed = {
  session: ValidSession | null;
  user: Pick<UserRow, 'twoFactorEnabled'> | null;
  organization: Pick<OrganizationRow, 'twoFactorRequired'> | null;
};

/** Whether this request is a session of someone who must set up two-step sign-in first. */
export const mustEnrolTwoFactor = ({ session, user, organization }: Signed): boolean =>
  session !== null && organization?.twoFactorRequired === true && user?.twoFactorEnabled === false;

export const twoFactorEnrolmentRequired = () =>
  new AppError(
    'FORBIDDEN',
    organizationSettingsMessages.enrolmentRequired,
    {},
    { domainCode: TWO_FACTOR_ENROLMENT_REQUIRED_CODE },
  );

/**
 * The 403 with code TWO_FACTOR_ENROLMENT_REQUIRED for such a session, unless `procedure` (a tRPC path;
 * none for a plain route) is one of ENROLMENT_PROCEDURES. The user is read with the session on every
 * request, so the call after enabling two-step sign-in goes through.
 */
export function assertTwoFactorEnrolled(signed: Signed, procedure?: string): void {
  if (!mustEnrolTwoFactor(signed)) return;
  if (procedure !== undefined && ENROLMENT_PROCEDURES.has(procedure)) return;
  throw twoFactorEnrolmentRequired();
}
