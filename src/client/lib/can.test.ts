import { describe, expect, it } from 'vitest';
import { activeRole, canWith } from './can';

describe('what the screens show per role', () => {
  const orgs = [
    { role: 'owner' as const, active: false },
    { role: 'viewer' as const, active: true },
  ];

  it('reads the role of the active organisation, not of another one', () => {
    expect(activeRole(orgs)).toBe('viewer');
    expect(activeRole([{ role: 'member', active: false }])).toBeNull();
    expect(activeRole(undefined)).toBeNull();
  });

  it('shows a viewer no change, a member no management, an admin all but owning', () => {
    expect(canWith('viewer', 'read')).toBe(true);
    expect(canWith('viewer', 'work')).toBe(false);
    expect(canWith('member', 'work')).toBe(true);
    expect(canWith('member', 'manage')).toBe(false);
    expect(canWith('admin', 'manage')).toBe(true);
    expect(canWith('admin', 'own')).toBe(false);
    expect(canWith('owner', 'own')).toBe(true);
  });

  it('shows the controls while the role is not known yet (the server refuses what it must)', () => {
    expect(canWith(null, 'manage')).toBe(true);
  });
});
