import { PageHeader } from '../../components';

export function CustomersPage() {
  return <PageHeader title="Klanten" />;
}
