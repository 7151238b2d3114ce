import { CircleQuestionMark, TriangleExclamationPoint } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { Button } from './button';
import { Modal } from './modal';

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** 'danger' (default) for deleting and other things that cannot be undone. */
  tone?: 'danger' | 'primary';
  /** The confirm action is running: spinner on the button, the dialog cannot be dismissed. */
  busy?: boolean;
  /** The confirm button cannot be used yet (e.g. the dialog is still loading what it must say). */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks before doing something. For 'danger' the safe choice (cancel) has the focus. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Annuleren',
  tone = 'danger',
  busy = false,
  confirmDisabled = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      size="sm"
      role="alertdialog"
      dismissible={!busy}
      initialFocusRef={tone === 'danger' ? cancelRef : confirmRef}
      className={`ui-confirm ui-confirm--${tone}`}
      icon={
        tone === 'danger' ? (
          <TriangleExclamationPoint size={20} aria-hidden="true" />
        ) : (
          <CircleQuestionMark size={20} aria-hidden="true" />
        )
      }
      description={message}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            ref={confirmRef}
            variant={tone === 'danger' ? 'danger' : 'primary'}
            onClick={onConfirm}
            busy={busy}
            disabled={confirmDisabled}
          >
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
