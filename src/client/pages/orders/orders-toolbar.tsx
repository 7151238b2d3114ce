import { X } from 'lucide-react';
import { APPROVAL_FILTER_LABEL } from '../../../shared/approval-states';
import type { OrderStatus } from '../../../shared/constants';
import {
  RESPONSE_FILTERS,
  RESPONSE_LABELS,
  type ResponseFilter,
  responseLabels,
} from '../../../shared/order-confirmation-states';
import type { OrderPeriod } from '../../../shared/schemas/order';
import { Button, Checkbox, SearchField, Select } from '../../components';
import {
  isOrderPeriod,
  isOrderStatus,
  LIST_PERIOD_OPTIONS,
  PeriodRange,
  STATUS_OPTIONS,
} from '../../components/order-table';

const RANGE_ID = 'orders-period-range';

const RESPONSE_OPTIONS = [
  { value: '', label: responseLabels.allResponses },
  ...RESPONSE_FILTERS.map((value) => ({ value, label: RESPONSE_LABELS[value] })),
];
const isResponseFilter = (value: string): value is ResponseFilter =>
  (RESPONSE_FILTERS as readonly string[]).includes(value);

type OrdersToolbarProps = {
  text: string;
  onTextChange: (text: string) => void;
  status: OrderStatus | '';
  onStatusChange: (status: OrderStatus | '') => void;
  period: OrderPeriod;
  onPeriodChange: (period: OrderPeriod) => void;
  mine: boolean;
  onMineChange: (mine: boolean) => void;
  /** 'Wacht op goedkeuring': only the orders whose approval was asked. */
  awaitingApproval: boolean;
  onAwaitingApprovalChange: (on: boolean) => void;
  /** The customer's answer to the latest link ('' for all). */
  response: ResponseFilter | '';
  onResponseChange: (response: ResponseFilter | '') => void;
  /** A filter narrows the list: offer to clear them. */
  filtered: boolean;
  onClear: () => void;
  /** A new result is loading. */
  searching: boolean;
};

/**
 * Search (order number, customer, project), status, period, the customer's answer, 'Mijn orders' and
 * 'Wacht op goedkeuring'; each applies at once.
 */
export function OrdersToolbar({
  text,
  onTextChange,
  status,
  onStatusChange,
  period,
  onPeriodChange,
  mine,
  onMineChange,
  awaitingApproval,
  onAwaitingApprovalChange,
  response,
  onResponseChange,
  filtered,
  onClear,
  searching,
}: OrdersToolbarProps) {
  return (
    <search className="orders-toolbar" aria-label="Orders zoeken en filteren">
      <SearchField
        label="Zoeken"
        placeholder="Ordernummer, klant of project"
        value={text}
        onValueChange={onTextChange}
        busy={searching}
        fieldClassName="orders-toolbar__search"
      />
      <Select
        label="Status"
        options={STATUS_OPTIONS}
        value={status}
        onChange={(event) => onStatusChange(isOrderStatus(event.target.value) ? event.target.value : '')}
        fieldClassName="orders-toolbar__select"
      />
      <Select
        label="Periode"
        options={LIST_PERIOD_OPTIONS}
        value={period}
        onChange={(event) => onPeriodChange(isOrderPeriod(event.target.value) ? event.target.value : 'all')}
        fieldClassName="orders-toolbar__select"
        aria-describedby={period === 'all' ? undefined : RANGE_ID}
      />
      <PeriodRange period={period} id={RANGE_ID} className="orders-toolbar__range" />
      <Select
        label={responseLabels.filter}
        options={RESPONSE_OPTIONS}
        value={response}
        onChange={(event) => onResponseChange(isResponseFilter(event.target.value) ? event.target.value : '')}
        fieldClassName="orders-toolbar__select orders-toolbar__response"
      />
      <div className="orders-toolbar__checks">
        <Checkbox
          label="Mijn orders"
          checked={mine}
          onChange={(event) => onMineChange(event.target.checked)}
          fieldClassName="orders-toolbar__mine"
        />
        <Checkbox
          label={APPROVAL_FILTER_LABEL}
          checked={awaitingApproval}
          onChange={(event) => onAwaitingApprovalChange(event.target.checked)}
          fieldClassName="orders-toolbar__approval"
        />
      </div>
      {filtered ? (
        <Button variant="ghost" icon={<X />} onClick={onClear} className="orders-toolbar__clear">
          Filters wissen
        </Button>
      ) : null}
    </search>
  );
}
