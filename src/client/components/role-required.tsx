import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { type Capability, roleOnlyNote, roleRequiredMessage } from '../../shared/roles';
import { cx } from './cx';
import { EmptyState } from './empty-state';

/**
 * In place of a form the role may not use (a direct link to /nieuwe-order, say): says which role it
 * takes, instead of a form that would only fail on saving.
 */
export function RoleRequired({
  capability,
  title,
  action,
}: {
  capability: Capability;
  /** What cannot be done, e.g. 'Orders aanmaken en bewerken'. */
  title: string;
  /** The way back, and what the role may still do here. */
  action?: ReactNode;
}) {
  return (
    <EmptyState
      className="role-required"
      icon={<Lock />}
      title={title}
      description={roleRequiredMessage(capability)}
      action={action}
    />
  );
}

/** A quiet line above settings the role may only read: who can change them. */
export function RoleNote({ capability, className }: { capability: Capability; className?: string }) {
  return (
    <p className={cx('role-note', className)}>
      <Lock size={14} aria-hidden="true" />
      <span>{roleOnlyNote(capability)}</span>
    </p>
  );
}
