import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import {
  buttonClass,
  EmptyState,
  Notice,
  PageHeader,
  RetryButton,
  RoleNote,
  RoleRequired,
  Spinner,
} from '../../components';
import { readApiError } from '../../lib/api-errors';
import { useRefused, useRoleSettled } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import { actorsLine } from './order-actors';
import { ORDER_FORM_HEADINGS, orderFormMode } from './order-form-mode';
import { OrderFormView } from './order-form-view';
import './order-form.css';

export const ORDER_LOAD_ERROR = 'Kan ordergegevens niet laden.';

export type OrderFormPageProps = {
  /** Present on /inkooporders/:id/edit, absent on /nieuwe-order. */
  id?: string;
};

/**
 * /nieuwe-order and /inkooporders/{id}/edit (spec §2 Order form). A role that may not change orders
 * (the viewer) reads an order there, read-only, with its PDF; a link to /nieuwe-order tells it why not.
 */
export function OrderFormPage({ id }: OrderFormPageProps) {
  const mode = orderFormMode({ editing: Boolean(id), refused: useRefused('work') });
  // Until the role is known the form waits: a viewer must never see it editable for a moment.
  const roleSettled = useRoleSettled();
  const heading = ORDER_FORM_HEADINGS[mode];
  return (
    <div className="order-form-page">
      <PageHeader
        title={heading.title}
        eyebrow={
          <Link href="/inkooporders" className="order-form-page__back">
            <ArrowLeft size={14} aria-hidden="true" />
            Inkooporders
          </Link>
        }
        description={heading.description}
      />
      {!roleSettled ? (
        <OrderLoading />
      ) : mode === 'refused' ? (
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
        <EditOrder id={id} readOnly={mode === 'read'} />
      ) : (
        <OrderFormView />
      )}
    </div>
  );
}

function OrderLoading() {
  return (
    <div className="order-form-page__loading">
      <Spinner size={22} label="Order laden..." showLabel />
    </div>
  );
}

function EditOrder({ id, readOnly }: { id: string; readOnly: boolean }) {
  // Always the order as it is now, never a cached copy: the form starts from it.
  const query = trpc.orders.get.useQuery({ id }, { staleTime: 0, gcTime: 0, refetchOnMount: 'always' });
  if (query.isPending) return <OrderLoading />;
  if (query.isError && !query.data) {
    const info = readApiError(query.error);
    const notFound = info.httpStatus === 404;
    return (
      <div className="order-form-page__failed">
        <Notice
          tone="error"
          action={
            notFound ? null : <RetryButton busy={query.isFetching} onRetry={() => void query.refetch()} />
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
      {readOnly ? <RoleNote capability="work" className="order-form-page__role-note" /> : null}
      {/* Taking the customer's changes over makes a new version: the form opens again on it. */}
      <OrderFormView
        key={`${query.data._id}:${query.data.confirmation?.changesAppliedAt ?? ''}`}
        order={query.data}
        readOnly={readOnly}
      />
    </>
  );
}
