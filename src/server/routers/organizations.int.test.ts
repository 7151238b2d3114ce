import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, organizations, users } from '../../db/schema';
import { buildTestApp, testDeps } from '../../test/context';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { STRONG_PASSWORD, uniqueEmail } from '../../test/helpers';
import { createCapturingMailer } from '../../test/mailer';
import { createSignedInUser, insertAccount, strongPasswordHash } from '../../test/users';
import { createApiKey } from '../services/api-keys/api-keys';
import { defaultOrganizationId } from '../services/organizations/memberships';
import { organizationMessages } from '../services/organizations/messages';

/**
 * A user in two organisations: GET /auth/organizations, switching the session's active one, the
 * profile of the active one (and who may change its company data), and that nothing of one
 * organisation can be read or changed from the other.
 */
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildTestApp(testDeps(database.db, createCapturingMailer()));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Anna owns her own company and works as `role` for Karel's. */
async function annaInTwoCompanies(role: 'admin' | 'member' | 'viewer' = 'member') {
  const anna = await createSignedInUser(database.db, { name: 'Anna Jansen', company: 'Anna Advies' });
  const karel = await createSignedInUser(database.db, { name: 'Karel Bos', company: 'Bos Bouw B.V.' });
  await database.db
    .insert(memberships)
    .values({ organizationId: karel.organization.id, userId: anna.user.id, role });
  const karelsCustomer = await app.inject({
    method: 'POST',
    url: '/api/customers',
    headers: bearer(karel.token),
    payload: { name: 'Piet Post', company: 'Post Logistiek', email: 'piet@post.nl' },
  });
  expect(karelsCustomer.statusCode).toBe(200);
  return { anna, karel, karelsCustomerId: karelsCustomer.json()._id as string };
}

const activate = (token: string, id: string) =>
  app.inject({ method: 'POST', url: `/api/auth/organizations/${id}/activate`, headers: bearer(token) });

describe('GET /auth/organizations and switching', () => {
  it('are described in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const list = doc.paths['/auth/organizations']?.get;
    const switchTo = doc.paths['/auth/organizations/{id}/activate']?.post;
    expect(list?.summary).toBe('Organisaties van de gebruiker');
    expect(switchTo?.summary).toBe('Actieve organisatie kiezen');
    expect(switchTo?.description).toContain('404');
    const item = list?.responses?.['200']?.content?.['application/json']?.schema?.items;
    expect(Object.keys(item?.properties ?? {}).sort()).toEqual(['active', 'id', 'name', 'role']);
  });

  it("lists the user's organisations with their role, the session's active one marked", async () => {
    const { anna, karel } = await annaInTwoCompanies();
    const res = await app.inject({
      method: 'GET',
      url: '/api/auth/organizations',
      headers: bearer(anna.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: anna.organization.id, name: 'Anna Advies', role: 'owner', active: true },
      { id: karel.organization.id, name: 'Bos Bouw B.V.', role: 'member', active: false },
    ]);
  });

  it("switches the session to the other organisation: its profile, customers and new rows are that organisation's", async () => {
    const { anna, karel, karelsCustomerId } = await annaInTwoCompanies();
    const switched = await activate(anna.token, karel.organization.id);
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toEqual({
      id: karel.organization.id,
      name: 'Bos Bouw B.V.',
      role: 'member',
      active: true,
    });

    const profile = (
      await app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(anna.token) })
    ).json();
    // The person's own id, name and address, with the active organisation's company.
    expect(profile).toMatchObject({
      _id: anna.user.id,
      name: 'Anna Jansen',
      email: anna.user.email,
      company: 'Bos Bouw B.V.',
    });
    const customers = (
      await app.inject({ method: 'GET', url: '/api/customers', headers: bearer(anna.token) })
    ).json();
    expect(customers.map((c: { _id: string }) => c._id)).toEqual([karelsCustomerId]);
    const created = await app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: bearer(anna.token),
      payload: { name: 'Nel Nieuw', company: 'Nieuw B.V.', email: 'nel@nieuw.nl' },
    });
    expect(created.statusCode).toBe(200);
    const karelsList = (
      await app.inject({ method: 'GET', url: '/api/customers', headers: bearer(karel.token) })
    ).json();
    expect(karelsList.map((c: { company: string }) => c.company).sort()).toEqual([
      'Nieuw B.V.',
      'Post Logistiek',
    ]);

    // Back in her own company, nothing of Karel's is readable or changeable.
    expect((await activate(anna.token, anna.organization.id)).statusCode).toBe(200);
    const own = await app.inject({
      method: 'GET',
      url: `/api/customers/${karelsCustomerId}`,
      headers: bearer(anna.token),
    });
    expect(own.statusCode).toBe(404);
    const change = await app.inject({
      method: 'PUT',
      url: `/api/customers/${karelsCustomerId}`,
      headers: bearer(anna.token),
      payload: { name: 'Gekaapt', company: 'Gekaapt', email: 'x@y.nl' },
    });
    expect(change.statusCode).toBe(404);
    const remove = await app.inject({
      method: 'DELETE',
      url: `/api/customers/${karelsCustomerId}`,
      headers: bearer(anna.token),
    });
    expect(remove.statusCode).toBe(404);
    const still = await app.inject({
      method: 'GET',
      url: `/api/customers/${karelsCustomerId}`,
      headers: bearer(karel.token),
    });
    expect(still.json()).toMatchObject({ name: 'Piet Post', company: 'Post Logistiek' });
  });

  it('answers 404 alike for an organisation the user is not a member of, one that does not exist, and no id', async () => {
    const { anna } = await annaInTwoCompanies();
    const stranger = await createSignedInUser(database.db, { company: 'Vreemd B.V.' });
    const answers = await Promise.all(
      [stranger.organization.id, '00000000-0000-4000-8000-0000000000ff', 'geen-id'].map((id) =>
        activate(anna.token, id),
      ),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: organizationMessages.notFound, code: 'NOT_FOUND' });
    }
    // Still working in her own.
    const profile = (
      await app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(anna.token) })
    ).json();
    expect(profile.company).toBe('Anna Advies');
  });

  it('is for a session only: an API key works in one organisation (403)', async () => {
    const { anna, karel } = await annaInTwoCompanies();
    const { secret } = await createApiKey(
      database.db,
      { organizationId: anna.organization.id, userId: anna.user.id },
      { name: 'Sleutel', access: 'write' },
      new Date(),
    );
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/organizations', headers: bearer(secret) }))
        .statusCode,
    ).toBe(403);
    expect((await activate(secret, karel.organization.id)).statusCode).toBe(403);
  });

  it('opens a new session in the organisation the user last worked in', async () => {
    const { anna, karel } = await annaInTwoCompanies();
    expect(await defaultOrganizationId(database.db, anna.user.id)).toBe(anna.organization.id);
    await activate(anna.token, karel.organization.id);
    expect(await defaultOrganizationId(database.db, anna.user.id)).toBe(karel.organization.id);
  });

  it('goes on in the first remaining organisation when the active one is no longer theirs', async () => {
    const { anna, karel } = await annaInTwoCompanies();
    await activate(anna.token, karel.organization.id);
    await database.db.delete(memberships).where(eq(memberships.userId, anna.user.id));
    await database.db
      .insert(memberships)
      .values({ organizationId: anna.organization.id, userId: anna.user.id, role: 'owner' });
    const profile = (
      await app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(anna.token) })
    ).json();
    expect(profile.company).toBe('Anna Advies');
  });
});

