import { z } from 'zod';
import {
  forgotPasswordInput,
  loginInput,
  loginOutput,
  registerOutput,
  registerRequestInput,
  resendVerificationPublicInput,
  resetPasswordInput,
  verifyEmailInput,
  verifyEmailOutput,
} from '../../shared/schemas/auth';
import { successOutput } from '../../shared/schemas/common';
import {
  changePasswordInput,
  profileOutput,
  profileUpdateInput,
  sessionProfileOutput,
  sessionsEndedOutput,
} from '../../shared/schemas/company-profile';
import { loginChallengeOutput, loginTwoFactorInput } from '../../shared/schemas/login';
import {
  activateOrganizationInput,
  organizationOfUserOutput,
  organizationsOutput,
} from '../../shared/schemas/organization';
import {
  twoFactorDisableInput,
  twoFactorEnableInput,
  twoFactorEnableOutput,
  twoFactorSetupOutput,
} from '../../shared/schemas/two-factor';
import { crossSiteRefused } from '../http/cross-site';
import { sessionOnly } from '../http/request-auth';
import { audited, auditScope } from '../services/audit/audit-log';
import { loginUser, type SignedIn } from '../services/auth/login';
import { authMessages } from '../services/auth/messages';
import { requestPasswordReset, resetPassword } from '../services/auth/password-reset';
import { hashPassword } from '../services/auth/passwords';
import { updateProfile } from '../services/auth/profile';
import { toProfile, toSessionProfile } from '../services/auth/profile-view';
import { assertAuthRateLimit, type RateLimitedAction } from '../services/auth/rate-limit';
import { registerUser } from '../services/auth/register';
import { changePassword, signOutOtherSessions } from '../services/auth/security';
import { hashToken } from '../services/auth/session-tokens';
import { invalidateSession } from '../services/auth/sessions';
import { inSignInLine } from '../services/auth/sign-in-line';
import { twoFactorMessages } from '../services/auth/two-factor/messages';
import { completeSecondStep } from '../services/auth/two-factor/second-step';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from '../services/auth/two-factor/settings';
import {
  resendVerification,
  resendVerificationPublic,
  verifyEmailToken,
} from '../services/auth/verification';
import { runInBackground } from '../services/background';
import { registerWithInvitation } from '../services/organizations/invitations';
import { activateOrganization, listOrganizations } from '../services/organizations/memberships';
import { authedProcedure, type Context, publicProcedure, router, sessionProcedure } from '../trpc';

/** Counts this call against the per-IP and per-address budgets; 429 once either is spent. */
const limit = (ctx: Context, action: RateLimitedAction, email?: string) =>
  assertAuthRateLimit(ctx.db, { action, ip: ctx.ip, email, limit: ctx.config.rateLimitAuth, now: ctx.now() });

const tags = ['auth'];

/** A complete sign-in as both login calls answer it: the session's cookie, the profile and the token. */
function signedInAnswer(ctx: Context, { user, session, organization }: SignedIn) {
  ctx.setSessionCookie(session.token, session.expiresAt);
  return {
    ...toSessionProfile(user, organization),
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
  };
}

/** The code checks of Beveiliging: the person's own account, their budget of RATE_LIMIT_AUTH checks. */
const twoFactorScope = (ctx: {
  user: { id: string };
  actor: NonNullable<Context['actor']>;
  now: () => Date;
  config: Context['config'];
}) => ({ userId: ctx.user.id, actor: ctx.actor, now: ctx.now(), limit: ctx.config.rateLimitAuth });

const sessionOnlyNote = 'Alleen met een sessie, niet met een API-sleutel (403).';

const aboutLogout =
  'Beëindigt de sessie van het verzoek (het bearer-token of de sessiecookie) en wist de cookie; zonder geldige sessie volgt hetzelfde antwoord. Een API-sleutel is geen sessie: daarmee 403 (een sleutel beëindigt u met DELETE /api-keys/{id}).';

/**
 * Ends the request's session, if any, and clears its cookie; answers success either way. An API key
 * is not a session and is not ended by logging out: saying "uitgelogd" to it would be a lie (403;
 * revoking ends a key).
 */
async function logOut({ ctx }: { ctx: Context }) {
  if (ctx.apiKey) throw sessionOnly();
  if (ctx.crossSiteGet) throw crossSiteRefused();
  if (ctx.session) await invalidateSession(ctx.db, ctx.session.sessionId);
  else if (ctx.token) await invalidateSession(ctx.db, hashToken(ctx.token));
  ctx.clearSessionCookie();
  return { success: true as const, message: authMessages.loggedOut };
}

