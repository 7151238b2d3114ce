import { FileText, History, LayoutDashboard, Mail, Settings, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { type Capability, roleAllows } from '../../shared/roles';
import { useRole } from '../lib/can';

export type NavItem = {
  href: string;
  label: string;
  /** Shorter label for the mobile bottom bar. */
  shortLabel?: string;
  icon: ReactNode;
  /** Other paths under which this item counts as the current one. */
  matches?: (path: string) => boolean;
  /** Shown only to a role that may this (src/shared/roles.ts); without it, to everyone. */
  capability?: Capability;
};

const ICON = { size: 18, strokeWidth: 1.9 } as const;

export const NAV_ITEMS: NavItem[] = [
  { href: '/', label: 'Dashboard', icon: <LayoutDashboard {...ICON} />, matches: (p) => p === '/' },
  {
    href: '/inkooporders',
    label: 'Inkooporders',
    shortLabel: 'Orders',
    icon: <FileText {...ICON} />,
    matches: (p) => p === '/inkooporders' || p.startsWith('/inkooporders/') || p === '/nieuwe-order',
  },
  { href: '/klanten', label: 'Klanten', icon: <Users {...ICON} /> },
  {
    href: '/bedrijfsinstellingen',
    label: 'Bedrijfsinstellingen',
    shortLabel: 'Instellingen',
    icon: <Settings {...ICON} />,
  },
  { href: '/email-templates', label: 'Email Templates', icon: <Mail {...ICON} /> },
  { href: '/logboek', label: 'Logboek', icon: <History {...ICON} />, capability: 'manage' },
];

/** The menu's items for the signed-in person's role: Logboek only for an owner or admin. */
export function useNavItems(): NavItem[] {
  const role = useRole();
  return NAV_ITEMS.filter((item) => !item.capability || (role !== null && roleAllows(role, item.capability)));
}

/** The four destinations of the mobile bottom bar (spec §2). */
export const BOTTOM_BAR_ITEMS: NavItem[] = NAV_ITEMS.filter((item) =>
  ['/', '/inkooporders', '/klanten', '/bedrijfsinstellingen'].includes(item.href),
);

export function isActive(item: NavItem, path: string): boolean {
  return item.matches ? item.matches(path) : path === item.href || path.startsWith(`${item.href}/`);
}
