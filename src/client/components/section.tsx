import { ChevronDown } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { cx } from './cx';

export type SectionProps = {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** Open at first (default true). */
  defaultOpen?: boolean;
  /** Controlled use: pass `open` and `onOpenChange`. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Something to show on the right of the header, e.g. an error count badge. */
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
};

/** A block whose header button folds the content in and out (aria-expanded). */
export function Section({
  title,
  description,
  icon,
  defaultOpen = true,
  open: openProp,
  onOpenChange,
  aside,
  children,
  className,
}: SectionProps) {
  const [openState, setOpenState] = useState(defaultOpen);
  const open = openProp ?? openState;
  const contentId = useId();
  const toggle = () => {
    setOpenState(!open);
    onOpenChange?.(!open);
  };
  return (
    <section className={cx('ui-section', open && 'is-open', className)}>
      <h3 className="ui-section__heading">
        <button
          type="button"
          className="ui-section__toggle"
          aria-expanded={open}
          aria-controls={contentId}
          onClick={toggle}
        >
          {icon ? (
            <span className="ui-section__icon" aria-hidden="true">
              {icon}
            </span>
          ) : null}
          <span className="ui-section__titles">
            <span className="ui-section__title">{title}</span>
            {description ? <span className="ui-section__description">{description}</span> : null}
          </span>
          {aside ? <span className="ui-section__aside">{aside}</span> : null}
          <ChevronDown className="ui-section__chevron" size={18} aria-hidden="true" />
        </button>
      </h3>
      <div id={contentId} className="ui-section__content" inert={!open || undefined}>
        <div className="ui-section__inner">
          <div className="ui-section__pad">{children}</div>
        </div>
      </div>
    </section>
  );
}
