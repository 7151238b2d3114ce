import { type ReactNode, useEffect } from 'react';
import { cx } from './cx';

export type PageHeaderProps = {
  title: string;
  description?: ReactNode;
  /** Buttons on the right (under the title on phones). */
  actions?: ReactNode;
  /** Small line above the title, e.g. a back link. */
  eyebrow?: ReactNode;
  /** The browser tab title; defaults to `title`. Pass false to leave it alone. */
  documentTitle?: string | false;
  className?: string;
};

export const APP_NAME = 'Inkooporders';

/** Sets the browser tab title to '<title> · Inkooporders' while mounted. */
export function useDocumentTitle(title: string | false | undefined) {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = title === APP_NAME ? APP_NAME : `${title} · ${APP_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

/** The h1 of a screen, with its description and main actions. */
export function PageHeader({
  title,
  description,
  actions,
  eyebrow,
  documentTitle,
  className,
}: PageHeaderProps) {
  useDocumentTitle(documentTitle === undefined ? title : documentTitle);
  return (
    <header className={cx('ui-page-header', className)}>
      <div className="ui-page-header__text">
        {eyebrow ? <div className="ui-page-header__eyebrow">{eyebrow}</div> : null}
        <h1 className="ui-page-header__title">{title}</h1>
        {description ? <p className="ui-page-header__description">{description}</p> : null}
      </div>
      {actions ? <div className="ui-page-header__actions">{actions}</div> : null}
    </header>
  );
}
