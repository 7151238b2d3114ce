import { useState } from 'react';
import {
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_TERMS,
  type PaymentTerm,
} from '../../../shared/constants';
import { formatLongDate } from '../../../shared/dates';
import type { CustomerSnapshot } from '../../../shared/order-record';
import { orderMessages } from '../../../shared/schemas/order';
import { Card, Select, TextField, Toggle } from '../../components';
import { CustomerPicker, deletedCustomerLabel } from '../../components/customer-picker';
import { DateField } from '../../components/date-field';
import type { FieldErrors } from '../../lib/form-state';
import { trpc } from '../../lib/trpc';
import { CustomerFormModal } from '../customers/customer-form-modal';
import type { OrderDraft } from './order-draft';
import { OrderNumberField } from './order-number-field';

/** The date field's message for a text that is not a day: the schema's, with the format to use. */
export const DATE_MESSAGE = `${orderMessages.date} als dd-mm-jjjj`;

const STATUS_OPTIONS = ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }));
const TERM_OPTIONS = PAYMENT_TERMS.map((t) => ({ value: String(t), label: `${t} dagen` }));

export type OrderHeaderFieldsProps = {
  draft: OrderDraft;
  errors: FieldErrors;
  /** The customer field's message: refused, or the customers could not be loaded. */
  customerError?: string;
  /** The real number of the order being edited; absent for a new order (then the preview shows). */
  orderNumber?: string;
  /** A new order's number once the server gave it. */
  savedNumber?: string;
  /** The customer the order was written for, as stored on it (kept when the customer is deleted). */
  customerSnapshot?: CustomerSnapshot | null;
  disabled?: boolean;
  onChange: <K extends keyof OrderDraft>(key: K, value: OrderDraft[K]) => void;
};

/** Ordergegevens: number, date, customer, project, reference, payment term, status, BTW verlegd. */
export function OrderHeaderFields({
  draft,
  errors,
  customerError,
  orderNumber,
  savedNumber,
  customerSnapshot,
  disabled,
  onChange,
}: OrderHeaderFieldsProps) {
  const [addingCustomer, setAddingCustomer] = useState(false);
  const utils = trpc.useUtils();
  return (
    <Card title="Ordergegevens" className="order-form__card">
      <CustomerFormModal
        open={addingCustomer}
        onClose={() => setAddingCustomer(false)}
        onSaved={(customer) => {
          // In the picker's list at once, so it shows the new customer as chosen without a reload.
          utils.customers.list.setData(undefined, (list) => (list ? [...list, customer] : [customer]));
          void utils.customers.invalidate();
          onChange('customer', customer._id);
        }}
      />
      <div className="order-form__grid">
        {orderNumber ? (
          <TextField id="order-number" label="Ordernummer" value={orderNumber} disabled readOnly />
        ) : (
          <OrderNumberField savedNumber={savedNumber} />
        )}
        <DateField
          id="order-date"
          label="Datum"
          value={draft.date}
          disabled={disabled}
          invalidMessage={DATE_MESSAGE}
          error={errors.date === orderMessages.date ? DATE_MESSAGE : errors.date}
          hint={formatLongDate(draft.date)}
          onChange={(day) => onChange('date', day)}
        />
        <CustomerPicker
          id="order-customer"
          label="Klant"
          required
          value={draft.customer}
          onChange={(id) => onChange('customer', id)}
          error={customerError}
          missingLabel={deletedCustomerLabel(customerSnapshot)}
          onCreateCustomer={() => setAddingCustomer(true)}
          disabled={disabled}
          className="order-form__wide"
        />
        <TextField
          id="order-project"
          label="Project"
          value={draft.project}
          maxLength={200}
          placeholder="Bijv. Renovatie kantoor"
          disabled={disabled}
          error={errors.project}
          onChange={(event) => onChange('project', event.target.value)}
        />
        <TextField
          id="order-reference"
          label="Referentie"
          value={draft.reference}
          maxLength={200}
          placeholder="Bijv. uw offertenummer"
          disabled={disabled}
          error={errors.reference}
          onChange={(event) => onChange('reference', event.target.value)}
        />
        <Select
          id="order-paymentTerm"
          label="Betalingstermijn"
          options={TERM_OPTIONS}
          value={String(draft.paymentTerm)}
          disabled={disabled}
          error={errors.paymentTerm}
          onChange={(event) => onChange('paymentTerm', Number(event.target.value) as PaymentTerm)}
        />
        <Select
          id="order-status"
          label="Status"
          options={STATUS_OPTIONS}
          value={draft.status}
          disabled={disabled}
          error={errors.status}
          onChange={(event) => onChange('status', event.target.value as OrderStatus)}
        />
        <Toggle
          id="order-btwVerlegd"
          label="BTW verlegd"
          hint="De btw wordt verlegd naar de klant: op de order staat geen btw."
          checked={draft.btwVerlegd}
          disabled={disabled}
          onChange={(checked) => onChange('btwVerlegd', checked)}
          className="order-form__wide"
        />
      </div>
    </Card>
  );
}
