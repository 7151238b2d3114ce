import { Save } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'wouter';
import { approvalBlocksSending } from '../../../shared/approval-states';
import { SEND_DIALOG_DELAY_MS } from '../../../shared/constants';
import type { Approval } from '../../../shared/schemas/approval';
import type { Order } from '../../../shared/schemas/order';
import type { CustomerResponse } from '../../../shared/schemas/order-confirmation';
import type { OrderConfirmation, OrderEmail } from '../../../shared/schemas/order-email';
import { Button, buttonClass, Card, ConfirmDialog, cx, Notice, ProfileGapsNotice } from '../../components';
import { editOrderHref } from '../../components/order-table';
import { trpc } from '../../lib/trpc';
import { useForm } from '../../lib/use-form';
import { useOrderPdf } from '../../lib/use-order-pdf';
import { approvalChangeWarning, changesApproved } from './approval-view';
import { OrderApprovalPanel } from './order-approval-panel';
import { OrderDeliveryFields } from './order-delivery-fields';
import {
  draftFromOrder,
  draftTotals,
  emptyLine,
  type LineDraft,
  newDraft,
  normalizePrice,
  normalizeQuantity,
  type OrderDraft,
  sameDraft,
  showIncompleteWarning,
} from './order-draft';
import { OrderDuplicateButton } from './order-duplicate-button';
import { OrderEmailHistory } from './order-email-history';
import { OrderFormFeedback } from './order-form-feedback';
import {
  fieldElementId,
  hasPlacedError,
  lineFieldId,
  unplacedErrors,
  withoutLineErrors,
} from './order-form-fields';
import { OrderHeaderFields } from './order-header-fields';
import { OrderLines } from './order-lines';
import { OrderPdfButton } from './order-pdf-button';
import { OrderResponsePanel } from './order-response-panel';
import { OrderSaveBar } from './order-save-bar';
import { orderFormRules, type SaveError, savedMessage, saveErrorOf } from './order-submit';
import { OrderTotalsPanel } from './order-totals';
import { SendNowDialog } from './send-now-dialog';
import { useLeaveGuard } from './use-leave-guard';

export const CUSTOMERS_LOAD_ERROR = 'Kan klantgegevens niet laden.';

export type OrderFormViewProps = {
  /** The order being edited (with what was sent of it and its approval); absent for a new order. */
  order?: Order & {
    emails?: readonly OrderEmail[];
    approval?: Approval;
    customerResponse?: CustomerResponse | null;
    confirmation?: OrderConfirmation | null;
  };
  /**
   * Only to read (a role that may not change orders): every field shown but none editable, no save,
   * duplicate or leave question, nothing sent to the server but the PDF's download.
   */
  readOnly?: boolean;
};

