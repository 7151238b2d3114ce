import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invitations, memberships, organizations, sessions, users } from '../../db/schema';
import { INVITATION_OPEN_LIMIT, INVITATION_SEND_LIMIT } from '../../shared/schemas/invitation';
import { createTestClock, DAY_MS, MINUTE_MS, type TestClock } from '../../test/clock';
import { buildTestApp, testConfig, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { snapshotDatabase } from '../../test/db-snapshot';
import { STRONG_PASSWORD, uniqueEmail } from '../../test/helpers';
import { type CapturingMailer, createCapturingMailer } from '../../test/mailer';
import { createSignedInUser } from '../../test/users';
import { hashToken } from '../services/auth/session-tokens';
import { createSession } from '../services/auth/sessions';
import { invitationMessages } from '../services/organizations/invitation-messages';

/**
 * Invitations: an owner or admin invites an address with a role; the link in the mail shows the
 * invitation without a login, and is used once — by registering with it (a verified account in the
 * inviting organisation) or by accepting it signed in as the invited address.
 */
let database: TestDatabase;
let app: FastifyInstance;
let mailer: CapturingMailer;
let clock: TestClock;

beforeAll(async () => {
  database = await openTestDatabase();
  mailer = createCapturingMailer();
  clock = createTestClock(Date.parse('2026-11-02T09:00:00Z'));
  app = await buildTestApp(testDeps(database.db, mailer, testConfig(), clock.now));
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(() => {
  // Each test starts in a fresh send window of its own.
  clock.advance(DAY_MS);
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const ok = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** An organisation's owner, signed in on the test clock. */
const owner = (company = 'Bos Bouw B.V.', name = 'Karel Bos') =>
  createSignedInUser(database.db, { name, company, now: clock.now() });

/** A new session for the owner, as of the test clock now (after the clock moved past the first one). */
const sessionNow = async (person: { user: { id: string }; organization: { id: string } }) =>
  (await createSession(database.db, person.user.id, false, clock.now(), person.organization.id)).token;

const invite = (token: string, email: string, role = 'member') =>
  call('POST', '/api/organization/invitations', token, { email, role });

/** The token in the newest invitation mail to `email`. */
const linkToken = (email: string) => mailer.lastToken(email, 'invite');

async function openCount(organizationId: string) {
  const [row] = await database.db
    .select({ n: count() })
    .from(invitations)
    .where(eq(invitations.organizationId, organizationId));
  return row!.n;
}

/** A verified account without an organisation of its own in the way: for accepting. */
async function signedInPerson(email: string, name = 'Anna Jansen') {
  const person = await createSignedInUser(database.db, { name, company: `${name} Advies`, now: clock.now() });
  await database.db.update(users).set({ email }).where(eq(users.id, person.user.id));
  return { ...person, user: { ...person.user, email } };
}

describe('inviting (owner and admin)', () => {
  it('stores the invitation with only the hash of a 160-bit token, and mails a Dutch link to /invite/{token}', async () => {
    const karel = await owner();
    const res = await invite(karel.token, '  Anna.Jansen@Voorbeeld.NL ', 'viewer');
    const view = ok(res);
    expect(view).toEqual({
      id: expect.any(String),
      email: 'anna.jansen@voorbeeld.nl',
      role: 'viewer',
      invitedBy: { id: karel.user.id, name: 'Karel Bos' },
      createdAt: clock.now().toISOString(),
      sentAt: clock.now().toISOString(),
      expiresAt: new Date(clock.now().getTime() + 7 * DAY_MS).toISOString(),
      expired: false,
    });
    const mail = mailer.to('anna.jansen@voorbeeld.nl').at(-1)!;
    expect(mail.subject).toBe('Karel Bos nodigt u uit voor Bos Bouw B.V. in Inkooporders');
    const token = linkToken('anna.jansen@voorbeeld.nl');
    expect(mailer.lastLink('anna.jansen@voorbeeld.nl', '/invite/')).toBe(
      `http://localhost:3000/invite/${token}`,
    );
    expect(token.length).toBeGreaterThanOrEqual(32); // base32: 5 bits a character
    expect(mail.text).toContain('Bos Bouw B.V.');
    expect(mail.text).toContain('Karel Bos');
    expect(mail.text).toContain('Alleen lezen');
    // Sent 2026-11-03 09:00 UTC (the clock moved a day), valid 7 days: to 10-11-2026 10:00 Dutch time.
    expect(mail.text).toContain('geldig tot 10-11-2026 om 10:00 uur');

    const [row] = await database.db.select().from(invitations).where(eq(invitations.id, view.id));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('refuses, changing nothing: a member, an open invitation, a role outside admin|member|viewer', async () => {
    const karel = await owner();
    const colleague = await signedInPerson(uniqueEmail('collega'));
    await database.db
      .insert(memberships)
      .values({ organizationId: karel.organization.id, userId: colleague.user.id, role: 'member' });
    ok(await invite(karel.token, 'piet@voorbeeld.nl'));
    const before = await snapshotDatabase(database.db, { ownedBy: karel.organization.id });
    const mails = mailer.messages.length;

    const member = await invite(karel.token, colleague.user.email.toUpperCase());
    expect(member.statusCode).toBe(409);
    expect(member.json().message).toBe(invitationMessages.alreadyMember(colleague.user.email));
    const own = await invite(karel.token, karel.user.email);
    expect(own.statusCode).toBe(409);

    const again = await invite(karel.token, ' Piet@Voorbeeld.nl');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Er staat al een uitnodiging open voor piet@voorbeeld.nl. Verstuur die opnieuw of trek hem eerst in.',
    );

    for (const role of ['owner', 'eigenaar', '']) {
      const res = await invite(karel.token, 'nieuw@voorbeeld.nl', role);
      expect(res.statusCode, role).toBe(400);
      expect(res.json().details.role).toBe('Kies een rol: Beheerder, Medewerker of Alleen lezen');
    }
    const badEmail = await invite(karel.token, 'geen-adres');
    expect(badEmail.json().details.email).toBe('Voer een geldig e-mailadres in');

    expect(mailer.messages.length).toBe(mails);
    expect(await snapshotDatabase(database.db, { ownedBy: karel.organization.id })).toEqual(before);
  });

  it(`refuses the ${INVITATION_OPEN_LIMIT + 1}st open invitation; withdrawing one makes room`, async () => {
    const karel = await owner();
    // Straight in the database: the limit is about open invitations, not about the send budget.
    await database.db.insert(invitations).values(
      Array.from({ length: INVITATION_OPEN_LIMIT }, (_, i) => ({
        organizationId: karel.organization.id,
        email: `open${i}@voorbeeld.nl`,
        role: 'member' as const,
        tokenHash: hashToken(`token-${karel.organization.id}-${i}`),
        invitedBy: karel.user.id,
        sentAt: clock.now(),
        expiresAt: new Date(clock.now().getTime() + 7 * DAY_MS),
      })),
    );
    const refused = await invite(karel.token, 'een-te-veel@voorbeeld.nl');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(invitationMessages.tooManyOpen);
    expect(await openCount(karel.organization.id)).toBe(INVITATION_OPEN_LIMIT);

    const list = ok(await call('GET', '/api/organization/invitations', karel.token));
    expect(list).toHaveLength(INVITATION_OPEN_LIMIT);
    ok(await call('DELETE', `/api/organization/invitations/${list[0].id}`, karel.token));
    ok(await invite(karel.token, 'een-te-veel@voorbeeld.nl'));
  });

  it(`sends at most ${INVITATION_SEND_LIMIT} invitation mails per organisation per hour (new and resent together)`, async () => {
    const karel = await owner();
    const other = await owner('Ander B.V.', 'Els Ander');
    const first = ok(await invite(karel.token, uniqueEmail('team')));
    for (let i = 1; i < INVITATION_SEND_LIMIT - 1; i++) ok(await invite(karel.token, uniqueEmail('team')));
    ok(await call('POST', `/api/organization/invitations/${first.id}/resend`, karel.token));
    const mails = mailer.messages.length;
    const before = await openCount(karel.organization.id);

    const refused = await invite(karel.token, uniqueEmail('team'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(invitationMessages.tooManySent);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const resend = await call('POST', `/api/organization/invitations/${first.id}/resend`, karel.token);
    expect(resend.statusCode).toBe(429);
    expect(mailer.messages.length).toBe(mails);
    expect(await openCount(karel.organization.id)).toBe(before);
    // Another organisation has its own budget.
    ok(await invite(other.token, uniqueEmail('team')));

    clock.advance(61 * MINUTE_MS);
    const token = await sessionNow(karel);
    ok(await invite(token, uniqueEmail('team')));
  });

  it('lists the open invitations; withdrawing ends the link; resending gives a new link valid 7 days and a new mail', async () => {
    const karel = await owner();
    const withdrawn = ok(await invite(karel.token, 'weg@voorbeeld.nl', 'admin'));
    const withdrawnLink = linkToken('weg@voorbeeld.nl');
    clock.advance(MINUTE_MS);
    const kept = ok(await invite(karel.token, 'blijft@voorbeeld.nl'));
    const oldLink = linkToken('blijft@voorbeeld.nl');

    const list = ok(await call('GET', '/api/organization/invitations', karel.token));
    expect(list.map((i: { email: string }) => i.email)).toEqual(['blijft@voorbeeld.nl', 'weg@voorbeeld.nl']);

    const gone = ok(await call('DELETE', `/api/organization/invitations/${withdrawn.id}`, karel.token));
    expect(gone.message).toBe('De uitnodiging is ingetrokken.');
    expect(
      (await call('DELETE', `/api/organization/invitations/${withdrawn.id}`, karel.token)).statusCode,
    ).toBe(404);
    const withdrawnPage = await call('GET', `/api/invitations/${withdrawnLink}`);
    expect(withdrawnPage.statusCode).toBe(409);
    expect(withdrawnPage.json().message).toBe(invitationMessages.linkWithdrawn);

    clock.advance(3 * DAY_MS);
    const token = await sessionNow(karel);
    const mails = mailer.to('blijft@voorbeeld.nl').length;
    const resent = ok(await call('POST', `/api/organization/invitations/${kept.id}/resend`, token));
    expect(resent.sentAt).toBe(clock.now().toISOString());
    expect(resent.expiresAt).toBe(new Date(clock.now().getTime() + 7 * DAY_MS).toISOString());
    expect(resent.createdAt).toBe(kept.createdAt);
    expect(mailer.to('blijft@voorbeeld.nl').length).toBe(mails + 1);
    const newLink = linkToken('blijft@voorbeeld.nl');
    expect(newLink).not.toBe(oldLink);
    expect((await call('GET', `/api/invitations/${oldLink}`)).statusCode).toBe(404);
    expect(ok(await call('GET', `/api/invitations/${newLink}`)).email).toBe('blijft@voorbeeld.nl');
    expect(ok(await call('GET', '/api/organization/invitations', token))).toHaveLength(1);
  });

  it('another organisation neither sees, withdraws nor resends them', async () => {
    const karel = await owner();
    const els = await owner('Ander B.V.', 'Els Ander');
    const mine = ok(await invite(karel.token, 'geheim@voorbeeld.nl'));
    expect(ok(await call('GET', '/api/organization/invitations', els.token))).toEqual([]);
    const before = await snapshotDatabase(database.db, { ownedBy: karel.organization.id });
    const mails = mailer.messages.length;
    for (const [method, url] of [
      ['DELETE', `/api/organization/invitations/${mine.id}`],
      ['POST', `/api/organization/invitations/${mine.id}/resend`],
    ] as const) {
      const res = await call(method, url, els.token);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe(invitationMessages.notFound);
    }
    expect(mailer.messages.length).toBe(mails);
    expect(await snapshotDatabase(database.db, { ownedBy: karel.organization.id })).toEqual(before);
  });
});

describe('the link: GET /invitations/{token} without a login', () => {
  it('answers what the page shows; works until 7 days after sending, then says it expired', async () => {
    const karel = await owner();
    ok(await invite(karel.token, 'lezer@voorbeeld.nl', 'viewer'));
    const token = linkToken('lezer@voorbeeld.nl');
    const sentAt = clock.now().getTime();
    expect(ok(await call('GET', `/api/invitations/${token}`))).toEqual({
      organizationName: 'Bos Bouw B.V.',
      email: 'lezer@voorbeeld.nl',
      role: 'viewer',
      invitedBy: 'Karel Bos',
      expiresAt: new Date(sentAt + 7 * DAY_MS).toISOString(),
    });
    clock.set(sentAt + 7 * DAY_MS - 1);
    expect((await call('GET', `/api/invitations/${token}`)).statusCode).toBe(200);
    clock.set(sentAt + 7 * DAY_MS);
    const expired = await call('GET', `/api/invitations/${token}`);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe(invitationMessages.linkExpired);
    const registered = await call('POST', '/api/auth/register', undefined, {
      name: 'Lies Lezer',
      email: 'lezer@voorbeeld.nl',
      password: STRONG_PASSWORD,
      invitationToken: token,
    });
    expect(registered.statusCode).toBe(409);
    expect(await database.db.select().from(users).where(eq(users.email, 'lezer@voorbeeld.nl'))).toEqual([]);
    // Expired, but still open: the list marks it, and resending gives a working link.
    const session = await sessionNow(karel);
    const [listed] = ok(await call('GET', '/api/organization/invitations', session));
    expect(listed.expired).toBe(true);
  });

  it('an unknown link, or the stored hash of a real one, is a 404 with what to do', async () => {
    const karel = await owner();
    ok(await invite(karel.token, 'hash@voorbeeld.nl'));
    const token = linkToken('hash@voorbeeld.nl');
    for (const wrong of ['onbekend', hashToken(token)]) {
      const res = await call('GET', `/api/invitations/${wrong}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(invitationMessages.linkUnknown);
      const person = await signedInPerson('hash@voorbeeld.nl');
      const accept = await call('POST', `/api/invitations/${wrong}/accept`, person.token);
      expect(accept.statusCode).toBe(404);
      await database.db.delete(users).where(eq(users.id, person.user.id));
    }
  });
});

describe('accepting, signed in', () => {
  it('only as the invited address: another account hears which one to use, and nothing changes', async () => {
    const karel = await owner();
    ok(await invite(karel.token, 'juist@voorbeeld.nl'));
    const token = linkToken('juist@voorbeeld.nl');
    const wrong = await signedInPerson(uniqueEmail('verkeerd'));
    const before = await snapshotDatabase(database.db, { ownedBy: karel.organization.id });
    const res = await call('POST', `/api/invitations/${token}/accept`, wrong.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Deze uitnodiging is voor juist@voorbeeld.nl. Log uit en log in met dat account (of maak het aan) om de uitnodiging te accepteren.',
    );
    expect(await snapshotDatabase(database.db, { ownedBy: karel.organization.id })).toEqual(before);
    expect((await call('POST', `/api/invitations/${token}/accept`)).statusCode).toBe(401);
  });

  it('joins with the invited role, makes it the session’s organisation, and works once', async () => {
    const karel = await owner();
    ok(await invite(karel.token, 'anna@bestaand.nl', 'admin'));
    const token = linkToken('anna@bestaand.nl');
    const anna = await signedInPerson('anna@bestaand.nl');
    const accepted = ok(await call('POST', `/api/invitations/${token}/accept`, anna.token));
    expect(accepted).toEqual({
      id: karel.organization.id,
      name: 'Bos Bouw B.V.',
      role: 'admin',
      active: true,
    });
    const [membership] = await database.db
      .select()
      .from(memberships)
      .where(
        and(eq(memberships.organizationId, karel.organization.id), eq(memberships.userId, anna.user.id)),
      );
    expect(membership?.role).toBe('admin');
    expect(ok(await call('GET', '/api/auth/profile', anna.token)).company).toBe('Bos Bouw B.V.');
    const orgs = ok(await call('GET', '/api/auth/organizations', anna.token));
    expect(orgs.map((o: { name: string; active: boolean }) => [o.name, o.active]).sort()).toEqual([
      ['Anna Jansen Advies', false],
      ['Bos Bouw B.V.', true],
    ]);
    const [row] = await database.db
      .select()
      .from(invitations)
      .where(eq(invitations.tokenHash, hashToken(token)));
    expect(row?.acceptedAt).toEqual(clock.now());
    expect(ok(await call('GET', '/api/organization/invitations', karel.token))).toEqual([]);

    const again = await call('POST', `/api/invitations/${token}/accept`, anna.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(invitationMessages.linkUsed);
    expect((await call('GET', `/api/invitations/${token}`)).json().message).toBe(invitationMessages.linkUsed);
  });

  it('someone who became a member meanwhile is refused, and the invitation stays open', async () => {
    const karel = await owner();
    ok(await invite(karel.token, 'al-lid@voorbeeld.nl'));
    const token = linkToken('al-lid@voorbeeld.nl');
    const person = await signedInPerson('al-lid@voorbeeld.nl');
    await database.db
      .insert(memberships)
      .values({ organizationId: karel.organization.id, userId: person.user.id, role: 'viewer' });
    const res = await call('POST', `/api/invitations/${token}/accept`, person.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('U bent al lid van Bos Bouw B.V..');
    expect(ok(await call('GET', '/api/organization/invitations', karel.token))).toHaveLength(1);
  });
});

describe('registering with the link (POST /auth/register with invitationToken)', () => {
  const register = (payload: object) => call('POST', '/api/auth/register', undefined, payload);

  it('makes a verified account in the inviting organisation with the role, no own organisation, no mail, and a session', async () => {
    const karel = await owner();
    ok(await invite(karel.token, 'nieuw@team.nl', 'member'));
    const token = linkToken('nieuw@team.nl');
    const organizationsBefore = (await database.db.select({ id: organizations.id }).from(organizations))
      .length;
    const mails = mailer.messages.length;

    const res = await register({
      name: 'Nina Nieuw',
      email: 'Nieuw@Team.nl',
      password: STRONG_PASSWORD,
      invitationToken: token,
    });
    const body = ok(res);
    expect(body).toMatchObject({
      name: 'Nina Nieuw',
      email: 'nieuw@team.nl',
      company: 'Bos Bouw B.V.',
      isEmailVerified: true,
    });
    expect(body.token).toEqual(expect.any(String));
    expect(String(res.headers['set-cookie'])).toMatch(/^session=/);
    expect(mailer.messages.length).toBe(mails);

    const [user] = await database.db.select().from(users).where(eq(users.email, 'nieuw@team.nl'));
    expect(user?.isEmailVerified).toBe(true);
    const rows = await database.db.select().from(memberships).where(eq(memberships.userId, user!.id));
    expect(rows.map((m) => [m.organizationId, m.role])).toEqual([[karel.organization.id, 'member']]);
    expect((await database.db.select({ id: organizations.id }).from(organizations)).length).toBe(
      organizationsBefore,
    );
    const [session] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(body.token)));
    expect(session?.organizationId).toBe(karel.organization.id);
    // The session works, in the inviting organisation, and the link is used.
    expect(ok(await call('GET', '/api/auth/profile', body.token)).company).toBe('Bos Bouw B.V.');
    const second = await register({
      name: 'Nina Nieuw',
      email: 'nieuw@team.nl',
      password: STRONG_PASSWORD,
      invitationToken: token,
    });
    expect(second.statusCode).toBe(409);
  });

  it('refuses another address than the invited one, and an address that has an account; nothing is made', async () => {
    const karel = await owner();
    ok(await invite(karel.token, 'uitgenodigd@team.nl'));
    const token = linkToken('uitgenodigd@team.nl');
    const other = await register({
      name: 'Ander',
      email: 'ander@team.nl',
      password: STRONG_PASSWORD,
      invitationToken: token,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(
      'Deze uitnodiging is voor uitgenodigd@team.nl. Registreer met dat e-mailadres.',
    );
    expect(await database.db.select().from(users).where(eq(users.email, 'ander@team.nl'))).toEqual([]);

    const existing = await signedInPerson('uitgenodigd@team.nl');
    const taken = await register({
      name: 'Dubbel',
      email: 'uitgenodigd@team.nl',
      password: STRONG_PASSWORD,
      invitationToken: token,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(invitationMessages.accountExists);
    const [user] = await database.db.select().from(users).where(eq(users.email, 'uitgenodigd@team.nl'));
    expect(user?.id).toBe(existing.user.id);
    expect(ok(await call('GET', '/api/organization/invitations', karel.token))).toHaveLength(1);
  });

  it('without a token registering is as before: company required, the same answer, a verification mail', async () => {
    const missing = await register({ name: '', email: '', password: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toMatchObject({
      name: 'Naam is verplicht',
      email: 'Email is verplicht',
      company: 'Bedrijfsnaam is verplicht',
    });
    const email = uniqueEmail('gewoon');
    const res = ok(
      await register({ name: 'Gewoon', email, password: STRONG_PASSWORD, company: 'Gewoon B.V.' }),
    );
    expect(res).toEqual({
      success: true,
      message: 'Registratie gelukt. Controleer uw e-mail om uw account te activeren.',
      email,
    });
    expect(mailer.to(email)).toHaveLength(1);
  });
});
