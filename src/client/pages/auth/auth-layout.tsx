import { ArrowLeft, FileText, LayoutDashboard, Mail, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ThemeToggle, useDocumentTitle } from '../../components';
import './auth.css';

/** What the login page promotes (spec §1). */
const FEATURES = [
  {
    icon: FileText,
    title: "Professionele PDF's",
    text: 'Strakke inkooporders in uw eigen huisstijl, direct te downloaden.',
  },
  {
    icon: Users,
    title: 'Klantenbeheer',
    text: 'Al uw klanten en hun gegevens overzichtelijk op één plek.',
  },
  {
    icon: Mail,
    title: 'E-mail integratie',
    text: 'Verstuur orders direct per e-mail, met de PDF als bijlage.',
  },
  {
    icon: LayoutDashboard,
    title: 'Overzichtelijk dashboard',
    text: 'Omzet, orders en actieve klanten in één oogopslag.',
  },
] as const;

export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <span className="auth-brand__mark" style={{ width: size, height: size }} aria-hidden="true">
      <FileText size={Math.round(size * 0.56)} strokeWidth={2.25} />
    </span>
  );
}

/** A purely decorative miniature order, so the panel shows what the product makes. */
function DocumentPreview() {
  return (
    <div className="auth-doc" aria-hidden="true">
      <div className="auth-doc__head">
        <div>
          <div className="auth-doc__title">Inkooporder</div>
          <div className="auth-doc__number">INK-2025-014</div>
        </div>
        <span className="auth-doc__badge">Verzonden</span>
      </div>
      <div className="auth-doc__lines">
        {[
          ['Kantoorstoelen', '€ 1.240,00'],
          ['Montage', '€ 180,00'],
          ['Bezorging', '€ 45,00'],
        ].map(([what, amount]) => (
          <div className="auth-doc__line" key={what}>
            <span>{what}</span>
            <span>{amount}</span>
          </div>
        ))}
      </div>
      <div className="auth-doc__total">
        <span>Totaal incl. btw</span>
        <span>€ 1.772,65</span>
      </div>
    </div>
  );
}

function FeatureList({ className }: { className: string }) {
  return (
    <ul className={className}>
      {FEATURES.map(({ icon: Icon, title, text }) => (
        <li key={title} className="auth-feature">
          <span className="auth-feature__icon" aria-hidden="true">
            <Icon size={18} />
          </span>
          <span>
            <span className="auth-feature__title">{title}</span>
            <span className="auth-feature__text">{text}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function ProductPanel() {
  return (
    <aside className="auth-panel" aria-label="Over Inkooporders">
      <div className="auth-panel__inner">
        <div className="auth-brand auth-brand--panel">
          <BrandMark size={36} />
          <span className="auth-brand__name">Inkooporders</span>
        </div>
        <div className="auth-panel__body">
          <div className="auth-panel__intro">
            <h2 className="auth-panel__headline">Inkooporders maken, versturen en beheren op één plek</h2>
            <p className="auth-panel__lead">
              Voor kleine bedrijven die professioneel willen werken, zonder gedoe.
            </p>
          </div>
          <FeatureList className="auth-features" />
          <DocumentPreview />
        </div>
      </div>
    </aside>
  );
}

export type AuthLayoutProps = {
  /** The browser tab title ('{title} · Inkooporders'). */
  title: string;
  children: ReactNode;
  /** Under the card: "Nog geen account? …" and the like. */
  footer?: ReactNode;
  /** On phones, where the product panel is hidden, list its features under the card (login). */
  promote?: boolean;
};

/**
 * The frame of every auth screen: the product panel on the left (desktop), the form card on the
 * right; on a phone one column with the brand above the card. The theme toggle sits top right.
 */
export function AuthLayout({ title, children, footer, promote = false }: AuthLayoutProps) {
  useDocumentTitle(title);
  return (
    <div className="auth-layout">
      <ProductPanel />
      <div className="auth-main">
        <header className="auth-topbar">
          <div className="auth-brand auth-brand--top">
            <BrandMark size={30} />
            <span className="auth-brand__name">Inkooporders</span>
          </div>
          <ThemeToggle className="auth-theme-toggle" />
        </header>
        <main className="auth-main__content">
          <div className="auth-card">{children}</div>
          {footer ? <div className="auth-footer">{footer}</div> : null}
          {promote ? (
            <section className="auth-promo" aria-label="Wat u met Inkooporders kunt">
              <FeatureList className="auth-features auth-features--compact" />
            </section>
          ) : null}
        </main>
      </div>
    </div>
  );
}

/** Words like "e-mail" must not break at their hyphen; the text itself stays the same. */
export function keepHyphenatedWords(text: string): ReactNode {
  if (!text.includes('-')) return text;
  return text.split(/(\S*-\S*)/).map((part, i) =>
    part.includes('-') ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: a fixed split of a constant string.
      <span key={i} className="auth-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

export type AuthHeadingProps = {
  title: string;
  description?: ReactNode;
  /** An icon in a tinted circle above the title (status pages). */
  icon?: ReactNode;
  tone?: 'accent' | 'success' | 'warning' | 'danger';
};

/** The card's heading; with an icon it is centred, as on the success and error pages. */
export function AuthHeading({ title, description, icon, tone = 'accent' }: AuthHeadingProps) {
  return (
    <div className={icon ? 'auth-heading auth-heading--centered' : 'auth-heading'}>
      {icon ? (
        <span className={`auth-heading__icon auth-heading__icon--${tone}`} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <h1 className="auth-heading__title">{keepHyphenatedWords(title)}</h1>
      {description ? <div className="auth-heading__description">{description}</div> : null}
    </div>
  );
}

/** Under the card of the password pages: back to the login screen. */
export function BackToLogin() {
  return (
    <p>
      <Link href="/login" className="auth-back">
        <ArrowLeft size={15} aria-hidden="true" />
        Terug naar inloggen
      </Link>
    </p>
  );
}
