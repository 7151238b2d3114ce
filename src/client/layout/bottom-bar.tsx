import { BOTTOM_BAR_ITEMS } from './nav-items';
import { NavLink } from './nav-link';

/** The phone's fixed bottom navigation: Dashboard, Orders, Klanten, Instellingen (spec §2). */
export function BottomBar() {
  return (
    <nav className="shell-bottombar" aria-label="Snelmenu" data-fixed-edge="bottom">
      <ul className="shell-bottombar__list">
        {BOTTOM_BAR_ITEMS.map((item) => (
          <li key={item.href}>
            <NavLink item={item} className="shell-bottombar__link" short />
          </li>
        ))}
      </ul>
    </nav>
  );
}
