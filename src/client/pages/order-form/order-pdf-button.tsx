import { FileDown, Save } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button, Modal } from '../../components';
import { useBusyFocus } from '../../lib/use-busy-focus';
import type { OrderPdf, PdfOrder } from '../../lib/use-order-pdf';

export type OrderPdfButtonProps = {
  /** The saved order (the PDF is always of what the server holds). */
  order: PdfOrder;
  pdf: OrderPdf;
  /** The form differs from the saved order. */
  dirty: boolean;
  /** A save is running: the PDF waits for it. */
  saving: boolean;
  /** Saves the form as the Opslaan button does, then calls `then` with the saved order. */
  saveThen: (then: (saved: PdfOrder) => void) => void;
};

export const UNSAVED_PDF_TITLE = 'Wijzigingen nog niet opgeslagen';
export const UNSAVED_PDF_TEXT =
  'De PDF wordt gemaakt van de opgeslagen order; uw wijzigingen staan er pas in als u ze opslaat.';

/**
 * 'PDF downloaden' on the edit form. The PDF is made of the saved order, so with unsaved
 * changes the button first asks: save and then download (what the user most likely means), or the
 * saved version as it is (e.g. to compare). Silently printing the old version would put a document
 * in the user's hands that differs from the screen; silently saving would change the order without
 * being asked.
 */
export function OrderPdfButton({ order, pdf, dirty, saving, saveThen }: OrderPdfButtonProps) {
  const [asking, setAsking] = useState(false);
  const saveRef = useRef<HTMLButtonElement>(null);
  const busy = pdf.isBusy(order._id);
  const buttonRef = useBusyFocus<HTMLButtonElement>(busy);

  return (
    <>
      <Button
        ref={buttonRef}
        variant="secondary"
        icon={<FileDown />}
        busy={busy}
        disabled={saving}
        fullWidth
        onClick={() => (dirty ? setAsking(true) : void pdf.download(order))}
      >
        {busy ? 'PDF wordt gemaakt...' : 'PDF downloaden'}
      </Button>
      <Modal
        open={asking}
        onClose={() => setAsking(false)}
        title={UNSAVED_PDF_TITLE}
        // Room for both choices written out in full.
        size="md"
        icon={<FileDown size={20} aria-hidden="true" />}
        initialFocusRef={saveRef}
        className="order-pdf-unsaved"
        description={UNSAVED_PDF_TEXT}
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => {
                setAsking(false);
                void pdf.download(order);
              }}
            >
              Opgeslagen versie downloaden
            </Button>
            <Button
              ref={saveRef}
              icon={<Save />}
              onClick={() => {
                setAsking(false);
                saveThen((saved) => void pdf.download(saved));
              }}
            >
              Opslaan en downloaden
            </Button>
          </>
        }
      />
    </>
  );
}
