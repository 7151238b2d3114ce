import { Save } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import {
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_TERMS,
  type PaymentTerm,
  SEND_DIALOG_DELAY_MS,
} from '../../../shared/constants';
import type { Order } from '../../../shared/schemas/order';
import { Button, Card, ConfirmDialog, Notice, Select, TextField, Toggle } from '../../components';
import { CustomerPicker } from '../../components/customer-picker';
import { trpc } from '../../lib/trpc';
import {
  draftFromOrder,
  draftSignature,
  draftTotals,
  emptyLine,
  type LineDraft,
  newDraft,
  normalizePrice,
  normalizeQuantity,
  type OrderDraft,
  showIncompleteWarning,
} from './order-draft';
import { lineFieldId, OrderLines } from './order-lines';
import { OrderNumberField } from './order-number-field';
import { checkDraft, type FieldErrors, type SaveError, savedMessage, saveErrorOf } from './order-submit';
import { OrderTotalsPanel } from './order-totals';
import { SendNowDialog } from './send-now-dialog';
import { useLeaveGuard } from './use-leave-guard';

export const CUSTOMERS_LOAD_ERROR = 'Kan klantgegevens niet laden.';

const STATUS_OPTIONS = ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }));
const TERM_OPTIONS = PAYMENT_TERMS.map((t) => ({ value: String(t), label: `${t} dagen` }));
const HEADER_FIELDS = ['customer', 'date', 'project', 'reference', 'paymentTerm', 'status'] as const;
const LINE_FIELDS = ['description', 'quantity', 'unit', 'price', 'vat'] as const;

