import { PageHeader } from '../../components';

export function CompanySettingsPage() {
  return <PageHeader title="Bedrijfsinstellingen" />;
}
