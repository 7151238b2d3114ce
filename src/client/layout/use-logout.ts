import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import { useToast } from '../components';
import { useAuth } from '../lib/auth';

export const LOGOUT_ERROR = 'Er is een fout opgetreden bij het uitloggen.';

/**
 * Logs out, then goes to /login; a failed call is reported with the spec's message (§8 Login). The
 * toasts of the session close with it, so the login screen shows the next person nothing of them.
 */
export function useLogout() {
  const { logout } = useAuth();
  const [, navigate] = useLocation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const run = useCallback(async () => {
    setBusy(true);
    try {
      await logout();
      toast.clear();
    } catch {
      toast.error(LOGOUT_ERROR);
    } finally {
      setBusy(false);
      navigate('/login', { replace: true });
    }
  }, [logout, navigate, toast]);

  return { logout: run, busy };
}
