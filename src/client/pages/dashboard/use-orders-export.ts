import { useState } from 'react';
import { PERIOD_LABELS, type Period } from '../../../shared/constants';
import { useToast } from '../../components';
import { trpc } from '../../lib/trpc';

export const EXPORT_ERROR = 'Er is een fout opgetreden bij het exporteren van de orders.';

const countLabel = (n: number) => `${n.toLocaleString('nl-NL')} ${n === 1 ? 'order' : 'orders'}`;

/** The dashboard's Exporteren: every order of the chosen period as a CSV file (see lib/orders-csv.ts). */
export function useOrdersExport() {
  const toast = useToast();
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState(false);

  const run = async (period: Period) => {
    if (busy) return;
    setBusy(true);
    try {
      // Loaded on the click, not with the dashboard: orders-csv reads the order schema module, and
      // with it zod, which the dashboard itself does not need.
      const [{ downloadCsv }, { fetchAllOrders, ordersCsv, ordersCsvFileName }] = await Promise.all([
        import('../../lib/csv'),
        import('../../lib/orders-csv'),
      ]);
      const orders = await fetchAllOrders((input) => utils.client.orders.page.query(input), { period });
      if (orders.length === 0) {
        toast.info(`Er zijn geen orders om te exporteren (${PERIOD_LABELS[period]}).`);
        return;
      }
      downloadCsv(ordersCsv(orders), ordersCsvFileName(period));
      toast.success(`${countLabel(orders.length)} geëxporteerd.`);
    } catch {
      toast.error(EXPORT_ERROR);
    } finally {
      setBusy(false);
    }
  };

  return { run, busy };
}