export const authRouter = router({
  register: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/register',
        tags,
        protect: false,
        summary: 'Registreren',
        description:
          'Maakt een ongeverifieerd account aan en verstuurt de verificatie e-mail; geeft geen sessie. Een bestaand adres krijgt exact hetzelfde antwoord. Met `invitationToken` (uit de link van een uitnodiging, zie GET /invitations/{token}) is `company` niet nodig: het e-mailadres moet het uitgenodigde zijn (anders 403), het account is meteen geverifieerd (geen verificatie e-mail) en wordt lid van de uitnodigende organisatie met de uitgenodigde rol, zonder eigen organisatie; het antwoord is dan dat van POST /auth/login (met `token` en de sessiecookie). Bestaat er al een account met dat adres: 409 (log in en accepteer). Een onbekende link 404; verlopen, gebruikt of ingetrokken 409.',
      },
    })
    .input(registerRequestInput)
    .output(z.union([loginOutput, registerOutput]))
    .mutation(async ({ ctx, input }) => {
      await limit(ctx, 'register', input.email);
      if (input.invitationToken !== undefined) {
        const { user, session, organization } = await registerWithInvitation(
          ctx.db,
          { name: input.name, email: input.email, passwordHash: await hashPassword(input.password) },
          input.invitationToken,
          ctx.now(),
          ctx.ip,
        );
        ctx.log.info({ userId: user.id, organizationId: organization.id }, 'user registered by invitation');
        ctx.setSessionCookie(session.token, session.expiresAt);
        return {
          ...toProfile(user, organization),
          token: session.token,
          expiresAt: session.expiresAt.toISOString(),
        };
      }
      // The schema asks `company` whenever there is no invitation.
      await registerUser(ctx, { ...input, company: input.company ?? '' }, ctx.now());
      return { success: true as const, message: authMessages.registered, email: input.email };
    }),

  login: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/login',
        tags,
        protect: false,
        summary: 'Inloggen',
        description:
          'Geeft het profiel met `token` (ook als HttpOnly-cookie `session`). 401 bij onjuiste gegevens; 403 met `emailVerificationRequired`, `userId`, `email` als het e-mailadres nog niet is geverifieerd. Staat tweestapsverificatie aan, dan is er nog geen sessie (geen `token`, geen cookie): het antwoord heeft dan `twoFactorRequired: true` (en `requiresTwoFactor: true`), `challenge`, `userId`, `email` en `message`, en POST /auth/login/two-factor met die `challenge` en een code uit de authenticator-app (of een herstelcode) maakt het inloggen af.',
      },
    })
    .input(loginInput)
    .output(z.union([loginOutput, loginChallengeOutput]))
    .mutation(async ({ ctx, input }) => {
      const result = await inSignInLine(async () => {
        await limit(ctx, 'login', input.email);
        return loginUser(ctx, input, ctx.now(), ctx.ip);
      });
      if ('challenge' in result)
        return {
          twoFactorRequired: true as const,
          requiresTwoFactor: true as const,
          challenge: result.challenge,
          userId: result.user.id,
          email: result.user.email,
          message: twoFactorMessages.codeNeeded,
        };
      return signedInAnswer(ctx, result);
    }),

  loginTwoFactor: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/login/two-factor',
        tags,
        protect: false,
        summary: 'Inloggen: tweede stap',
        description:
          'Maakt het inloggen af van een account met tweestapsverificatie: de `challenge` uit het antwoord van POST /auth/login, met `code` (de 6 cijfers die de authenticator-app nu toont) of `recoveryCode` (een van de tien herstelcodes, elk één keer te gebruiken). Antwoordt als POST /auth/login zonder tweede stap: het profiel met `token`, ook als cookie `session`. Een `challenge` is 5 minuten geldig, werkt één keer en vervalt na 5 onjuiste codes; een code werkt één keer. Een onbekende, verlopen of gebruikte `challenge` en een onjuiste code krijgen hetzelfde antwoord: 401. Pogingen per IP-adres en per account zijn beperkt (daarboven 429 met `Retry-After`).',
      },
    })
    .input(loginTwoFactorInput)
    .output(loginOutput)
    .mutation(async ({ ctx, input }) =>
      signedInAnswer(
        ctx,
        await completeSecondStep(ctx, input, { now: ctx.now(), ip: ctx.ip, limit: ctx.config.rateLimitAuth }),
      ),
    ),

  /** A mutation (it ends the session) that REST exposes as GET, as spec §7 names it. */
  logout: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/auth/logout',
        tags,
        protect: false,
        summary: 'Uitloggen',
        description: `${aboutLogout} Met de sessiecookie weigert deze GET (403) wanneer de browser meldt dat een andere site hem startte (\`Sec-Fetch-Site\`), zodat een link elders niemand kan uitloggen; POST /auth/logout doet hetzelfde en past beter bij een wijziging.`,
      },
    })
    .input(z.void())
    .output(successOutput)
    .mutation(logOut),

  /** The same as POST, for clients (and proxies) that rightly expect a change not to be a GET. */
  logoutPost: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/logout',
        tags,
        protect: false,
        summary: 'Uitloggen (POST)',
        description: `${aboutLogout} Met de sessiecookie alleen vanaf de eigen pagina's van de app (anders 403).`,
      },
    })
    .input(z.void())
    .output(successOutput)
    .mutation(logOut),

  /**
   * The browser's start-up question "who is logged in here?" (tRPC only, not part of the REST API):
   * the profile, or null without a valid session. Having no session is an answer, not an error, so a
   * logged-out page load logs no failed request; GET /api/auth/profile keeps its 401 (spec §7).
   */
  session: publicProcedure
    .input(z.void())
    .output(sessionProfileOutput.nullable())
    .query(({ ctx }) => (ctx.user && ctx.session ? toSessionProfile(ctx.user, ctx.organization) : null)),

  profile: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/auth/profile',
        tags,
        summary: 'Profiel ophalen',
        description:
          "Het profiel van het account: naam, e-mailadres en of het geverifieerd is van de gebruiker zelf, en de bedrijfs-, adres- en bankgegevens die op orders en PDF's staan van de actieve organisatie (zie GET /auth/organizations). Met een sessie of een API-sleutel (dan de organisatie van de sleutel); zonder geldige sessie of sleutel 401. Het sessietoken staat er niet in.",
      },
    })
    .input(z.void())
    .output(profileOutput)
    .query(({ ctx }) => toProfile(ctx.user, ctx.organization)),

  updateProfile: authedProcedure
    .meta({
      capability: 'read',
      openapi: {
        method: 'PUT',
        path: '/auth/profile',
        tags,
        summary: 'Profiel bijwerken',
        description:
          'Gedeeltelijke update: alleen meegestuurde velden worden gewijzigd, elk gecontroleerd met de Nederlandse regels en genormaliseerd opgeslagen (IBAN zonder spaties, postcode `1234 AB`). Een ongeldig veld geeft 400 met `details` en wijzigt niets. Het e-mailadres kan niet worden gewijzigd; een meegestuurd `email` wordt genegeerd. `name` en `password` zijn van de gebruiker zelf, de overige velden van de actieve organisatie: die wijzigt alleen een eigenaar of beheerder; een medewerker of lezer die ze zou wijzigen krijgt 403 en er verandert niets (ongewijzigd meesturen mag). Een nieuw `password` beëindigt alle andere sessies van de gebruiker; met een API-sleutel kan het wachtwoord niet worden gewijzigd (403).',
      },
    })
    .input(profileUpdateInput)
    .output(profileOutput)
    .mutation(({ ctx, input }) => {
      // The company's details are business data a write key may keep up to date (as far as its
      // creator's role allows, updateProfile); the password is
      // the account itself (see sessionProcedure).
      if (!ctx.session) {
        if (input.password) throw sessionOnly();
        return updateProfile(ctx.db, ctx.tenant, input, {
          passwordAttemptLimit: ctx.config.rateLimitAuth,
          now: ctx.now(),
          audit: auditScope(ctx),
        });
      }
      return updateProfile(ctx.db, ctx.tenant, input, {
        currentSessionId: ctx.session.sessionId,
        passwordAttemptLimit: ctx.config.rateLimitAuth,
        now: ctx.now(),
        audit: auditScope(ctx),
      });
    }),

  changePassword: sessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/change-password',
        tags,
        summary: 'Wachtwoord wijzigen',
        description:
          'Vraagt het huidige wachtwoord (onjuist: 400 met `details.currentPassword`); het nieuwe volgt de regels van registratie. Beëindigt alle andere sessies; de huidige blijft. `count`: het aantal beëindigde sessies. Alleen met een sessie, niet met een API-sleutel (403).',
      },
    })
    .input(changePasswordInput)
    .output(sessionsEndedOutput)
    .mutation(({ ctx, input }) =>
      changePassword(ctx.db, ctx.user.id, {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        currentSessionId: ctx.session.sessionId,
        limit: ctx.config.rateLimitAuth,
        now: ctx.now(),
      }),
    ),

  signOutOtherSessions: sessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/sessions/sign-out-others',
        tags,
        summary: 'Overal anders uitloggen',
        description:
          'Beëindigt alle sessies van de gebruiker behalve de huidige. `count`: het aantal beëindigde sessies. Alleen met een sessie, niet met een API-sleutel (403); API-sleutels blijven werken.',
      },
    })
    .input(z.object({}).optional())
    .output(sessionsEndedOutput)
    .mutation(({ ctx }) => signOutOtherSessions(ctx.db, ctx.user.id, ctx.session.sessionId)),

  twoFactorSetup: sessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/two-factor/setup',
        tags,
        summary: 'Tweestapsverificatie instellen',
        description: `Maakt een nieuwe geheime sleutel voor een authenticator-app (TOTP: SHA-1, 6 cijfers, 30 seconden): \`secret\` (base32, om over te typen) en \`otpauthUrl\` (voor de QR-code). Hij werkt pas na POST /auth/two-factor/enable met een code ervan, binnen 15 minuten; opnieuw instellen vervangt hem. Staat tweestapsverificatie al aan: 409. Na het inschakelen is de sleutel nergens meer op te vragen. ${sessionOnlyNote}`,
      },
    })
    .input(z.object({}).optional())
    .output(twoFactorSetupOutput)
    .mutation(({ ctx }) => setupTwoFactor(ctx.db, ctx.user, ctx.now())),

  twoFactorEnable: sessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/two-factor/enable',
        tags,
        summary: 'Tweestapsverificatie inschakelen',
        description: `Schakelt tweestapsverificatie in met één \`code\` van de sleutel uit POST /auth/two-factor/setup. Antwoordt met tien herstelcodes (\`recoveryCodes\`), elk één keer te gebruiken in plaats van een code; ze worden alleen nu getoond. Daarna vraagt POST /auth/login om de tweede stap. Onjuiste code: 400 met \`details.code\`; geen sleutel ingesteld (of ouder dan 15 minuten): 409; staat het al aan: 409. ${sessionOnlyNote}`,
      },
    })
    .input(twoFactorEnableInput)
    .output(twoFactorEnableOutput)
    .mutation(({ ctx, input }) => enableTwoFactor(ctx.db, twoFactorScope(ctx), input.code)),

  twoFactorDisable: sessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/two-factor/disable',
        tags,
        summary: 'Tweestapsverificatie uitschakelen',
        description: `Schakelt tweestapsverificatie uit met het wachtwoord en een \`code\` uit de app; de sleutel en de herstelcodes vervallen. Onjuist wachtwoord: 400 met \`details.password\`; onjuiste of al gebruikte code: 400 met \`details.code\`; staat het niet aan: 409. ${sessionOnlyNote}`,
      },
    })
    .input(twoFactorDisableInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await disableTwoFactor(ctx.db, twoFactorScope(ctx), input);
      return { success: true as const, message: twoFactorMessages.disabled };
    }),

  organizations: sessionProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/auth/organizations',
        tags,
        summary: 'Organisaties van de gebruiker',
        description:
          'Elke organisatie waarvan de ingelogde gebruiker lid is: `id`, `name` (de bedrijfsnaam), `role` (owner, admin, member of viewer) en `active` (`true` voor de organisatie waarin deze sessie werkt), oudste lidmaatschap eerst. Alleen met een sessie; een API-sleutel werkt in één organisatie (403).',
      },
    })
    .input(z.void())
    .output(organizationsOutput)
    .query(({ ctx }) => listOrganizations(ctx.db, ctx.user.id, ctx.tenant?.organizationId ?? null)),

  activateOrganization: sessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/organizations/{id}/activate',
        tags,
        summary: 'Actieve organisatie kiezen',
        description:
          'Laat deze sessie voortaan in organisatie `id` werken: profiel, klanten, orders en instellingen zijn daarna die van deze organisatie; andere sessies van de gebruiker houden hun eigen keuze. Antwoordt de organisatie zoals GET /auth/organizations haar toont. Een organisatie waarvan u geen lid bent geeft 404, hetzelfde antwoord als een die niet bestaat. Alleen met een sessie (een API-sleutel: 403).',
      },
    })
    .input(activateOrganizationInput)
    .output(organizationOfUserOutput)
    .mutation(async ({ ctx, input }) => {
      const { organization, role } = await audited(
        ctx.db,
        // Recorded in the organisation signed in to (activateOrganization refuses one the user is not in).
        { organizationId: input.id, actor: ctx.actor, now: ctx.now },
        (tx) =>
          activateOrganization(
            tx,
            { sessionId: ctx.session.sessionId, userId: ctx.user.id },
            input.id,
            ctx.now(),
          ),
        { action: 'auth.signed_in', objectType: 'member', objectId: ctx.user.id },
      );
      return { id: organization.id, name: organization.name, role, active: true };
    }),

  resendVerification: authedProcedure
    .meta({
      capability: 'read',
      openapi: {
        method: 'POST',
        path: '/auth/resend-verification',
        tags,
        summary: 'Verificatie e-mail opnieuw verzenden (ingelogd)',
        description:
          'Stuurt een nieuwe verificatielink naar het e-mailadres van het ingelogde account. Al geverifieerd: 400. Deelt de limiet van POST /auth/resend-verification-public (per IP-adres en per e-mailadres, per kwartier; daarboven 429 met `Retry-After`). Antwoordt de mailserver niet, dan 503.',
      },
    })
    .input(z.object({}).optional())
    .output(successOutput)
    .mutation(async ({ ctx }) => {
      await limit(ctx, 'resend-verification', ctx.user.email);
      await resendVerification(ctx, ctx.user, ctx.now());
      return { success: true as const, message: authMessages.verificationResent };
    }),

  resendVerificationPublic: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/resend-verification-public',
        tags,
        protect: false,
        summary: 'Verificatie e-mail opnieuw verzenden',
        description: 'Antwoordt hetzelfde, of het adres nu bekend is of niet.',
      },
    })
    .input(resendVerificationPublicInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await limit(ctx, 'resend-verification', input.email);
      // Looking the address up, and mailing, happen after the answer: known or not, verified or
      // not, SMTP up or down, the caller gets the same answer in the same time.
      const now = ctx.now();
      runInBackground(ctx.log, 'sending the verification mail (public resend)', () =>
        resendVerificationPublic(ctx, input.email, now),
      );
      return { success: true as const, message: authMessages.verificationResentPublic };
    }),

  forgotPassword: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/forgot-password',
        tags,
        protect: false,
        summary: 'Wachtwoord vergeten',
        description:
          'Mailt een resetlink (30 minuten geldig). Antwoordt hetzelfde, of het adres nu bekend is of niet.',
      },
    })
    .input(forgotPasswordInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await limit(ctx, 'forgot-password', input.email);
      // As the public resend: the same answer in the same time for every address (see there).
      const now = ctx.now();
      runInBackground(ctx.log, 'sending the password reset mail', () =>
        requestPasswordReset(ctx, input.email, now),
      );
      return { success: true as const, message: authMessages.forgotPassword };
    }),

  resetPassword: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/reset-password/{token}',
        tags,
        protect: false,
        summary: 'Nieuw wachtwoord instellen',
        description:
          'Eenmalig bruikbaar, 30 minuten geldig; beëindigt alle sessies. Ongeldige of gebruikte link: 400 met `success: false`.',
      },
    })
    .input(resetPasswordInput)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await resetPassword(ctx, input.token, input.password, ctx.now());
      return { success: true as const, message: authMessages.passwordReset };
    }),

  /** A mutation (it marks the address verified), exposed as GET because the mail link opens it. */
  verifyEmail: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/auth/verify-email/{token}',
        tags,
        protect: false,
        summary: 'E-mailadres verifiëren',
        description:
          '`status`: verified, already_verified (tweede gebruik), expired_token (400) of invalid_token (404); foutantwoorden dragen `success`, `status` en `message`.',
      },
    })
    .input(verifyEmailInput)
    .output(verifyEmailOutput)
    .mutation(async ({ ctx, input }) => {
      const result = await verifyEmailToken(ctx, input.token, ctx.now());
      return {
        success: true,
        message: result.status === 'verified' ? authMessages.verified : authMessages.verifiedAlready,
        email: result.email,
        status: result.status,
      };
    }),
});
