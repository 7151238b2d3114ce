import { PageHeader } from '../../components';

export function DashboardPage() {
  return <PageHeader title="Dashboard" />;
}
