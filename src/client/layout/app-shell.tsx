import { type ReactNode, useEffect, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { cx } from '../components';
import { useAuth } from '../lib/auth';
import { BottomBar } from './bottom-bar';
import { MobileMenu } from './mobile-menu';
import { MobileTopBar } from './mobile-top-bar';
import { Sidebar } from './sidebar';
import { useLogout } from './use-logout';
import { useIsMobile } from './use-media-query';
import { UserMenu } from './user-menu';

/** True once the page has scrolled, for the desktop header's hairline. */
function useScrolled(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 4);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return scrolled;
}

/**
 * The frame around every protected screen (spec §2 App shell): sidebar and user menu on desktop;
 * top bar, hamburger menu and bottom bar below 768 px.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const { logout, busy } = useLogout();
  const isMobile = useIsMobile();
  const scrolled = useScrolled();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const [path] = useLocation();

  // A new page starts at the top, and the mobile menu never outlives a navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path changes by design.
  useEffect(() => {
    window.scrollTo({ top: 0 });
    setMenuOpen(false);
  }, [path]);

  useEffect(() => {
    if (!isMobile) setMenuOpen(false);
  }, [isMobile]);

  const userName = user?.name || 'Gebruiker';
  const company = user?.company || 'Mijn bedrijf';

  return (
    <div className="shell">
      <a className="shell-skip" href="#main">
        Naar de inhoud
      </a>
      {isMobile ? (
        <>
          <MobileTopBar
            company={company}
            menuOpen={menuOpen}
            menuId={menuId}
            onOpenMenu={() => setMenuOpen(true)}
          />
          <MobileMenu
            id={menuId}
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            userName={userName}
            company={company}
            onLogout={logout}
            loggingOut={busy}
          />
        </>
      ) : (
        <Sidebar userName={userName} company={company} onLogout={logout} loggingOut={busy} />
      )}

      <div className="shell-main">
        {!isMobile ? (
          <header className={cx('shell-header', scrolled && 'is-scrolled')}>
            <div className="shell-header__inner">
              <UserMenu userName={userName} email={user?.email ?? ''} company={company} onLogout={logout} />
            </div>
          </header>
        ) : null}
        <main id="main" className="shell-content" tabIndex={-1}>
          {children}
        </main>
      </div>

      {isMobile ? <BottomBar /> : null}
    </div>
  );
}