describe('registering and signing in', () => {
  it('registering makes the user the owner of a new organisation named after the company', async () => {
    const email = uniqueEmail('registratie');
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Rik Nieuw', email, password: STRONG_PASSWORD, company: 'Nieuw Bedrijf B.V.' },
    });
    expect(res.statusCode).toBe(200);
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    const owned = await database.db
      .select({ name: organizations.name, role: memberships.role })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(eq(memberships.userId, user!.id));
    expect(owned).toEqual([{ name: 'Nieuw Bedrijf B.V.', role: 'owner' }]);
  });

  it('a sign-in works in the organisation the user last worked in', async () => {
    const passwordHash = await strongPasswordHash();
    const email = uniqueEmail('terug');
    const user = await insertAccount(database.db, {
      email,
      passwordHash,
      name: 'Tom Terug',
      company: 'Eigen Zaak',
      isEmailVerified: true,
    });
    const other = await createSignedInUser(database.db, { company: 'Andere Zaak B.V.' });
    await database.db
      .insert(memberships)
      .values({ organizationId: other.organization.id, userId: user.id, role: 'viewer' });
    const login = async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: STRONG_PASSWORD, rememberMe: false },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { token: string; company: string };
    };
    const first = await login();
    expect(first.company).toBe('Eigen Zaak');
    expect((await activate(first.token, other.organization.id)).statusCode).toBe(200);
    const second = await login();
    expect(second.company).toBe('Andere Zaak B.V.');
    // The session that switched works there still: a sign-in elsewhere changes no other session.
    const firstProfile = (
      await app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(first.token) })
    ).json();
    expect(firstProfile.company).toBe('Andere Zaak B.V.');
  });
});

describe('PUT /auth/profile by role', () => {
  const companyRow = async (id: string) =>
    (await database.db.select().from(organizations).where(eq(organizations.id, id)))[0]!;

  for (const role of ['member', 'viewer'] as const) {
    it(`a ${role} may change only their own name; changing company data is a 403 that changes nothing`, async () => {
      const { anna, karel } = await annaInTwoCompanies(role);
      await activate(anna.token, karel.organization.id);
      const before = await companyRow(karel.organization.id);

      const refused = await app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        headers: bearer(anna.token),
        payload: { name: 'Anna J.', company: 'Overgenomen B.V.' },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        message: organizationMessages.companyDataNeedsAdmin,
        code: 'FORBIDDEN',
      });
      expect(refused.json().message).toMatch(/^Alleen een eigenaar of beheerder kan /);
      expect(await companyRow(karel.organization.id)).toEqual(before);
      const [person] = await database.db.select().from(users).where(eq(users.id, anna.user.id));
      expect(person?.name).toBe('Anna Jansen');

      // Her own name, with the company data sent back unchanged as the settings form does: allowed.
      const own = await app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        headers: bearer(anna.token),
        payload: { name: 'Anna J.', company: 'Bos Bouw B.V.' },
      });
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json()).toMatchObject({ name: 'Anna J.', company: 'Bos Bouw B.V.' });
      expect(await companyRow(karel.organization.id)).toMatchObject({
        name: 'Bos Bouw B.V.',
        city: before.city,
      });
    });
  }

  it('an admin changes the company data of the active organisation, not their own company', async () => {
    const { anna, karel } = await annaInTwoCompanies('admin');
    await activate(anna.token, karel.organization.id);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(anna.token),
      payload: { city: 'Zwolle' },
    });
    expect(res.statusCode).toBe(200);
    expect((await companyRow(karel.organization.id)).city).toBe('Zwolle');
    expect((await companyRow(anna.organization.id)).city).toBe('');
  });
});
