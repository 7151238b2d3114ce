import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { TWO_FACTOR_ENROLMENT_REQUIRED_CODE } from '../../shared/two-factor-enrolment';
import { isApiError } from './api-errors';
import { trpc } from './trpc';

/** Paths where a 401 is an answer to show (wrong password), not a reason to leave the page. */
const PUBLIC_PREFIXES = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/ui-components',
];

export function isUnauthorized(err: unknown): boolean {
  return isApiError(err) && err.data?.httpStatus === 401;
}

/** "Any 401 response redirects to /login" (spec §7) — except on the public screens themselves. */
function redirectOn401(err: unknown) {
  if (!isUnauthorized(err)) return;
  const here = window.location.pathname;
  if (PUBLIC_PREFIXES.some((p) => here.startsWith(p))) return;
  localStorage.removeItem('user');
  window.location.assign('/login');
}

/** The organisation began to require two-step sign-in while this person has none (their session is held). */
export function isEnrolmentRequired(err: unknown): boolean {
  return isApiError(err) && err.data?.domainCode === TWO_FACTOR_ENROLMENT_REQUIRED_CODE;
}

export function createQueryClient() {
  const onError = (err: unknown) => {
    redirectOn401(err);
    // The session's answer says so too: asked again, it takes the app to the enrolment page.
    if (isEnrolmentRequired(err)) void client.invalidateQueries({ queryKey: [['auth', 'session']] });
  };
  const client = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        retry: (count, err) => !(isApiError(err) && (err.data?.httpStatus ?? 500) < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
  return client;
}

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: '/trpc',
        fetch: (url, options) => fetch(url, { ...options, credentials: 'include' }),
      }),
    ],
  });
}
