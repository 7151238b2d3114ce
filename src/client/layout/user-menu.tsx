import { ChevronDown, LogOut, Settings } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Avatar, cx, THEME_OPTIONS } from '../components';
import { useTheme } from '../lib/theme';
import { OrganizationMenuGroup } from './organization-switcher';

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);
}

type UserMenuProps = {
  userName: string;
  email: string;
  company: string;
  onLogout: () => void;
};

/**
 * The desktop user menu (top right): the organisation to work in (only for someone in more than one),
 * Bedrijfsinstellingen, the theme (Licht / Donker / Systeem) and Uitloggen. A WAI-ARIA menu: arrow keys move, Escape closes and returns focus to the button.
 */
export function UserMenu({ userName, email, company, onLogout }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const [, navigate] = useLocation();
  const { preference, setPreference } = useTheme();

  const items = () => menuItems(menuRef.current);

  const close = (returnFocus = true) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    menuItems(menuRef.current)[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') setOpen(false);
  };

  return (
    <div className="user-menu">
      <button
        ref={buttonRef}
        type="button"
        className={cx('user-menu__button', open && 'is-open')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <Avatar name={userName} size="sm" tone="neutral" shape="circle" />
        <span className="user-menu__name">{userName}</span>
        <ChevronDown className="user-menu__chevron" size={15} aria-hidden="true" />
      </button>

      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Gebruikersmenu"
          className="user-menu__panel"
          onKeyDown={onMenuKeyDown}
        >
          <div className="user-menu__header" role="presentation">
            <span className="user-menu__header-name">{userName}</span>
            <span className="user-menu__header-meta">{email || company}</span>
          </div>
          <hr className="user-menu__separator" />
          <OrganizationMenuGroup labelId={`${menuId}-organizations`} onSwitched={() => close(false)} />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="user-menu__item"
            onClick={() => {
              close(false);
              navigate('/bedrijfsinstellingen');
            }}
          >
            <Settings size={16} aria-hidden="true" />
            Bedrijfsinstellingen
          </button>
          <hr className="user-menu__separator" />
          {/* biome-ignore lint/a11y/useSemanticElements: a group inside a menu (WAI-ARIA menu pattern). */}
          <div className="user-menu__group" role="group" aria-labelledby={`${menuId}-theme`}>
            <span id={`${menuId}-theme`} className="user-menu__group-label">
              Thema
            </span>
            <div className="user-menu__theme">
              {THEME_OPTIONS.map((option) => (
                <button
                  key={option.value}
                  type="button"
                  role="menuitemradio"
                  aria-checked={preference === option.value}
                  tabIndex={-1}
                  className={cx('user-menu__theme-option', preference === option.value && 'is-checked')}
                  onClick={() => setPreference(option.value)}
                >
                  <span aria-hidden="true">{option.icon}</span>
                  {option.label}
                </button>
              ))}
            </div>
          </div>
          <hr className="user-menu__separator" />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="user-menu__item"
            onClick={() => {
              close(false);
              onLogout();
            }}
          >
            <LogOut size={16} aria-hidden="true" />
            Uitloggen
          </button>
        </div>
      ) : null}
    </div>
  );
}
