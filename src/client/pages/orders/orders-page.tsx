import { PageHeader } from '../../components';

export function OrdersPage() {
  return <PageHeader title="Inkooporders" />;
}
