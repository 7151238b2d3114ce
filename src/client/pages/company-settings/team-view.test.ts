import { describe, expect, it } from 'vitest';
import type { Member } from '../../../shared/schemas/members';
import { memberRowView } from './team-view';

const member = (userId: string, role: Member['role'], extra: Partial<Member> = {}): Member => ({
  userId,
  name: userId,
  email: `${userId}@voorbeeld.nl`,
  role,
  lastActiveAt: null,
  twoFactorEnabled: false,
  ...extra,
});

describe('memberRowView', () => {
  const owner = member('olga', 'owner');
  const admin = member('bram', 'admin');
  const viewer = member('anton', 'viewer');

  it('shows the role, last active on the Dutch clock to the minute, and 2FA', () => {
    expect(
      memberRowView(
        member('x', 'viewer', { lastActiveAt: '2026-07-07T22:05:09Z', twoFactorEnabled: true }),
        owner,
      ),
    ).toMatchObject({ role: 'Alleen lezen', lastActive: '08-07-2026 00:05', twoFactor: 'Aan' });
    expect(memberRowView(viewer, owner)).toMatchObject({ lastActive: 'Nog niet', twoFactor: 'Uit' });
  });

  it('lets an owner or admin change and remove anyone but the owner, and only the owner hand over ownership', () => {
    expect(memberRowView(viewer, admin)).toMatchObject({
      canChangeRole: true,
      canRemove: true,
      canMakeOwner: false,
    });
    expect(memberRowView(owner, admin)).toMatchObject({ canChangeRole: false, canRemove: false });
    expect(memberRowView(admin, owner)).toMatchObject({
      canChangeRole: true,
      canRemove: true,
      canMakeOwner: true,
    });
    expect(memberRowView(owner, owner)).toMatchObject({
      isSelf: true,
      canRemove: false,
      canMakeOwner: false,
    });
    // Nobody removes themself here: that is leaving.
    expect(memberRowView(admin, admin)).toMatchObject({
      isSelf: true,
      canChangeRole: true,
      canRemove: false,
    });
  });

  it('shows members and viewers the list read-only', () => {
    for (const me of [member('mila', 'member'), viewer])
      expect(memberRowView(admin, me)).toMatchObject({
        canChangeRole: false,
        canRemove: false,
        canMakeOwner: false,
      });
  });

  it("offers an owner or admin to switch off another member's two-step sign-in, when it is on", () => {
    const on = { twoFactorEnabled: true };
    expect(memberRowView(member('mila', 'member', on), owner).canResetTwoFactor).toBe(true);
    expect(memberRowView(member('mila', 'member', on), admin).canResetTwoFactor).toBe(true);
    expect(memberRowView(member('ada', 'admin', on), admin).canResetTwoFactor).toBe(true);
    // Off: nothing to switch off.
    expect(memberRowView(member('mila', 'member'), owner).canResetTwoFactor).toBe(false);
  });

  it("never offers it on the owner's row, on one's own row, or to a member or viewer", () => {
    const on = { twoFactorEnabled: true };
    expect(memberRowView(member('olga', 'owner', on), admin).canResetTwoFactor).toBe(false);
    // One's own is switched off in Beveiliging, with the password and a code.
    expect(memberRowView(member('olga', 'owner', on), member('olga', 'owner', on)).canResetTwoFactor).toBe(
      false,
    );
    expect(memberRowView(member('bram', 'admin', on), member('bram', 'admin', on)).canResetTwoFactor).toBe(
      false,
    );
    for (const me of [member('mila', 'member'), viewer])
      expect(memberRowView(member('x', 'viewer', on), me).canResetTwoFactor).toBe(false);
  });
});
