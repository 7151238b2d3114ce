import { Building2, LogOut, ShieldCheck } from 'lucide-react';
import { Button, ThemeToggle, useDocumentTitle } from '../../components';
import { useOrganizationSwitch } from '../../layout/organization-switcher';
import { useLogout } from '../../layout/use-logout';
import { useAuth } from '../../lib/auth';
import { BrandMark } from '../auth/auth-layout';
import { TwoFactorCard } from './two-factor-card';
import './company-settings.css';
import './two-factor-enrolment-page.css';

export const ENROLMENT_TITLE = 'Stel tweestapsverificatie in';

/**
 * What a member sees, whatever the address, while the organisation they work in requires two-step
 * sign-in and they have not set it up: the card of Beveiliging to do so, another organisation of
 * theirs to work in instead, and signing out. No menu, no other screen: the server refuses the rest
 * anyway (http/two-factor-enrolment.ts). `onEnabled` and `onCodesSaved` let the app keep this page
 * until the new recovery codes have been put away.
 */
export function TwoFactorEnrolmentPage({
  onEnabled,
  onCodesSaved,
}: {
  onEnabled: () => void;
  onCodesSaved: () => void;
}) {
  useDocumentTitle(ENROLMENT_TITLE);
  const { user } = useAuth();
  const { logout, busy } = useLogout();
  const switcher = useOrganizationSwitch(true, () => undefined);
  const others = switcher.list.filter((organization) => !organization.active);
  return (
    <div className="enrolment">
      <header className="enrolment__top">
        <span className="enrolment__brand">
          <BrandMark size={30} />
          <span className="enrolment__brand-name">Inkooporders</span>
        </span>
        <ThemeToggle />
      </header>
      <main id="main" className="enrolment__main">
        <div className="enrolment__intro">
          <span className="enrolment__icon" aria-hidden="true">
            <ShieldCheck size={26} />
          </span>
          <h1 className="enrolment__title">{ENROLMENT_TITLE}</h1>
          <p className="enrolment__text">
            <strong>{user?.company}</strong> vereist tweestapsverificatie voor iedereen die er werkt. Stel die
            nu in met een authenticator-app op uw telefoon; daarna kunt u direct verder.
          </p>
        </div>
        <TwoFactorCard
          enabled={user?.twoFactorEnabled === true}
          email={user?.email ?? ''}
          onEnabled={onEnabled}
          onCodesSaved={onCodesSaved}
        />
        {others.length > 0 ? (
          <section className="enrolment__others" aria-labelledby="enrolment-others">
            <h2 id="enrolment-others" className="enrolment__subtitle">
              Of werk verder in een andere organisatie
            </h2>
            <div className="enrolment__other-list">
              {others.map((organization) => (
                <Button
                  key={organization.id}
                  variant="secondary"
                  icon={<Building2 size={16} />}
                  disabled={switcher.pending}
                  onClick={() => switcher.choose(organization)}
                >
                  {organization.name}
                </Button>
              ))}
            </div>
          </section>
        ) : null}
        <div className="enrolment__signout">
          <span className="enrolment__who">
            Ingelogd als <strong>{user?.email}</strong>
          </span>
          <Button variant="ghost" icon={<LogOut size={16} />} busy={busy} onClick={logout}>
            Uitloggen
          </Button>
        </div>
      </main>
    </div>
  );
}
