import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { SessionProfile } from '../../shared/schemas/company-profile';
import { trpc } from './trpc';

/**
 * The session as the client sees it. The session token lives in an HttpOnly cookie that scripts
 * cannot read; what the spec calls "the stored user" is the profile (without token) in localStorage,
 * plus separate copies of name and company, so the shell can paint before the profile call returns.
 */
const USER_KEY = 'user';
const NAME_KEY = 'userName';
const COMPANY_KEY = 'userCompany';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

type AuthContextValue = {
  status: AuthStatus;
  /** `noOrganization` when they belong to none (the app then shows only that). */
  user: SessionProfile | null;
  /** After login, or after a profile save: store and broadcast the new profile. */
  setUser: (user: SessionProfile) => void;
  /** Forget the user locally (a 401 or logout). */
  clearUser: () => void;
  logout: () => Promise<void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

function readStoredUser(): SessionProfile | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as SessionProfile) : null;
  } catch {
    return null;
  }
}

function storeUser(user: SessionProfile | null) {
  if (user) {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    localStorage.setItem(NAME_KEY, user.name);
    localStorage.setItem(COMPANY_KEY, user.company);
  } else {
    localStorage.removeItem(USER_KEY);
    localStorage.removeItem(NAME_KEY);
    localStorage.removeItem(COMPANY_KEY);
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUserState] = useState<SessionProfile | null>(() => readStoredUser());
  // auth.session answers null without a session (not a 401): a logged-out page load logs no error.
  const session = trpc.auth.session.useQuery(undefined, { retry: false, staleTime: 60_000 });
  const logoutMutation = trpc.auth.logout.useMutation();

  useEffect(() => {
    if (session.data) {
      storeUser(session.data);
      setUserState(session.data);
    } else if (session.data === null || session.error?.data?.httpStatus === 401) {
      // "If no valid session exists but a user is held, the user is cleared" (spec §4).
      storeUser(null);
      setUserState(null);
    }
  }, [session.data, session.error]);

  const setUser = useCallback(
    (next: SessionProfile) => {
      storeUser(next);
      setUserState(next);
      queryClient.setQueryData([['auth', 'profile'], { type: 'query' }], next);
      queryClient.setQueryData([['auth', 'session'], { type: 'query' }], next);
    },
    [queryClient],
  );

  const clearUser = useCallback(() => {
    storeUser(null);
    setUserState(null);
    queryClient.clear();
  }, [queryClient]);

  const logout = useCallback(async () => {
    try {
      await logoutMutation.mutateAsync();
    } finally {
      clearUser();
    }
  }, [logoutMutation, clearUser]);

  // The profile that just arrived counts at once: the effect above stores it one render later, and in
  // between the guards must not see 'anonymous' (a deep link on a fresh tab would bounce via /login).
  // A null answer means the session is gone: the stored user no longer counts either.
  // (A failed call, e.g. the server down, keeps the stored user, as before.)
  const ended = session.data === null || session.error?.data?.httpStatus === 401;
  const current = ended ? null : (user ?? (session.error ? null : (session.data ?? null)));
  const status: AuthStatus = current
    ? 'authenticated'
    : session.isPending && !session.error
      ? 'loading'
      : 'anonymous';

  const value = useMemo(
    () => ({ status, user: current, setUser, clearUser, logout }),
    [status, current, setUser, clearUser, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth buiten AuthProvider');
  return ctx;
}