const longDateFormat = new Intl.DateTimeFormat('nl-NL', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** yyyy-mm-dd → 'zaterdag 21 november 2026', so the day reads in Dutch whatever the browser's locale. */
function longDate(day: string): string | undefined {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00Z`) : null;
  return date && !Number.isNaN(date.getTime()) ? longDateFormat.format(date) : undefined;
}

/** The id of the input behind an error path, so the first refused field can be focused. */
function fieldElementId(path: string, items: LineDraft[]): string | undefined {
  const line = /^items\.(\d+)\.(\w+)$/.exec(path);
  if (line) {
    const item = items[Number(line[1])];
    const field = line[2] as (typeof LINE_FIELDS)[number];
    return item && LINE_FIELDS.includes(field) ? lineFieldId(item, field) : undefined;
  }
  return (HEADER_FIELDS as readonly string[]).includes(path) ? `order-${path}` : undefined;
}

/** Error paths in the order the fields appear on screen. */
function firstErrorPath(errors: FieldErrors, items: LineDraft[]): string | undefined {
  const ordered = [...HEADER_FIELDS, ...items.flatMap((_, i) => LINE_FIELDS.map((f) => `items.${i}.${f}`))];
  return ordered.find((path) => errors[path]);
}

const withoutLineErrors = (errors: FieldErrors) =>
  Object.fromEntries(Object.entries(errors).filter(([path]) => !path.startsWith('items')));

export type OrderFormViewProps = {
  /** The order being edited; absent for a new order. */
  order?: Order;
};

/** The order form itself (spec §2 Order form, §5 Order form), for a new order and for editing one. */
export function OrderFormView({ order }: OrderFormViewProps) {
  const isNew = !order;
  const utils = trpc.useUtils();
  const [initial] = useState<OrderDraft>(() => (order ? draftFromOrder(order) : newDraft()));
  const [draft, setDraft] = useState<OrderDraft>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const [saveError, setSaveError] = useState<SaveError | null>(null);
  const [saved, setSaved] = useState<Order | null>(null);
  const [savedNotice, setSavedNotice] = useState(false);
  const [askSend, setAskSend] = useState(false);
  const warningRef = useRef<HTMLDivElement>(null);
  const feedbackRef = useRef<HTMLDivElement>(null);

  const customers = trpc.customers.list.useQuery(undefined, { staleTime: 30_000 });
  const create = trpc.orders.create.useMutation();
  const update = trpc.orders.update.useMutation();
  const saving = create.isPending || update.isPending;

  const baseline = useMemo(() => draftSignature(initial), [initial]);
  const dirty = draftSignature(draft) !== baseline;
  const guard = useLeaveGuard(dirty && !saved);
  const totals = useMemo(() => draftTotals(draft), [draft]);
  const warn = showIncompleteWarning(draft.items, submitAttempted);

  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => setAskSend(true), SEND_DIALOG_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [saved]);

  const set = <K extends keyof OrderDraft>(key: K, value: OrderDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };

  const changeLine = (index: number, patch: Partial<Omit<LineDraft, 'key'>>) => {
    setDraft((d) => ({ ...d, items: d.items.map((l, i) => (i === index ? { ...l, ...patch } : l)) }));
    const stale = Object.keys(patch).map((f) => `items.${index}.${f}`);
    if (stale.some((p) => errors[p]) || errors.items) {
      setErrors((e) =>
        Object.fromEntries(Object.entries(e).filter(([p]) => !stale.includes(p) && p !== 'items')),
      );
    }
  };

  const addLine = () => {
    const line = emptyLine();
    setDraft((d) => ({ ...d, items: [...d.items, line] }));
    window.requestAnimationFrame(() => document.getElementById(lineFieldId(line, 'description'))?.focus());
  };

  const removeLine = (index: number) => {
    if (draft.items.length <= 1) return;
    const next = draft.items[index + 1] ?? draft.items[index - 1];
    setDraft((d) => (d.items.length <= 1 ? d : { ...d, items: d.items.filter((_, i) => i !== index) }));
    // Indices shift: the line errors no longer point at the right lines.
    setErrors(withoutLineErrors);
    if (next)
      window.requestAnimationFrame(() => document.getElementById(lineFieldId(next, 'description'))?.focus());
  };

  const focusFirstError = (found: FieldErrors, items: LineDraft[]) => {
    const path = firstErrorPath(found, items);
    const id = path ? fieldElementId(path, items) : undefined;
    window.requestAnimationFrame(() => {
      const el = id ? document.getElementById(id) : warningRef.current;
      el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      el?.focus({ preventScroll: true });
    });
  };

  const onSaved = (result: Order) => {
    setSaved(result);
    setSavedNotice(true);
    void utils.orders.invalidate();
    if (isNew) void utils.orderSettings.nextNumber.invalidate();
  };

  const onFailed = (err: unknown) => {
    const failure = saveErrorOf(err);
    setSaveError(failure);
    if (Object.keys(failure.fields).length > 0) setErrors(failure.fields);
    window.requestAnimationFrame(() =>
      feedbackRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }),
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving || saved) return;
    setSubmitAttempted(true);
    setSaveError(null);
    // Empty quantities become 1, prices get their two decimals, before the check.
    const items = draft.items.map((l) => ({
      ...l,
      quantity: normalizeQuantity(l.quantity),
      price: normalizePrice(l.price),
    }));
    const ready = { ...draft, items };
    setDraft(ready);
    const check = checkDraft(ready, initial.date);
    if (!check.ok) {
      setErrors(check.errors);
      focusFirstError(check.errors, items);
      return;
    }
    setErrors({});
    if (order) update.mutate({ ...check.input, id: order._id }, { onSuccess: onSaved, onError: onFailed });
    else create.mutate(check.input, { onSuccess: onSaved, onError: onFailed });
  };

  const customerError = errors.customer ?? (customers.isError ? CUSTOMERS_LOAD_ERROR : undefined);
  const savedCustomer = customers.data?.find((c) => c._id === saved?.customer);
  const otherErrors = Object.entries(errors).filter(
    ([path]) => path !== 'items' && !fieldElementId(path, draft.items),
  );

  return (
    <form
      className="order-form"
      onSubmit={submit}
      noValidate
      aria-label={isNew ? 'Nieuwe Inkooporder' : 'Inkooporder bewerken'}
    >
      <div className="order-form__main">
        <Card title="Ordergegevens" className="order-form__card">
          <div className="order-form__grid">
            {isNew ? (
              <OrderNumberField savedNumber={saved?.orderNumber} />
            ) : (
              <TextField id="order-number" label="Ordernummer" value={order.orderNumber} disabled readOnly />
            )}
            <TextField
              id="order-date"
              label="Datum"
              type="date"
              value={draft.date}
              disabled={Boolean(saved)}
              error={errors.date}
              hint={longDate(draft.date)}
              onChange={(event) => set('date', event.target.value)}
            />
            <CustomerPicker
              id="order-customer"
              label="Klant"
              required
              value={draft.customer}
              onChange={(id) => set('customer', id)}
              error={customerError}
              disabled={Boolean(saved)}
              className="order-form__wide"
            />
            <TextField
              id="order-project"
              label="Project"
              value={draft.project}
              maxLength={200}
              placeholder="Bijv. Renovatie kantoor"
              disabled={Boolean(saved)}
              error={errors.project}
              onChange={(event) => set('project', event.target.value)}
            />
            <TextField
              id="order-reference"
              label="Referentie"
              value={draft.reference}
              maxLength={200}
              placeholder="Bijv. uw offertenummer"
              disabled={Boolean(saved)}
              error={errors.reference}
              onChange={(event) => set('reference', event.target.value)}
            />
            <Select
              id="order-paymentTerm"
              label="Betalingstermijn"
              options={TERM_OPTIONS}
              value={String(draft.paymentTerm)}
              disabled={Boolean(saved)}
              error={errors.paymentTerm}
              onChange={(event) => set('paymentTerm', Number(event.target.value) as PaymentTerm)}
            />
            <Select
              id="order-status"
              label="Status"
              options={STATUS_OPTIONS}
              value={draft.status}
              disabled={Boolean(saved)}
              error={errors.status}
              onChange={(event) => set('status', event.target.value as OrderStatus)}
            />
            <Toggle
              id="order-btwVerlegd"
              label="BTW verlegd"
              hint="De btw wordt verlegd naar de klant: op de order staat geen btw."
              checked={draft.btwVerlegd}
              disabled={Boolean(saved)}
              onChange={(checked) => set('btwVerlegd', checked)}
              className="order-form__wide"
            />
          </div>
        </Card>

        <Card title="Orderregels" className="order-form__card order-form__lines-card">
          <OrderLines
            items={draft.items}
            btwVerlegd={draft.btwVerlegd}
            lineTotals={totals.lines.map((l) => l.totalCents)}
            errors={errors}
            showWarning={warn}
            disabled={Boolean(saved)}
            warningRef={warningRef}
            onChange={changeLine}
            onAdd={addLine}
            onRemove={removeLine}
          />
        </Card>
      </div>

      <aside className="order-form__side" aria-label="Totalen en opslaan">
        <OrderTotalsPanel
          totals={totals}
          actions={
            <>
              <Button type="submit" icon={<Save />} busy={saving} disabled={Boolean(saved)} fullWidth>
                {saving ? 'Opslaan...' : 'Opslaan'}
              </Button>
              <Button
                variant="secondary"
                fullWidth
                disabled={saving}
                onClick={() => guard.navigate('/inkooporders')}
              >
                Annuleren
              </Button>
            </>
          }
        >
          <div ref={feedbackRef} className="order-form__feedback">
            {saved && savedNotice ? (
              <Notice tone="success" onClose={() => setSavedNotice(false)}>
                {savedMessage(saved.orderNumber, isNew)}
              </Notice>
            ) : null}
            {saveError ? (
              <Notice tone="error" onClose={() => setSaveError(null)}>
                {saveError.message}
                {saveError.lines.length > 0 ? (
                  <ul className="order-form__error-lines">
                    {saveError.lines.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                ) : null}
              </Notice>
            ) : null}
            {!saveError && otherErrors.length > 0 ? (
              <Notice tone="error">
                <ul className="order-form__error-lines">
                  {otherErrors.map(([path, message]) => (
                    <li key={path}>{message}</li>
                  ))}
                </ul>
              </Notice>
            ) : null}
          </div>
        </OrderTotalsPanel>
      </aside>

      <ConfirmDialog
        open={guard.pending}
        title="Wijzigingen niet opgeslagen"
        message="U heeft wijzigingen die nog niet zijn opgeslagen. Als u deze pagina verlaat, gaan ze verloren."
        confirmLabel="Pagina verlaten"
        cancelLabel="Verder bewerken"
        onConfirm={guard.confirm}
        onCancel={guard.cancel}
      />

      {saved ? (
        <SendNowDialog
          open={askSend}
          orderNumber={saved.orderNumber}
          customerName={savedCustomer?.company}
          onSend={() => guard.leave('/inkooporders', { state: { openEmailModal: true, orderId: saved._id } })}
          onLater={() => guard.leave('/inkooporders')}
        />
      ) : null}
    </form>
  );
}
