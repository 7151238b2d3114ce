import { Mail } from 'lucide-react';
import { useRef } from 'react';
import { Button, Modal } from '../../components';

export type SendNowDialogProps = {
  open: boolean;
  orderNumber: string;
  /** The customer's company, when known. */
  customerName?: string;
  onSend: () => void;
  onLater: () => void;
};

/**
 * Asked 800 ms after a successful save (spec §2 Order form): send the order by e-mail now?
 * Closing the dialog (Escape, ×, backdrop) counts as 'Nee, later'.
 */
export function SendNowDialog({ open, orderNumber, customerName, onSend, onLater }: SendNowDialogProps) {
  const sendRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onClose={onLater}
      title="Order per e-mail versturen?"
      size="sm"
      icon={<Mail size={20} aria-hidden="true" />}
      initialFocusRef={sendRef}
      className="order-send-now"
      closeOnBackdrop={false}
      description={
        <>
          Wilt u order <strong>{orderNumber}</strong> nu per e-mail
          {customerName ? (
            <>
              {' '}
              naar <strong>{customerName}</strong>
            </>
          ) : null}{' '}
          versturen?
        </>
      }
      footer={
        <>
          <Button variant="secondary" onClick={onLater}>
            Nee, later
          </Button>
          <Button ref={sendRef} icon={<Mail />} onClick={onSend}>
            Ja, verstuur e-mail
          </Button>
        </>
      }
    />
  );
}
