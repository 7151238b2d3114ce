import type { BrowserContext, Route } from '@playwright/test';

type Role = 'owner' | 'admin' | 'member' | 'viewer';
type Entry = { result?: { data?: { role: Role; active: boolean }[] } };

const procedures = (url: string) =>
  decodeURIComponent(new URL(url).pathname.replace(/^\/trpc\//, '')).split(',');

/**
 * The screens as a member of `role` sees them: the browser's answer of auth.organizations (the list
 * the app reads the role from) says `role` for the active organisation; every other call, and the
 * server's refusals, stay real. Inviting someone in is the invitations' journey; what each role may do
 * on the server is proven per operation by src/server/hostile/roles.int.test.ts.
 */
export async function seeAs(context: BrowserContext, role: Role): Promise<void> {
  const matcher = (url: URL) =>
    url.pathname.startsWith('/trpc/') && procedures(url.href).includes('auth.organizations');
  await context.route(matcher, async (route: Route) => {
    const response = await route.fetch();
    const names = procedures(route.request().url());
    const body = (await response.json()) as Entry[];
    const entries = names.map((name, i) => {
      const entry = body[i];
      if (name !== 'auth.organizations' || !entry?.result?.data) return entry;
      return { result: { data: entry.result.data.map((o) => (o.active ? { ...o, role } : o)) } };
    });
    await route.fulfill({ response, body: JSON.stringify(entries) });
  });
}
