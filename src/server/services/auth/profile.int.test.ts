import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, sessions, users } from '../../../db/schema';
import { fieldErrors } from '../../../shared/field-errors';
import { buildTestApp, createTestCaller, testConfig, testDeps } from '../../../test/context';
import { openTestDatabase, type TestDatabase } from '../../../test/db';
import { rejectionOf } from '../../../test/helpers';
import { createCapturingMailer } from '../../../test/mailer';
import { createSignedInUser } from '../../../test/users';
import type { AppDeps } from '../../deps';
import { VALIDATION_MESSAGE } from '../../http/error-body';
import { hashPassword, verifyPassword } from './passwords';
import { createSession } from './sessions';

/** PUT /auth/profile (auth.updateProfile): the company settings' two tabs and the password. */
let database: TestDatabase;
let deps: AppDeps;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  deps = testDeps(database.db, createCapturingMailer());
  app = await buildTestApp(deps);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const as = (token: string) => createTestCaller(deps, { token });
/** The account's user row with the company data of the organisation it owns (same id), as one record. */
const rowOf = async (id: string) => {
  const [row] = await database.db.select().from(users).where(eq(users.id, id));
  const [organization] = await database.db.select().from(organizations).where(eq(organizations.id, id));
  if (!row || !organization) throw new Error(`no account ${id}`);
  const { id: _id, name: company, createdAt: _c, ...companyFields } = organization;
  return { ...row, ...companyFields, company };
};
const sessionIdsOf = async (userId: string) =>
  (await database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)))
    .map((s) => s.id)
    .sort();

/** Everything both tabs send, typed the way people type it. */
const messyProfile = {
  name: '  Petra de Boer ',
  company: ' De Boer Installatie B.V. ',
  address: 'Stationsstraat 12',
  postalCode: '1234ab',
  city: 'Utrecht',
  country: 'Nederland',
  website: 'DeBoer-Installatie.nl',
  phoneNumber: '06-12345678',
  kvkNumber: '1234 5678',
  btwNumber: '123456789b01',
  vatNumber: 'NL',
  bankAccount: 'nl91 abna 0417 1643 00',
  accountName: 'De Boer Installatie',
  bankName: 'ABN AMRO',
} as const;

