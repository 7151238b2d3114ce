/**
 * The delete confirmation of /klanten: it says how many orders the customer has and
 * what becomes of them. Orders keep the customer's id and the snapshot of the customer's details they
 * were saved with (shared/order-record.ts), so they still show, print and save as before.
 */
export const UNDO_WARNING = 'Deze actie kan niet ongedaan worden gemaakt.';
export const ORDER_COUNT_LOADING = 'Het aantal orders van deze klant wordt opgehaald…';
export const ORDER_COUNT_FAILED =
  'Het aantal orders van deze klant kon niet worden opgehaald. Bestaande orders houden de klantgegevens waarmee ze zijn opgeslagen.';

const ordersText = (n: number) => `${n.toLocaleString('nl-NL')} ${n === 1 ? 'order' : 'orders'}`;

/** What the orders of the customer keep; undefined while the count is loading, null when it failed. */
export function ordersAfterDelete(count: number | undefined | null): string {
  if (count === undefined) return ORDER_COUNT_LOADING;
  if (count === null) return ORDER_COUNT_FAILED;
  if (count === 0) return 'Deze klant heeft geen orders.';
  const those = count === 1 ? 'Deze order blijft' : 'Deze orders blijven';
  const keeps = count === 1 ? 'houdt' : 'houden';
  return `Deze klant heeft ${ordersText(count)}. ${those} bestaan en ${keeps} de klantgegevens waarmee ${count === 1 ? 'hij is' : 'ze zijn'} opgeslagen (naam, bedrijf, adres); u kunt ${count === 1 ? 'hem' : 'ze'} nog openen, opslaan en er een andere klant voor kiezen.`;
}

export const deleteQuestion = (company: string) => `Weet u zeker dat u ${company} wilt verwijderen?`;
