import { Menu } from 'lucide-react';
import { Link } from 'wouter';
import { cx, IconButton, ThemeToggle } from '../components';
import { CompanyMark } from './company-mark';
import { useHideOnScroll } from './use-hide-on-scroll';

type MobileTopBarProps = {
  company: string;
  menuOpen: boolean;
  menuId: string;
  onOpenMenu: () => void;
};

/** The phone header: company, theme toggle and the menu button. Slides away while scrolling down. */
export function MobileTopBar({ company, menuOpen, menuId, onOpenMenu }: MobileTopBarProps) {
  const hidden = useHideOnScroll(!menuOpen);
  return (
    <header
      className={cx('shell-topbar-mobile', hidden && 'is-hidden')}
      data-hidden={hidden || undefined}
      data-fixed-edge="top"
    >
      {/* The name a screen reader hears starts with the text on screen (WCAG 2.5.3, axe's
          label-content-name-mismatch): the hint is hidden text, not an aria-label replacing it. */}
      <Link href="/" className="shell-topbar-mobile__brand">
        <CompanyMark company={company} size="sm" />
        <span className="shell-topbar-mobile__company">{company}</span>
        <span className="sr-only">, naar het dashboard</span>
      </Link>
      <div className="shell-topbar-mobile__actions">
        <ThemeToggle />
        <IconButton
          label="Menu openen"
          icon={<Menu size={20} />}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={onOpenMenu}
        />
      </div>
    </header>
  );
}
