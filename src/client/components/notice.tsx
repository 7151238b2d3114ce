import { CircleCheck, CircleExclamationPoint, Info, TriangleExclamationPoint, X } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { NOTICE_MS } from '../../shared/constants';
import { cx } from './cx';

export type NoticeTone = 'success' | 'error' | 'warning' | 'info';

/** Success notices with a close handler close themselves after this long (spec §9). */
export const SUCCESS_AUTO_CLOSE_MS = NOTICE_MS;

export type NoticeProps = {
  tone: NoticeTone;
  title?: string;
  children?: ReactNode;
  /** Shows a close button; also what auto-close calls. */
  onClose?: () => void;
  /** Close after this many ms (`false`: never). Default: 5000 for success notices with onClose, else never. */
  autoCloseMs?: number | false;
  /** A button or link under the text. */
  action?: ReactNode;
  /** Floating look (toasts). */
  elevated?: boolean;
  /** Override the tone's icon; `null` hides it. */
  icon?: ReactNode;
  className?: string;
  id?: string;
};

const ICONS: Record<NoticeTone, ReactNode> = {
  success: <CircleCheck size={18} aria-hidden="true" />,
  error: <CircleExclamationPoint size={18} aria-hidden="true" />,
  warning: <TriangleExclamationPoint size={18} aria-hidden="true" />,
  info: <Info size={18} aria-hidden="true" />,
};

/**
 * An inline message. Errors are announced at once (role="alert"), the others politely (role="status").
 * A running auto-close pauses while the pointer is over the notice or focus is inside it.
 */
export function Notice({
  tone,
  title,
  children,
  onClose,
  autoCloseMs,
  action,
  elevated,
  icon,
  className,
  id,
}: NoticeProps) {
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const [paused, setPaused] = useState(false);
  const delay =
    autoCloseMs === false
      ? undefined
      : (autoCloseMs ?? (tone === 'success' && onClose ? SUCCESS_AUTO_CLOSE_MS : undefined));
  const hasClose = Boolean(onClose);
  const remaining = useRef<number | undefined>(delay);

  useEffect(() => {
    remaining.current = delay;
  }, [delay]);

  useEffect(() => {
    if (remaining.current === undefined || !hasClose || paused) return;
    const started = Date.now();
    const timer = window.setTimeout(() => closeRef.current?.(), remaining.current);
    return () => {
      window.clearTimeout(timer);
      if (remaining.current !== undefined)
        remaining.current = Math.max(800, remaining.current - (Date.now() - started));
    };
  }, [paused, hasClose]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover/focus only pause the auto-close timer.
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx('ui-notice', `ui-notice--${tone}`, elevated && 'ui-notice--elevated', className)}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      {icon === null ? null : <span className="ui-notice__icon">{icon ?? ICONS[tone]}</span>}
      <div className="ui-notice__body">
        {title ? <p className="ui-notice__title">{title}</p> : null}
        {children ? <div className="ui-notice__text">{children}</div> : null}
        {action ? <div className="ui-notice__action">{action}</div> : null}
      </div>
      {onClose ? (
        <button type="button" className="ui-notice__close" aria-label="Melding sluiten" onClick={onClose}>
          <X size={16} aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
