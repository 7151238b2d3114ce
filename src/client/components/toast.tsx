import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { NOTICE_MS } from '../../shared/constants';
import { cx } from './cx';
import { Notice, type NoticeTone } from './notice';
import { useToastSlot } from './toast-slot';

/** Toasts close themselves after 5 s unless told otherwise (spec §9). */
export const TOAST_DURATION_MS = NOTICE_MS;
const MAX_TOASTS = 4;

export type ToastOptions = {
  title?: string;
  /** Milliseconds before it closes; `null` keeps it until closed. Default 5000. */
  durationMs?: number | null;
  action?: ReactNode;
};

export type ToastInput = ToastOptions & { tone?: NoticeTone; message: ReactNode };

type Toast = ToastInput & { id: number; tone: NoticeTone };

export type ToastApi = {
  show: (toast: ToastInput) => number;
  success: (message: ReactNode, options?: ToastOptions) => number;
  error: (message: ReactNode, options?: ToastOptions) => number;
  warning: (message: ReactNode, options?: ToastOptions) => number;
  info: (message: ReactNode, options?: ToastOptions) => number;
  dismiss: (id: number) => void;
  /** Closes every toast: what one person was told is not shown to whoever signs in next. */
  clear: () => void;
};

const ToastContext = createContext<ToastApi | null>(null);

/**
 * Holds the toasts and renders them where they cover no button: in the open dialog between its body
 * and its footer (toast-slot.ts); otherwise in a fixed region at the end of <body>, at the top of the
 * content (on a phone under the top bar), away from the bottom where the save bars and the bottom
 * bar carry the actions.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);

  const clear = useCallback(() => setToasts([]), []);

  const show = useCallback((input: ToastInput) => {
    const id = nextId.current++;
    setToasts((list) => [...list, { ...input, tone: input.tone ?? 'info', id }].slice(-MAX_TOASTS));
    return id;
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      clear,
      success: (message, options) => show({ ...options, message, tone: 'success' }),
      error: (message, options) => show({ ...options, message, tone: 'error' }),
      warning: (message, options) => show({ ...options, message, tone: 'warning' }),
      info: (message, options) => show({ ...options, message, tone: 'info' }),
    }),
    [show, dismiss, clear],
  );

  const slot = useToastSlot();

  return (
    <ToastContext.Provider value={api}>
      {children}
      {typeof document !== 'undefined' &&
        createPortal(
          <section className={cx('ui-toasts', slot && 'ui-toasts--in-dialog')} aria-label="Meldingen">
            <ol className="ui-toasts__list" aria-live="polite">
              {toasts.map((toast) => (
                <li key={toast.id} className="ui-toasts__item">
                  <Notice
                    tone={toast.tone}
                    title={toast.title}
                    action={toast.action}
                    elevated
                    onClose={() => dismiss(toast.id)}
                    autoCloseMs={toast.durationMs === null ? false : (toast.durationMs ?? TOAST_DURATION_MS)}
                  >
                    {toast.message}
                  </Notice>
                </li>
              ))}
            </ol>
          </section>,
          slot ?? document.body,
        )}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast buiten ToastProvider');
  return ctx;
}
