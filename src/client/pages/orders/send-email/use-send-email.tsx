import { lazy, Suspense, useCallback, useState } from 'react';
import { Notice } from '../../../components';
import { trpc } from '../../../lib/trpc';
import { withOrderStatus } from './order-status';
import type { SendEmailResult } from './send-email-result';

/**
 * The dialog (compose form, template and PDF previews, the mail and order schemas) is a chunk of its
 * own, fetched when a row's 'Versturen' is first used: the dashboard and the orders list show it
 * rarely, and it was a large part of their first load (scripts/build/first-load-js.mjs).
 */
const SendEmailDialog = lazy(async () => ({
  default: (await import('./send-email-dialog')).SendEmailDialog,
}));

/** Spec §4 Order status: the list's message after a send, shown for 3 seconds. */
export const SENT_NOTICE = 'Inkooporder is succesvol verzonden per e-mail';
export const SENT_NOTICE_MS = 3000;

/**
 * The send-email dialog as a screen uses it (orders list, dashboard): `open(orderId)` from a row,
 * `dialog` and `notice` to render. After a send the order's status changes in every loaded list at
 * once (the server's `orderStatus`); the notice appears when the dialog's success view is closed.
 */
export function useSendEmail() {
  const utils = trpc.useUtils();
  const [orderId, setOrderId] = useState<string | null>(null);
  const [sentOrder, setSentOrder] = useState<string | null>(null);
  const [notice, setNotice] = useState(false);

  const onSent = ({ orderId: id, orderStatus }: SendEmailResult) => {
    setSentOrder(id);
    utils.orders.page.setQueriesData({}, {}, (page) => withOrderStatus(page, id, orderStatus));
  };

  // Stable, so a screen can open the dialog from an effect (the navigation-state request).
  const open = useCallback((id: string) => {
    setNotice(false);
    setSentOrder(null);
    setOrderId(id);
  }, []);

  const close = () => {
    setOrderId(null);
    if (sentOrder) {
      setSentOrder(null);
      setNotice(true);
    }
  };

  return {
    open,
    /** The order whose dialog is open, if any. */
    orderId,
    dialog: orderId ? (
      <Suspense fallback={null}>
        <SendEmailDialog orderId={orderId} onClose={close} onSent={onSent} />
      </Suspense>
    ) : null,
    notice: notice ? (
      <Notice
        tone="success"
        onClose={() => setNotice(false)}
        autoCloseMs={SENT_NOTICE_MS}
        className="send-email-notice"
      >
        {SENT_NOTICE}
      </Notice>
    ) : null,
  };
}
