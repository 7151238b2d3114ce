import { useCallback, useRef, useState } from 'react';
import { useToast } from '../components/toast';
import { readApiError } from './api-errors';
import { PDF_ERROR, pdfErrorReason } from './order-pdf';
import { trpc } from './trpc';

/** The little of an order the PDF action needs. */
export type PdfOrder = { _id: string; orderNumber: string };

export type OrderPdf = {
  /**
   * Makes the order's PDF (`pdf.orderLink`) and hands the file to the browser's downloads; on failure the
   * spec's error as a toast. Resolves to whether the download started. A second call for an order
   * whose PDF is still being made does nothing.
   */
  download: (order: PdfOrder) => Promise<boolean>;
  /** The PDF of this order is being made. */
  isBusy: (id: string) => boolean;
  /** Some PDF is being made. */
  anyBusy: boolean;
};

/**
 * Lets the browser download the file itself: it takes the readable name ('INK-2026-1001.pdf') from
 * Content-Disposition and streams to disk. The URL's token opens that one file for a few minutes, no
 * more: the address a browser keeps in its downloads list is worthless afterwards.
 */
function startDownload(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/** The PDF action of the orders list, the dashboard and the order form (spec §2). */
export function useOrderPdf(): OrderPdf {
  const utils = trpc.useUtils();
  const toast = useToast();
  /** Set at once (state only follows on the next render): a double click starts one document. */
  const running = useRef(new Set<string>());
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());

  const download = useCallback(
    async (order: PdfOrder) => {
      if (running.current.has(order._id)) return false;
      running.current.add(order._id);
      setBusy(new Set(running.current));
      try {
        // Through the query cache so a 401 signs out as everywhere; never from a cached answer (the
        // order may have changed) and never retried (a 503 is an answer, not a hiccup).
        const { url } = await utils.pdf.orderLink.fetch(
          { id: order._id },
          { staleTime: 0, gcTime: 0, retry: false },
        );
        startDownload(url);
        return true;
      } catch (err) {
        const reason = pdfErrorReason(readApiError(err));
        if (reason) toast.error(reason, { title: PDF_ERROR });
        else toast.error(PDF_ERROR);
        return false;
      } finally {
        running.current.delete(order._id);
        setBusy(new Set(running.current));
      }
    },
    [utils, toast],
  );

  const isBusy = useCallback((id: string) => busy.has(id), [busy]);
  return { download, isBusy, anyBusy: busy.size > 0 };
}
