import type { ReactNode } from 'react';

/** One group of components on /ui-components. */
export function DemoBlock({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = `demo-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section className="demo-block" aria-labelledby={id}>
      <div className="demo-block__head">
        <h2 id={id} className="demo-block__title">
          {title}
        </h2>
        {description ? <p className="demo-block__description">{description}</p> : null}
      </div>
      <div className="demo-block__body">{children}</div>
    </section>
  );
}
