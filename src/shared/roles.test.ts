import { describe, expect, it } from 'vitest';
import { organizationRoles, ROLE_LABELS, type OrganizationRole as Role } from './role-names';
import { type Capability, roleAllows, roleOnlyNote, roleRequiredMessage } from './roles';

/** The table, written out in full: every role against every capability. */
const TABLE: Record<Role, Record<Capability, boolean>> = {
  owner: { read: true, work: true, manage: true, own: true },
  admin: { read: true, work: true, manage: true, own: false },
  member: { read: true, work: true, manage: false, own: false },
  viewer: { read: true, work: false, manage: false, own: false },
};

describe('roles', () => {
  it.each(organizationRoles)('%s may exactly what the table says', (role) => {
    for (const [capability, allowed] of Object.entries(TABLE[role])) {
      expect(roleAllows(role, capability as Capability), `${role} ${capability}`).toBe(allowed);
    }
  });

  it('has the Dutch labels of the table', () => {
    expect(ROLE_LABELS).toEqual({
      owner: 'Eigenaar',
      admin: 'Beheerder',
      member: 'Medewerker',
      viewer: 'Alleen lezen',
    });
  });

  it('says in Dutch which roles a refused call needs', () => {
    expect(roleRequiredMessage('own')).toBe(
      'Hiervoor is de rol Eigenaar nodig. Vraag de eigenaar van de organisatie om die rol.',
    );
    expect(roleRequiredMessage('manage')).toBe(
      'Hiervoor is de rol Eigenaar of Beheerder nodig. Vraag de eigenaar van de organisatie om die rol.',
    );
    expect(roleRequiredMessage('work')).toBe(
      'Hiervoor is de rol Eigenaar, Beheerder of Medewerker nodig. Vraag de eigenaar van de organisatie om die rol.',
    );
  });

  it('says in Dutch who can change what a role may only read', () => {
    expect(roleOnlyNote('manage')).toBe('Alleen de rol Eigenaar of Beheerder kan dit wijzigen.');
  });
});
