import { ArrowLeft, RotateCw } from 'lucide-react';
import { Link } from 'wouter';
import { Button, buttonClass, EmptyState, Notice, PageHeader, RoleRequired, Spinner } from '../../components';
import { readApiError } from '../../lib/api-errors';
import { useRefused } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import { actorsLine } from './order-actors';
import { OrderFormView } from './order-form-view';
import './order-form.css';

export const ORDER_LOAD_ERROR = 'Kan ordergegevens niet laden.';

export type OrderFormPageProps = {
  /** Present on /inkooporders/:id/edit, absent on /nieuwe-order. */
  id?: string;
};

/** /nieuwe-order and /inkooporders/{id}/edit (spec §2 Order form). */
export function OrderFormPage({ id }: OrderFormPageProps) {
  const title = id ? 'Inkooporder bewerken' : 'Nieuwe Inkooporder';
  // A viewer who follows a link here gets told why, not a form that would fail on saving.
  const refused = useRefused('work');
  return (
    <div className="order-form-page">
      <PageHeader
        title={title}
        eyebrow={
          <Link href="/inkooporders" className="order-form-page__back">
            <ArrowLeft size={14} aria-hidden="true" />
            Inkooporders
          </Link>
        }
        description={
          id
            ? 'Pas de order aan; het ordernummer blijft hetzelfde.'
            : 'Vul de gegevens en de orderregels in. Velden met * zijn verplicht.'
        }
      />
      {refused ? (
        <RoleRequired
          capability="work"
          title="U kunt orders bekijken, maar niet aanmaken of bewerken"
          action={
            <Link href="/inkooporders" className={buttonClass({ variant: 'secondary' })}>
              Terug naar Inkooporders
            </Link>
          }
        />
      ) : id ? (
        <EditOrder id={id} />
      ) : (
        <OrderFormView />
      )}
    </div>
  );
}

function EditOrder({ id }: { id: string }) {
  // Always the order as it is now, never a cached copy: the form starts from it.
  const query = trpc.orders.get.useQuery({ id }, { staleTime: 0, gcTime: 0, refetchOnMount: 'always' });
  if (query.isPending) {
    return (
      <div className="order-form-page__loading">
        <Spinner size={22} label="Order laden..." showLabel />
      </div>
    );
  }
  if (query.isError && !query.data) {
    const info = readApiError(query.error);
    const notFound = info.httpStatus === 404;
    return (
      <div className="order-form-page__failed">
        <Notice
          tone="error"
          action={
            notFound ? null : (
              <Button
                size="sm"
                variant="secondary"
                icon={<RotateCw />}
                busy={query.isFetching}
                onClick={() => void query.refetch()}
              >
                Opnieuw proberen
              </Button>
            )
          }
        >
          {ORDER_LOAD_ERROR}
          {notFound && info.serverMessage ? ` ${info.serverMessage}` : null}
        </Notice>
        <EmptyState
          title="Deze order kan niet worden getoond"
          action={
            <Link href="/inkooporders" className={buttonClass({ variant: 'secondary' })}>
              Terug naar Inkooporders
            </Link>
          }
        />
      </div>
    );
  }
  if (!query.data) return null;
  const actors = actorsLine(query.data);
  return (
    <>
      {actors ? <p className="order-form-page__actors">{actors}</p> : null}
      <OrderFormView key={query.data._id} order={query.data} />
    </>
  );
}
