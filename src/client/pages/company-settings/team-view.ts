import { formatDateTime } from '../../../shared/dates';
import { ROLE_LABELS } from '../../../shared/role-names';
import { roleAllows } from '../../../shared/roles';
import type { Member } from '../../../shared/schemas/members';

/** What one member's row shows, and what the signed-in person may do with it: apart from the screen, to test. */
export type MemberRowView = {
  role: string;
  /** dd-mm-jjjj hh:mm on the Dutch clock (kept to the minute), or 'Nog niet'. */
  lastActive: string;
  twoFactor: 'Aan' | 'Uit';
  isSelf: boolean;
  /** A select to change the role: owner or admin, on anyone but the owner. */
  canChangeRole: boolean;
  canRemove: boolean;
  /** The owner may hand the organisation to any other member. */
  canMakeOwner: boolean;
  /**
   * An owner or admin may switch off another member's two-step sign-in (a lost phone), never the
   * owner's; one's own is switched off in Beveiliging, with the password and a code.
   */
  canResetTwoFactor: boolean;
};

export function memberRowView(member: Member, me: Member | undefined): MemberRowView {
  const manages = me ? roleAllows(me.role, 'manage') : false;
  const isSelf = member.userId === me?.userId;
  const onOwner = member.role === 'owner';
  return {
    role: ROLE_LABELS[member.role],
    lastActive: member.lastActiveAt ? formatDateTime(member.lastActiveAt).slice(0, 16) : 'Nog niet',
    twoFactor: member.twoFactorEnabled ? 'Aan' : 'Uit',
    isSelf,
    canChangeRole: manages && !onOwner,
    canRemove: manages && !onOwner && !isSelf,
    canMakeOwner: me?.role === 'owner' && !isSelf,
    canResetTwoFactor: manages && member.twoFactorEnabled && !onOwner && !isSelf,
  };
}
