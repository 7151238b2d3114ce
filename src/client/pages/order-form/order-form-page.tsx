import { PageHeader } from '../../components';

export type OrderFormPageProps = {
  /** Present on /inkooporders/:id/edit, absent on /nieuwe-order. */
  id?: string;
};

export function OrderFormPage({ id }: OrderFormPageProps) {
  return <PageHeader title={id ? 'Inkooporder bewerken' : 'Nieuwe Inkooporder'} />;
}