/** The order form itself (spec §2 Order form, §5 Order form), for a new order and for editing one. */
export function OrderFormView({ order, readOnly = false }: OrderFormViewProps) {
  const isNew = !order;
  const utils = trpc.useUtils();
  const [initial] = useState<OrderDraft>(() => (order ? draftFromOrder(order) : newDraft()));
  const warningRef = useRef<HTMLDivElement>(null);
  const form = useForm({
    ...orderFormRules(initial.date),
    initial,
    fieldId: (path, values) => fieldElementId(path, values.items),
    // The first wrong field is brought to the middle of the screen; a refusal no field shows
    // (no complete line) goes to the incomplete-lines warning.
    focus: (element) => {
      const target = element ?? warningRef.current;
      target?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      target?.focus({ preventScroll: true });
    },
    same: sameDraft,
  });
  const { values: draft, errors } = form;
  const [saveError, setSaveError] = useState<SaveError | null>(null);
  const [saved, setSaved] = useState<Order | null>(null);
  const [savedNotice, setSavedNotice] = useState(false);
  const [askSend, setAskSend] = useState(false);
  /** When the last save was answered: the approval read after it is the saved order's. */
  const [savedAt, setSavedAt] = useState(0);
  /** Set at once on submit (state would only follow on the next render): no double submit. */
  const inFlight = useRef(false);
  const feedbackRef = useRef<HTMLDivElement>(null);
  const sideRef = useRef<HTMLElement>(null);
  const approvalRef = useRef<HTMLElement>(null);

  const customers = trpc.customers.list.useQuery(undefined, { staleTime: 30_000 });
  const create = trpc.orders.create.useMutation();
  const update = trpc.orders.update.useMutation();
  const saving = create.isPending || update.isPending;
  const pdf = useOrderPdf();
  // The order as the server now has it, for its approval: after a save (a change to the lines may
  // have made approval necessary again), a request or a decision. The edit page's own query of the
  // same order shares it.
  const liveId = saved?._id ?? order?._id;
  const live = trpc.orders.get.useQuery(
    { id: liveId ?? '' },
    { enabled: Boolean(liveId), staleTime: 30_000 },
  );
  const approval = live.data?.approval ?? order?.approval;
  const answered = live.data ?? order;

  const { dirty } = form;
  // Saved, or only to read: the fields stay as they are.
  const locked = Boolean(saved) || readOnly;
  const guard = useLeaveGuard(dirty && !locked);
  const totals = useMemo(() => draftTotals(draft), [draft]);
  const warn = showIncompleteWarning(draft.items, form.submitted);

  // 'Opslaan en downloaden': the send question waits until the PDF is in the user's hands. It waits
  // too for the saved order's approval: an order that may not go out yet is not offered for sending;
  // its approval panel, now showing what the save made of it, is brought into view instead.
  const pdfBusy = pdf.anyBusy;
  const approvalRead = saved !== null && (live.dataUpdatedAt >= savedAt || live.isError);
  const sendBlocked = Boolean(approval && approvalBlocksSending(approval.state));
  useEffect(() => {
    if (!saved || pdfBusy || !approvalRead) return;
    if (sendBlocked) {
      approvalRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      approvalRef.current?.focus({ preventScroll: true });
      return;
    }
    const timer = window.setTimeout(() => setAskSend(true), SEND_DIALOG_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [saved, pdfBusy, approvalRead, sendBlocked]);

  const set = form.setValue;

  const changeLine = (index: number, patch: Partial<Omit<LineDraft, 'key'>>) => {
    form.update(
      (d) => ({ ...d, items: d.items.map((l, i) => (i === index ? { ...l, ...patch } : l)) }),
      [...Object.keys(patch).map((f) => `items.${index}.${f}`), 'items'],
    );
  };

  const addLine = () => {
    const line = emptyLine();
    // The new line is on screen when the cursor goes into it, within this click: a cursor moved a
    // frame later would take the focus from a field the user has gone on to type in.
    flushSync(() => form.update((d) => ({ ...d, items: [...d.items, line] }), []));
    document.getElementById(lineFieldId(line, 'description'))?.focus();
  };

  const removeLine = (index: number) => {
    if (draft.items.length <= 1) return;
    const next = draft.items[index + 1] ?? draft.items[index - 1];
    flushSync(() => {
      form.update(
        (d) => (d.items.length <= 1 ? d : { ...d, items: d.items.filter((_, i) => i !== index) }),
        [],
      );
      // Indices shift: the line errors no longer point at the right lines.
      form.setErrors(withoutLineErrors);
    });
    if (next) document.getElementById(lineFieldId(next, 'description'))?.focus();
  };

  const onSaved = (result: Order) => {
    setSavedAt(Date.now());
    setSaved(result);
    setSavedNotice(true);
    void utils.orders.invalidate();
    if (isNew) void utils.orderSettings.nextNumber.invalidate();
  };

  const onFailed = (err: unknown) => {
    inFlight.current = false;
    const failure = saveErrorOf(err);
    setSaveError(failure);
    // A refusal by the server: the cursor goes to the first wrong field, as after the form's own check.
    const placed = hasPlacedError(failure.fields, draft.items);
    if (Object.keys(failure.fields).length > 0) form.showErrors(failure.fields, { focus: placed });
    if (placed) return;
    window.requestAnimationFrame(() =>
      feedbackRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }),
    );
  };

  /** Checks and saves the form; `then` runs after a successful save (e.g. the PDF of the saved order). */
  const save = (then?: (result: Order) => void) => {
    if (readOnly || inFlight.current || saving || saved) return;
    setSaveError(null);
    // Empty quantities become 1, prices get their two decimals, before the check.
    const items = draft.items.map((l) => ({
      ...l,
      quantity: normalizeQuantity(l.quantity),
      price: normalizePrice(l.price),
    }));
    const check = form.validate({ ...draft, items });
    if (!check.ok) return;
    inFlight.current = true;
    const onSuccess = (result: Order) => {
      onSaved(result);
      then?.(result);
    };
    if (order) update.mutate({ ...check.data, id: order._id }, { onSuccess, onError: onFailed });
    else create.mutate(check.data, { onSuccess, onError: onFailed });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save();
  };

  const changeWarning =
    approval && !locked ? approvalChangeWarning(approval.state, changesApproved(initial, draft)) : null;

  const customerError = errors.customer ?? (customers.isError ? CUSTOMERS_LOAD_ERROR : undefined);
  const otherErrors = unplacedErrors(errors, draft.items);

  return (
    <form
      className={cx('order-form', readOnly && 'order-form--readonly')}
      onSubmit={submit}
      noValidate
      aria-label={readOnly ? 'Inkooporder bekijken' : isNew ? 'Nieuwe Inkooporder' : 'Inkooporder bewerken'}
    >
      <div className="order-form__main">
        {liveId && approval ? (
          <OrderApprovalPanel
            ref={approvalRef}
            orderId={liveId}
            orderNumber={(saved ?? order)?.orderNumber ?? ''}
            approval={approval}
            authorId={(live.data ?? saved ?? order)?.createdBy?.id ?? null}
            editable={!locked}
            dirty={dirty && !locked}
          />
        ) : null}
        {liveId && answered?.confirmation ? (
          <OrderResponsePanel
            orderId={liveId}
            orderNumber={answered.orderNumber}
            items={answered.items}
            response={answered.customerResponse ?? null}
            confirmation={answered.confirmation}
            editable={!locked}
            dirty={dirty && !locked}
          />
        ) : null}

        <OrderHeaderFields
          draft={draft}
          errors={errors}
          customerError={customerError}
          orderNumber={order?.orderNumber}
          savedNumber={saved?.orderNumber}
          customerSnapshot={order?.customerSnapshot}
          disabled={locked}
          onChange={set}
        />

        <Card title="Orderregels" className="order-form__card order-form__lines-card">
          <OrderLines
            items={draft.items}
            btwVerlegd={draft.btwVerlegd}
            lineTotals={totals.lines.map((l) => l.totalCents)}
            errors={errors}
            showWarning={warn}
            disabled={locked}
            readOnly={readOnly}
            warningRef={warningRef}
            onChange={changeLine}
            onAdd={addLine}
            onRemove={removeLine}
          />
        </Card>

        <OrderDeliveryFields
          draft={draft}
          errors={errors}
          customer={customers.data?.find((c) => c._id === draft.customer)}
          disabled={locked}
          onChange={(patch, paths) => form.update((d) => ({ ...d, ...patch }), paths)}
        />

        {order?.emails ? <OrderEmailHistory emails={order.emails} /> : null}
      </div>

      <aside
        ref={sideRef}
        className="order-form__side"
        aria-label={readOnly ? 'Totalen' : 'Totalen en opslaan'}
      >
        <OrderTotalsPanel
          totals={totals}
          actions={
            readOnly && order ? (
              <>
                <OrderPdfButton order={order} pdf={pdf} dirty={false} saving={false} saveThen={() => {}} />
                <Link href="/inkooporders" className={buttonClass({ variant: 'secondary', fullWidth: true })}>
                  Terug naar Inkooporders
                </Link>
              </>
            ) : (
              <>
                <Button type="submit" icon={<Save />} busy={saving} disabled={Boolean(saved)} fullWidth>
                  {saving ? 'Opslaan...' : 'Opslaan'}
                </Button>
                {order ? (
                  <OrderPdfButton
                    order={saved ?? order}
                    pdf={pdf}
                    dirty={dirty && !saved}
                    saving={saving}
                    saveThen={save}
                  />
                ) : null}
                {order ? (
                  <OrderDuplicateButton
                    order={saved ?? order}
                    dirty={dirty && !saved}
                    saving={saving}
                    open={(copy) => guard.leave(editOrderHref(copy._id))}
                  />
                ) : null}
                <Button
                  variant="secondary"
                  fullWidth
                  disabled={saving}
                  onClick={() => guard.navigate('/inkooporders')}
                >
                  Annuleren
                </Button>
              </>
            )
          }
        >
          <ProfileGapsNotice className="order-form__profile-gaps" />
          {changeWarning ? (
            <Notice tone="warning" className="order-form__approval-warning">
              {changeWarning}
            </Notice>
          ) : null}
          <OrderFormFeedback
            ref={feedbackRef}
            savedText={saved && savedNotice ? savedMessage(saved.orderNumber, isNew) : null}
            onCloseSaved={() => setSavedNotice(false)}
            saveError={saveError}
            onCloseError={() => setSaveError(null)}
            otherErrors={otherErrors}
          />
        </OrderTotalsPanel>
      </aside>

      {/* Only to read, there is nothing to keep at hand: the totals and the PDF follow the form. */}
      {readOnly ? null : (
        <OrderSaveBar totalCents={totals.totalCents} saving={saving} disabled={locked} panelRef={sideRef} />
      )}

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
          customerName={saved.customerCompany ?? undefined}
          onSend={() => guard.leave('/inkooporders', { state: { openEmailModal: true, orderId: saved._id } })}
          onLater={() => guard.leave('/inkooporders')}
        />
      ) : null}
    </form>
  );
}
