import { LogOut, X } from 'lucide-react';
import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { cx, ThemeControl, useBackgroundLock, useDialogLayer, useFocusReturn } from '../components';
import { CompanyMark } from './company-mark';
import { useNavItems } from './nav-items';
import { NavLink } from './nav-link';
import { OrganizationDrawerSection } from './organization-switcher';

type MobileMenuProps = {
  id: string;
  open: boolean;
  onClose: () => void;
  userName: string;
  company: string;
  onLogout: () => void;
  loggingOut: boolean;
};

/** The hamburger menu: a panel sliding in from the right with every link, the theme and Uitloggen. */
export function MobileMenu({ id, open, onClose, userName, company, onLogout, loggingOut }: MobileMenuProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const navItems = useNavItems();
  useBackgroundLock(open);
  useFocusReturn(panelRef, open);
  useDialogLayer(panelRef, open, onClose);

  return createPortal(
    <div className={cx('shell-drawer', open && 'is-open')} inert={!open || undefined}>
      <div className="shell-drawer__backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        tabIndex={-1}
        className="shell-drawer__panel"
      >
        <div className="shell-drawer__header">
          <CompanyMark company={company} size="md" />
          <div className="shell-drawer__brand-text">
            <span className="shell-drawer__company">{company}</span>
            <span className="shell-drawer__product">Inkooporders</span>
          </div>
          <button type="button" className="shell-drawer__close" aria-label="Menu sluiten" onClick={onClose}>
            <X size={20} aria-hidden="true" />
          </button>
        </div>

        <div className="shell-drawer__session">
          <span className="shell-session__caption">Ingelogd als</span>
          <span className="shell-session__name">{userName}</span>
          <span className="shell-session__company">{company}</span>
        </div>

        <OrganizationDrawerSection open={open} onSwitched={onClose} />

        <nav aria-label="Hoofdmenu" className="shell-drawer__nav">
          <ul className="shell-nav">
            {navItems.map((item) => (
              <li key={item.href}>
                <NavLink item={item} className="shell-nav__link" onNavigate={onClose} />
              </li>
            ))}
          </ul>
        </nav>

        <div className="shell-drawer__footer">
          <ThemeControl size="md" fullWidth hideLabel={false} />
          <button
            type="button"
            className="shell-nav__link shell-logout"
            onClick={() => {
              onClose();
              onLogout();
            }}
            disabled={loggingOut}
          >
            <span className="shell-nav__link-icon" aria-hidden="true">
              <LogOut size={18} strokeWidth={1.9} />
            </span>
            <span className="shell-nav__link-label">Uitloggen</span>
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
