import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
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

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: redirectOn401 }),
    mutationCache: new MutationCache({ onError: redirectOn401 }),
    defaultOptions: {
      queries: {
        retry: (count, err) => !(isApiError(err) && (err.data?.httpStatus ?? 500) < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
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
