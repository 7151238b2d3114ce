import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { memberships, type OrganizationRow, organizations, type UserRow, users } from '../../../db/schema';

/**
 * A company as its documents and mails show it: the organisation's data, with a person to reach —
 * who sends a mail, or for a PDF the owner (an organisation has no e-mail address of its own).
 */
export type Company = Omit<OrganizationRow, 'name' | 'id' | 'createdAt' | 'updatedAt'> & {
  organizationId: string;
  /** The company name. */
  company: string;
  /** The person's name and e-mail address. */
  name: string;
  email: string;
};

export function companyOf(organization: OrganizationRow, person: Pick<UserRow, 'name' | 'email'>): Company {
  const { id, name, createdAt: _created, updatedAt: _updated, ...fields } = organization;
  return { ...fields, organizationId: id, company: name, name: person.name, email: person.email };
}

/** The organisation with its owner as the person to reach; null when it does not exist. */
export async function findCompany(db: DbOrTx, organizationId: string): Promise<Company | null> {
  const [row] = await db
    .select({ organization: organizations, owner: { name: users.name, email: users.email } })
    .from(organizations)
    .innerJoin(
      memberships,
      and(eq(memberships.organizationId, organizations.id), eq(memberships.role, 'owner')),
    )
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return row ? companyOf(row.organization, row.owner) : null;
}
