import { Mail, MapPin, Pencil, Phone, Send, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { DEFAULT_COUNTRY } from '../../../shared/constants';
import { formatPhone } from '../../../shared/rules/phone';
import { formatPostcode } from '../../../shared/rules/postcode';
import type { Customer } from '../../../shared/schemas/customer';
import { Avatar, Badge, Button, buttonClass, cx, IconButton } from '../../components';

export type CustomerCardProps = {
  customer: Customer;
  /** Without it (a role that only reads) the card has no Bewerken. */
  onEdit?: ((customer: Customer) => void) | undefined;
  /** Without it the card has no Verwijderen. */
  onDelete?: ((customer: Customer) => void) | undefined;
};

/** One customer on /klanten (spec §2): company, badge, name, e-mail, phone, address; edit, e-mail, delete. */
export function CustomerCard({ customer, onEdit, onDelete }: CustomerCardProps) {
  const titleId = useId();
  const postcode = customer.postalCode ? formatPostcode(customer.postalCode) : '';
  const placeLine = [postcode, customer.city].filter(Boolean).join('  ');
  const showCountry = customer.country && customer.country !== DEFAULT_COUNTRY;
  const hasAddress = Boolean(customer.address || placeLine || showCountry);

  return (
    <article
      className={cx('customer-card', !customer.active && 'customer-card--inactive')}
      aria-labelledby={titleId}
    >
      <header className="customer-card__head">
        <Avatar name={customer.company} tone={customer.active ? 'brand' : 'neutral'} size="lg" />
        <div className="customer-card__titles">
          <h2 id={titleId} className="customer-card__company" title={customer.company}>
            {customer.company}
          </h2>
          <p className="customer-card__name" title={customer.name}>
            {customer.name}
          </p>
        </div>
        <Badge tone={customer.active ? 'green' : 'grey'} dot className="customer-card__badge">
          {customer.active ? 'Actief' : 'Inactief'}
        </Badge>
      </header>

      <ul className="customer-card__details">
        <li>
          <Mail aria-hidden="true" />
          <span className="customer-card__text" title={customer.email}>
            <span className="sr-only">E-mail: </span>
            {customer.email}
          </span>
        </li>
        {customer.phone ? (
          <li>
            <Phone aria-hidden="true" />
            <span className="customer-card__text">
              <span className="sr-only">Telefoon: </span>
              <a href={`tel:${customer.phone}`} className="customer-card__tel">
                {formatPhone(customer.phone)}
              </a>
            </span>
          </li>
        ) : null}
        {hasAddress ? (
          <li>
            <MapPin aria-hidden="true" />
            <span className="customer-card__text customer-card__address">
              <span className="sr-only">Adres: </span>
              {customer.address ? <span className="customer-card__line">{customer.address}</span> : null}
              {placeLine ? <span className="customer-card__line">{placeLine}</span> : null}
              {showCountry ? <span className="customer-card__line">{customer.country}</span> : null}
            </span>
          </li>
        ) : null}
      </ul>

      <footer className="customer-card__actions">
        {onEdit ? (
          <Button
            variant="secondary"
            size="sm"
            icon={<Pencil />}
            onClick={() => onEdit(customer)}
            aria-describedby={titleId}
          >
            Bewerken
          </Button>
        ) : null}
        <a
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
          href={`mailto:${encodeURIComponent(customer.email).replace(/%40/g, '@')}`}
          aria-label="E-mail sturen"
          title={`E-mail sturen naar ${customer.email}`}
          aria-describedby={titleId}
        >
          <span className="ui-button__icon" aria-hidden="true">
            <Send />
          </span>
          <span className="ui-button__label">E-mail</span>
        </a>
        {onDelete ? (
          <IconButton
            label="Verwijderen"
            title={`${customer.company} verwijderen`}
            icon={<Trash2 />}
            size="sm"
            className="customer-card__delete"
            onClick={() => onDelete(customer)}
            aria-describedby={titleId}
          />
        ) : null}
      </footer>
    </article>
  );
}
