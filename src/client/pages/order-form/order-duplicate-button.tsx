import { Copy } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button, Modal } from '../../components';
import { type DuplicateOrder, useOrderDuplicate } from '../../lib/use-order-duplicate';

export type OrderDuplicateButtonProps = {
  /** The saved order (the copy is always made of what the server holds). */
  order: DuplicateOrder;
  /** The form differs from the saved order. */
  dirty: boolean;
  /** A save is running: the copy waits for it. */
  saving: boolean;
  /** Leaves the form for the copy's form (past the unsaved-changes question: it was asked here). */
  open: (copy: DuplicateOrder) => void;
};

export const UNSAVED_DUPLICATE_TEXT =
  'De kopie wordt gemaakt van de opgeslagen order; uw wijzigingen die nog niet zijn opgeslagen komen er niet in en gaan verloren.';

/**
 * 'Dupliceren' on the edit form: a new concept with the same customer and lines, opened in the form.
 * With unsaved changes it asks first, as leaving the form would: the copy is of the saved order.
 */
export function OrderDuplicateButton({ order, dirty, saving, open }: OrderDuplicateButtonProps) {
  const [asking, setAsking] = useState(false);
  const keepRef = useRef<HTMLButtonElement>(null);
  const duplicate = useOrderDuplicate();
  const busy = duplicate.isBusy(order._id);
  const run = () => duplicate.duplicate(order, open);

  return (
    <>
      <Button
        variant="secondary"
        icon={<Copy />}
        busy={busy}
        disabled={saving}
        fullWidth
        onClick={() => (dirty ? setAsking(true) : run())}
      >
        {busy ? 'Dupliceren...' : 'Dupliceren'}
      </Button>
      <Modal
        open={asking}
        onClose={() => setAsking(false)}
        title="Wijzigingen nog niet opgeslagen"
        size="md"
        icon={<Copy size={20} aria-hidden="true" />}
        initialFocusRef={keepRef}
        description={UNSAVED_DUPLICATE_TEXT}
        footer={
          <>
            <Button ref={keepRef} variant="secondary" onClick={() => setAsking(false)}>
              Verder bewerken
            </Button>
            <Button
              icon={<Copy />}
              onClick={() => {
                setAsking(false);
                run();
              }}
            >
              Opgeslagen versie dupliceren
            </Button>
          </>
        }
      />
    </>
  );
}