describe('auth.updateProfile', () => {
  it('stores and returns the normalised values, and marks the profile complete', async () => {
    const { user, token } = await createSignedInUser(database.db);
    const profile = await (await as(token)).auth.updateProfile(messyProfile);
    const expected = {
      name: 'Petra de Boer',
      company: 'De Boer Installatie B.V.',
      address: 'Stationsstraat 12',
      postalCode: '1234 AB',
      city: 'Utrecht',
      country: 'Nederland',
      website: 'https://deboer-installatie.nl',
      phoneNumber: '+31612345678',
      kvkNumber: '12345678',
      btwNumber: 'NL123456789B01',
      vatNumber: '',
      bankAccount: 'NL91ABNA0417164300',
      accountName: 'De Boer Installatie',
      bankName: 'ABN AMRO',
      profileCompleted: true,
    };
    expect(profile).toMatchObject({ ...expected, bankAccountName: 'De Boer Installatie', email: user.email });
    expect(await rowOf(user.id)).toMatchObject(expected);
    expect(profile).not.toHaveProperty('passwordHash');
  });

  it('a partial update writes only the keys sent', async () => {
    const { user, token } = await createSignedInUser(database.db);
    const caller = await as(token);
    await caller.auth.updateProfile(messyProfile);
    const before = await rowOf(user.id);
    const profile = await caller.auth.updateProfile({ city: 'Amersfoort', vatNumber: 'be 0123.456.789' });
    expect(profile).toMatchObject({ city: 'Amersfoort', vatNumber: 'BE0123456789', kvkNumber: '12345678' });
    const after = await rowOf(user.id);
    const { city: _c, vatNumber: _v, updatedAt: _u, ...unchanged } = before;
    expect(after).toMatchObject(unchanged);
  });

  it('profileCompleted follows the 8 completeness fields', async () => {
    const { user, token } = await createSignedInUser(database.db);
    const caller = await as(token);
    const partial = await caller.auth.updateProfile({
      address: 'Dorpsstraat 1',
      postalCode: '1234 AB',
      city: 'Utrecht',
      kvkNumber: '12345678',
    });
    expect(partial.profileCompleted).toBe(false);
    expect((await caller.auth.updateProfile({ btwNumber: 'NL123456789B01' })).profileCompleted).toBe(true);
    // A bare 'NL' counts as empty (spec §5): the profile is no longer complete.
    expect((await caller.auth.updateProfile({ btwNumber: 'NL' })).profileCompleted).toBe(false);
    expect((await rowOf(user.id)).profileCompleted).toBe(false);
  });

  it('accepts bankAccountName as another name for accountName (accountName wins when both are sent)', async () => {
    const { token } = await createSignedInUser(database.db);
    const caller = await as(token);
    expect(await caller.auth.updateProfile({ bankAccountName: ' J. Jansen ' })).toMatchObject({
      accountName: 'J. Jansen',
      bankAccountName: 'J. Jansen',
    });
    expect(
      await caller.auth.updateProfile({ accountName: 'Jansen BV', bankAccountName: 'anders' }),
    ).toMatchObject({ accountName: 'Jansen BV' });
  });

  /** Gives a test user a real password (createSignedInUser's hash is a placeholder). */
  const withPassword = async (userId: string, password: string) =>
    database.db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, userId));

  const invalid: [string, Record<string, unknown>, Record<string, string>][] = [
    ['name empty', { name: '' }, { name: 'Naam is verplicht' }],
    ['company blank', { company: '   ' }, { company: 'Bedrijfsnaam is verplicht' }],
    ['address empty', { address: '' }, { address: 'Adres is verplicht' }],
    ['postal code empty', { postalCode: '' }, { postalCode: 'Postcode is verplicht' }],
    ['postal code starting with 0', { postalCode: '0123AB' }, { postalCode: 'Ongeldige postcode' }],
    ['city empty', { city: '' }, { city: 'Plaats is verplicht' }],
    ['country not in the list', { country: 'Atlantis' }, { country: 'Kies een land uit de lijst' }],
    ['website', { website: 'geen website' }, { website: 'Ongeldige website URL' }],
    ['phone', { phoneNumber: '12345' }, { phoneNumber: 'Voer een geldig Nederlands telefoonnummer in' }],
    ['KVK', { kvkNumber: '123' }, { kvkNumber: 'KVK nummer moet 8 cijfers bevatten' }],
    [
      'BTW (company wording)',
      { btwNumber: 'NL12345' },
      { btwNumber: 'BTW-nummer moet het formaat NL123456789B01 hebben' },
    ],
    [
      'VAT',
      { vatNumber: 'X' },
      { vatNumber: 'BTW-nummer (EU) moet beginnen met een landcode, bijv. NL123456789B01' },
    ],
    [
      'IBAN format',
      { bankAccount: 'NL91ABNA041716430' },
      { bankAccount: 'IBAN moet het formaat NL91ABNA0417164300 hebben' },
    ],
    [
      'IBAN checksum',
      { bankAccount: 'NL92ABNA0417164300' },
      { bankAccount: 'IBAN-controlegetal klopt niet. Controleer het nummer.' },
    ],
    [
      'weak password',
      { password: 'kort', currentPassword: 'Oud12345' },
      { password: 'Wachtwoord moet minimaal 8 karakters bevatten' },
    ],
    [
      'password without a digit',
      { password: 'GeenCijfers', currentPassword: 'Oud12345' },
      { password: 'Wachtwoord moet minimaal één cijfer bevatten' },
    ],
    [
      'password confirmation differs',
      { password: 'Nieuw12345', confirmPassword: 'Nieuw12346', currentPassword: 'Oud12345' },
      { confirmPassword: 'Wachtwoorden komen niet overeen' },
    ],
    ['name null', { name: null }, { name: 'Naam is verplicht' }],
    [
      'a new password without the current one',
      { password: 'Nieuw12345', confirmPassword: 'Nieuw12345' },
      { currentPassword: 'Huidig wachtwoord is verplicht' },
    ],
  ];

  it.each(invalid)('refuses %s with 400 and its message, and changes nothing', async (_, fields, details) => {
    const { user, token } = await createSignedInUser(database.db);
    await createSession(database.db, user.id, false, new Date(), user.id);
    const before = await rowOf(user.id);
    // A valid field beside the invalid one must not be written either.
    const err = await rejectionOf(
      (await as(token)).auth.updateProfile({ city: 'Zwolle', ...fields } as never),
    );
    expect(err.code).toBe('BAD_REQUEST');
    expect(fieldErrors(err.cause as never)).toEqual(details);
    expect(await rowOf(user.id)).toEqual(before);
    expect(await sessionIdsOf(user.id)).toHaveLength(2);
  });

  it('reports every invalid field at once', async () => {
    const { token } = await createSignedInUser(database.db);
    const err = await rejectionOf(
      (await as(token)).auth.updateProfile({
        name: '',
        postalCode: '0123AB',
        kvkNumber: '123',
        password: 'Nieuw12345',
        confirmPassword: 'anders',
      }),
    );
    expect(fieldErrors(err.cause as never)).toEqual({
      name: 'Naam is verplicht',
      postalCode: 'Ongeldige postcode',
      kvkNumber: 'KVK nummer moet 8 cijfers bevatten',
      confirmPassword: 'Wachtwoorden komen niet overeen',
      currentPassword: 'Huidig wachtwoord is verplicht',
    });
  });

  it('never changes the e-mail address, nor fields outside the profile', async () => {
    const { user, token } = await createSignedInUser(database.db);
    const profile = await (await as(token)).auth.updateProfile({
      name: 'Nieuwe Naam',
      email: 'kaper@voorbeeld.nl',
      isEmailVerified: false,
      twoFactorEnabled: true,
      passwordHash: 'x',
      _id: '00000000-0000-0000-0000-000000000000',
    } as never);
    expect(profile).toMatchObject({
      _id: user.id,
      name: 'Nieuwe Naam',
      email: user.email,
      isEmailVerified: true,
    });
    const row = await rowOf(user.id);
    expect(row).toMatchObject({ email: user.email, isEmailVerified: true, twoFactorEnabled: false });
    expect(row.passwordHash).toBe(user.passwordHash);
    // Only an e-mail: nothing to write, the profile comes back as it was.
    expect(
      await (await as(token)).auth.updateProfile({ email: 'ander@voorbeeld.nl' } as never),
    ).toMatchObject({
      email: user.email,
      name: 'Nieuwe Naam',
    });
  });

  it('a new password is hashed and ends the other sessions, not the current one', async () => {
    const { user, token } = await createSignedInUser(database.db);
    const second = await createSession(database.db, user.id, true, new Date(), user.id);
    const third = await createSession(database.db, user.id, false, new Date(), user.id);
    const stranger = await createSignedInUser(database.db);
    const caller = await as(token);
    await withPassword(user.id, 'Oud12345');
    await caller.auth.updateProfile({
      name: 'Jan',
      password: 'Nieuw12345',
      confirmPassword: 'Nieuw12345',
      currentPassword: 'Oud12345',
    });
    const row = await rowOf(user.id);
    expect(row.passwordHash).not.toContain('Nieuw12345');
    expect(await verifyPassword(row.passwordHash, 'Nieuw12345')).toBe(true);
    expect(await sessionIdsOf(user.id)).toEqual([caller.ctx.session?.sessionId]);
    expect((await rejectionOf((await as(second.token)).auth.profile())).code).toBe('UNAUTHORIZED');
    expect((await rejectionOf((await as(third.token)).auth.profile())).code).toBe('UNAUTHORIZED');
    expect((await (await as(token)).auth.profile()).name).toBe('Jan');
    expect((await (await as(stranger.token)).auth.profile())._id).toBe(stranger.user.id);
  });

  it('a wrong current password: 400 on the field, nothing written, no session ended, counted', async () => {
    const { user, token } = await createSignedInUser(database.db);
    await withPassword(user.id, 'Oud12345');
    await createSession(database.db, user.id, false, new Date(), user.id);
    const before = await rowOf(user.id);
    const err = await rejectionOf(
      (await as(token)).auth.updateProfile({
        city: 'Zwolle',
        password: 'Nieuw12345',
        confirmPassword: 'Nieuw12345',
        currentPassword: 'Fout12345',
      }),
    );
    expect(err).toMatchObject({
      code: 'BAD_REQUEST',
      extra: { details: { currentPassword: 'Huidig wachtwoord is onjuist' } },
    });
    expect(await rowOf(user.id)).toEqual(before);
    expect(await sessionIdsOf(user.id)).toHaveLength(2);
  });

  it('guessing the current password through the profile shares the change-password budget', async () => {
    const { user, token } = await createSignedInUser(database.db);
    await withPassword(user.id, 'Oud12345');
    const strict = { ...deps, config: testConfig({ rateLimitAuth: 3 }) };
    const caller = await createTestCaller(strict, { token });
    const guess = () =>
      rejectionOf(
        caller.auth.updateProfile({
          password: 'Nieuw12345',
          confirmPassword: 'Nieuw12345',
          currentPassword: 'Fout1',
        }),
      );
    for (let i = 0; i < 3; i++) expect((await guess()).code).toBe('BAD_REQUEST');
    expect((await guess()).code).toBe('TOO_MANY_REQUESTS');
    const viaSecurity = await rejectionOf(
      caller.auth.changePassword({
        currentPassword: 'Oud12345',
        newPassword: 'Nieuw12345',
        confirmPassword: 'Nieuw12345',
      }),
    );
    expect(viaSecurity.code).toBe('TOO_MANY_REQUESTS');
  });

  it('an empty password changes nothing and ends no session', async () => {
    const { user, token } = await createSignedInUser(database.db);
    await createSession(database.db, user.id, false, new Date(), user.id);
    await (await as(token)).auth.updateProfile({ name: 'Jan', password: '', confirmPassword: '' });
    expect((await rowOf(user.id)).passwordHash).toBe(user.passwordHash);
    expect(await sessionIdsOf(user.id)).toHaveLength(2);
  });

  it('isolation: the id comes only from the session', async () => {
    const a = await createSignedInUser(database.db, { company: 'Bedrijf A' });
    const b = await createSignedInUser(database.db, { company: 'Bedrijf B' });
    const bBefore = await rowOf(b.user.id);
    const profile = await (await as(a.token)).auth.updateProfile({
      company: 'Bedrijf A2',
      _id: b.user.id,
      id: b.user.id,
      userId: b.user.id,
    } as never);
    expect(profile._id).toBe(a.user.id);
    expect((await rowOf(a.user.id)).company).toBe('Bedrijf A2');
    expect(await rowOf(b.user.id)).toEqual(bBefore);
  });

  it('without a session: 401', async () => {
    const err = await rejectionOf((await createTestCaller(deps)).auth.updateProfile({ name: 'X' }));
    expect(err.code).toBe('UNAUTHORIZED');
  });
});

