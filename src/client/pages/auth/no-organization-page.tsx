import { Building2, LogOut } from 'lucide-react';
import { Button } from '../../components';
import { useLogout } from '../../layout/use-logout';
import { useAuth } from '../../lib/auth';
import { AuthHeading, AuthLayout } from './auth-layout';

export const NO_ORGANIZATION_TITLE = 'U hoort bij geen enkele organisatie';

/**
 * What someone signed in sees when they no longer belong to any organisation (they left their last
 * one, or were removed from it): there is no company data to show, so no app, only what to do next.
 */
export function NoOrganizationPage() {
  const { user } = useAuth();
  const { logout, busy } = useLogout();
  return (
    <AuthLayout title={NO_ORGANIZATION_TITLE}>
      <AuthHeading
        icon={<Building2 size={28} />}
        tone="warning"
        title={NO_ORGANIZATION_TITLE}
        description={
          <>
            <p>
              U bent ingelogd als <strong>{user?.email}</strong>, maar u bent geen lid meer van een
              organisatie. Daarom zijn er geen klanten, orders of instellingen om te tonen.
            </p>
            <p>
              Wilt u weer meewerken? Vraag de eigenaar of een beheerder van de organisatie om een nieuwe
              uitnodiging. Zodra u die accepteert, kunt u direct verder.
            </p>
          </>
        }
      />
      <div className="auth-actions">
        <Button
          size="lg"
          fullWidth
          variant="secondary"
          icon={<LogOut size={18} />}
          busy={busy}
          onClick={logout}
        >
          Uitloggen
        </Button>
      </div>
    </AuthLayout>
  );
}
