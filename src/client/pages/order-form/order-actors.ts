/** Who a stored order or customer came from, as the read models name them. */
type Actors = {
  createdBy: { name: string } | null;
  updatedBy: { name: string } | null;
  createdAt: string;
  updatedAt: string;
};

/**
 * 'Aangemaakt door Anna · Laatst gewijzigd door Bert': the quiet line under an order's title. A part
 * whose person is unknown (from before this was kept, or an account since deleted) is left out; the
 * second part only once it was saved after being created.
 */
export function actorsLine({ createdBy, updatedBy, createdAt, updatedAt }: Actors): string | null {
  const parts: string[] = [];
  if (createdBy) parts.push(`Aangemaakt door ${createdBy.name}`);
  if (updatedBy && updatedAt !== createdAt) parts.push(`Laatst gewijzigd door ${updatedBy.name}`);
  return parts.length > 0 ? parts.join(' · ') : null;
}