describe('PUT /api/auth/profile over HTTP', () => {
  const put = (token: string | null, payload: object) =>
    app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('stores normalised values, ignores email, takes bankAccountName', async () => {
    const { user, token } = await createSignedInUser(database.db);
    const res = await put(token, {
      postalCode: '3511 ab',
      bankAccount: 'NL91 ABNA 0417 1643 00',
      bankAccountName: 'Jan de Vries',
      email: 'ander@voorbeeld.nl',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      postalCode: '3511 AB',
      bankAccount: 'NL91ABNA0417164300',
      accountName: 'Jan de Vries',
      bankAccountName: 'Jan de Vries',
      email: user.email,
    });
  });

  it('400 with details, nothing changed', async () => {
    const { user, token } = await createSignedInUser(database.db);
    const before = await rowOf(user.id);
    const res = await put(token, { city: 'Zwolle', kvkNumber: '123', bankAccount: 'NL92ABNA0417164300' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: VALIDATION_MESSAGE,
      details: {
        kvkNumber: 'KVK nummer moet 8 cijfers bevatten',
        bankAccount: 'IBAN-controlegetal klopt niet. Controleer het nummer.',
      },
    });
    expect(await rowOf(user.id)).toEqual(before);
  });

  it('401 without a session', async () => {
    expect((await put(null, { city: 'Zwolle' })).statusCode).toBe(401);
  });

  it('the OpenAPI document describes the profile and security calls', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/auth/profile', '/auth/change-password', '/auth/sessions/sign-out-others']),
    );
    const body = doc.paths['/auth/profile'].put.requestBody.content['application/json'].schema;
    const props = Object.keys(body.properties ?? {});
    expect(props).toEqual(
      expect.arrayContaining(['kvkNumber', 'bankAccount', 'bankAccountName', 'password']),
    );
    expect(props).not.toContain('email');
  });
});
