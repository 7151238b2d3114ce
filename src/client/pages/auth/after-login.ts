/**
 * Where to go after signing in: `?next=` only when it is an invitation page of this app (the
 * invitation page's "Inloggen" sends it), never another site or path; else the dashboard.
 */
export function afterLoginPath(search: string): string {
  const next = new URLSearchParams(search).get('next') ?? '';
  return /^\/invite\/[A-Za-z0-9_-]{1,200}$/.test(next) ? next : '/';
}
