import { type APIRequestContext, expect } from '@playwright/test';
import type { TestUser } from './auth';
import { linkFromOutbox } from './outbox';

/** People in one organisation, set up over HTTP for the journeys that are not about inviting them. */

/** A bearer token of `user` (POST /api/auth/login), for calls made beside the browser. */
export async function tokenOf(request: APIRequestContext, user: Pick<TestUser, 'email' | 'password'>) {
  const res = await request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).token as string;
}

/** `person` joins the owner's organisation as `role`: invited over the API, registered from the link. */
export async function join(request: APIRequestContext, ownerToken: string, person: TestUser, role: string) {
  const invite = await request.post('/api/organization/invitations', {
    headers: { authorization: `Bearer ${ownerToken}` },
    data: { email: person.email, role },
  });
  expect(invite.status(), await invite.text()).toBe(200);
  const path = await linkFromOutbox(request, person.email, '/invite/');
  const invitationToken = decodeURIComponent(path.split('/invite/')[1] ?? '');
  const register = await request.post('/api/auth/register', {
    data: { name: person.name, email: person.email, password: person.password, invitationToken },
  });
  expect(register.status(), await register.text()).toBeLessThan(300);
}
