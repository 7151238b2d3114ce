import { LogOut } from 'lucide-react';
import { cx } from '../components';
import { CompanyMark, useHasCompanyLogo } from './company-mark';
import { useNavItems } from './nav-items';
import { NavLink } from './nav-link';

type SidebarProps = {
  userName: string;
  company: string;
  onLogout: () => void;
  loggingOut: boolean;
};

/** Desktop navigation (≥ 768 px): the company, the links, who is logged in, and Uitloggen. */
export function Sidebar({ userName, company, onLogout, loggingOut }: SidebarProps) {
  const hasLogo = useHasCompanyLogo();
  const navItems = useNavItems();
  return (
    <aside className="shell-sidebar">
      {/* The aside is as tall as the page; this part stays in the window while it scrolls. */}
      <div className="shell-sidebar__inner">
        <div className={cx('shell-sidebar__brand', hasLogo && 'shell-sidebar__brand--logo')}>
          <CompanyMark company={company} size="lg" />
          <div className="shell-sidebar__brand-text">
            <span className="shell-sidebar__company" title={company}>
              {company}
            </span>
            <span className="shell-sidebar__product">Inkooporders</span>
          </div>
        </div>

        <nav className="shell-sidebar__nav" aria-label="Hoofdmenu">
          <ul className="shell-nav">
            {navItems.map((item) => (
              <li key={item.href}>
                <NavLink item={item} className="shell-nav__link" />
              </li>
            ))}
          </ul>
        </nav>

        <div className="shell-sidebar__footer">
          <div className="shell-session">
            <span className="shell-session__caption">Ingelogd als</span>
            <span className="shell-session__name" title={userName}>
              {userName}
            </span>
            <span className="shell-session__company" title={company}>
              {company}
            </span>
          </div>
          <button
            type="button"
            className="shell-nav__link shell-logout"
            onClick={onLogout}
            disabled={loggingOut}
          >
            <span className="shell-nav__link-icon" aria-hidden="true">
              <LogOut size={18} strokeWidth={1.9} />
            </span>
            <span className="shell-nav__link-label">{loggingOut ? 'Uitloggen...' : 'Uitloggen'}</span>
          </button>
        </div>
      </div>
    </aside>
  );
}
