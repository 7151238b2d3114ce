import { Link, useLocation } from 'wouter';
import { cx } from '../components';
import { isActive, type NavItem } from './nav-items';

type NavLinkProps = {
  item: NavItem;
  className: string;
  /** Use the short label (bottom bar). */
  short?: boolean;
  onNavigate?: () => void;
};

/** A navigation link that marks itself as the current page (aria-current="page"). */
export function NavLink({ item, className, short = false, onNavigate }: NavLinkProps) {
  const [path] = useLocation();
  const active = isActive(item, path);
  return (
    <Link
      href={item.href}
      className={cx(className, active && 'is-active')}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    >
      <span className={`${className}-icon`} aria-hidden="true">
        {item.icon}
      </span>
      <span className={`${className}-label`}>{short ? (item.shortLabel ?? item.label) : item.label}</span>
    </Link>
  );
}
