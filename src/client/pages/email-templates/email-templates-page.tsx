import { PageHeader } from '../../components';

export function EmailTemplatesPage() {
  return <PageHeader title="Email Templates" />;
}
