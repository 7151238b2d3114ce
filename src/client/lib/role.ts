import type { OrganizationRole } from '../../shared/schemas/organization';
import { trpc } from './trpc';

/** The signed-in person's role in the organisation this session works in; null while it loads. */
export function useActiveRole(): OrganizationRole | null {
  const organizations = trpc.auth.organizations.useQuery(undefined, { staleTime: 60_000 });
  return organizations.data?.find((organization) => organization.active)?.role ?? null;
}
