import { X } from 'lucide-react';
import { type ReactNode, type RefObject, useId, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './cx';
import { useBackgroundLock, useDialogLayer, useFocusReturn } from './focus-trap';
import { registerToastSlot } from './toast-slot';

export type ModalSize = 'sm' | 'md' | 'lg';

export type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, right-aligned (stacked full width on phones). */
  footer?: ReactNode;
  size?: ModalSize;
  /** Text under the title. */
  description?: ReactNode;
  /** What gets focus on open (default: an element with data-autofocus, else the dialog). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Clicking the backdrop closes (default true). Escape always closes unless `dismissible` is false. */
  closeOnBackdrop?: boolean;
  /** False while something must finish (e.g. a save): Escape, backdrop and × do nothing. */
  dismissible?: boolean;
  /** 'alertdialog' for confirmations. */
  role?: 'dialog' | 'alertdialog';
  /** Icon left of the title. */
  icon?: ReactNode;
  className?: string;
};

/**
 * A dialog over the page: focus moves in and is trapped, Escape closes, focus returns on close,
 * the page behind is inert and does not scroll. On phones it is a sheet from the bottom.
 */
export function Modal(props: ModalProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return createPortal(<ModalPanel {...props} />, document.body);
}

function ModalPanel({
  onClose,
  title,
  children,
  footer,
  size = 'md',
  description,
  initialFocusRef,
  closeOnBackdrop = true,
  dismissible = true,
  role = 'dialog',
  icon,
  className,
}: ModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const requestClose = () => {
    if (dismissible) onClose();
  };
  useBackgroundLock(true);
  useFocusReturn(panelRef, true, initialFocusRef);
  useDialogLayer(panelRef, true, requestClose);
  const toastSlotRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const slot = toastSlotRef.current;
    return slot ? registerToastSlot(slot) : undefined;
  }, []);

  return (
    <div className="ui-modal">
      <div
        className="ui-modal__backdrop"
        aria-hidden="true"
        onClick={closeOnBackdrop ? requestClose : undefined}
      />
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is always dialog or alertdialog. */}
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cx('ui-modal__panel', `ui-modal__panel--${size}`, className)}
      >
        <div className="ui-modal__header">
          {icon ? <span className="ui-modal__icon">{icon}</span> : null}
          <div className="ui-modal__heading">
            <h2 id={titleId} className="ui-modal__title">
              {title}
            </h2>
            {description ? (
              <div id={descriptionId} className="ui-modal__description">
                {description}
              </div>
            ) : null}
          </div>
          <button
            type="button"
            className="ui-modal__close"
            aria-label="Sluiten"
            onClick={requestClose}
            disabled={!dismissible}
          >
            <X size={18} aria-hidden="true" />
          </button>
        </div>
        {children ? <div className="ui-modal__body">{children}</div> : null}
        <div ref={toastSlotRef} className="ui-modal__toasts" />
        {footer ? <div className="ui-modal__footer">{footer}</div> : null}
      </div>
    </div>
  );
}
