import type { ReactNode } from 'react';
import { cx } from './cx';

export type CardProps = {
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons in the card header, on the right. */
  actions?: ReactNode;
  children?: ReactNode;
  /** Inner padding of the body (default 'md'); 'none' for tables and lists edge to edge. */
  padding?: 'none' | 'sm' | 'md' | 'lg';
  /** Content under the body, e.g. save buttons. */
  footer?: ReactNode;
  className?: string;
  id?: string;
};

export function Card({
  title,
  description,
  actions,
  children,
  padding = 'md',
  footer,
  className,
  id,
}: CardProps) {
  const hasHeader = Boolean(title || actions || description);
  return (
    <section id={id} className={cx('ui-card', className)}>
      {hasHeader ? (
        <header className="ui-card__header">
          <div className="ui-card__heading">
            {title ? <h2 className="ui-card__title">{title}</h2> : null}
            {description ? <p className="ui-card__description">{description}</p> : null}
          </div>
          {actions ? <div className="ui-card__actions">{actions}</div> : null}
        </header>
      ) : null}
      {children != null ? (
        <div className={cx('ui-card__body', `ui-card__body--${padding}`)}>{children}</div>
      ) : null}
      {footer ? <footer className="ui-card__footer">{footer}</footer> : null}
    </section>
  );
}
