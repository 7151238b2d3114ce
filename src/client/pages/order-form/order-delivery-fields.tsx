import { DEFAULT_COUNTRY } from '../../../shared/constants';
import { CUSTOMER_COUNTRY_LIST, OTHER_COUNTRY } from '../../../shared/countries';
import { formatLongDate } from '../../../shared/dates';
import { formatPostcode } from '../../../shared/rules/postcode';
import { maskPostcodeFor, postcodeHintFor } from '../../../shared/rules/postcode-country';
import type { Customer } from '../../../shared/schemas/customer';
import {
  customerDeliveryAddress,
  type DeliveryAddress,
  deliveryMessages,
  NOTES_MAX,
} from '../../../shared/schemas/order-delivery';
import { Card, Checkbox, Select, type SelectOption, Textarea, TextField } from '../../components';
import { DateField } from '../../components/date-field';
import type { FieldErrors } from '../../lib/form-state';
import type { OrderDraft } from './order-draft';

/** The field's message for a text that is not a day, with the format to use. */
export const DELIVERY_DATE_MESSAGE = 'Voer een geldige leverdag in als dd-mm-jjjj';

// The same countries as the customer form, whose postcode rules the delivery address follows too.
const COUNTRY_OPTIONS: SelectOption[] = [...CUSTOMER_COUNTRY_LIST.map((c) => c.name), OTHER_COUNTRY].map(
  (c) => ({ value: c, label: c }),
);
const count = new Intl.NumberFormat('nl-NL');

type AddressPart = keyof DeliveryAddress;

export type OrderDeliveryFieldsProps = {
  draft: Pick<OrderDraft, 'deliveryDate' | 'deliveryToCustomer' | 'deliveryAddress' | 'notes'>;
  errors: FieldErrors;
  /** The chosen customer, for its address; undefined while none is chosen or loaded. */
  customer?: Customer;
  disabled?: boolean;
  onChange: (patch: Partial<OrderDraft>, paths: string[]) => void;
};

/** One line of the customer's address, for the checkbox's hint. */
function customerAddressLine(customer: Customer | undefined): string {
  if (!customer)
    return 'Kies eerst een klant; zonder eigen afleveradres wordt op het adres van de klant geleverd.';
  const place = [formatPostcode(customer.postalCode), customer.city].filter(Boolean).join(' ');
  const line = [customer.address, place].filter(Boolean).join(', ');
  return line ? `Levering op ${line}.` : 'Van deze klant is nog geen adres bekend.';
}

/**
 * Levering en opmerkingen: the wished delivery day, where to deliver (the customer's address unless
 * another is given) and remarks for the customer. All optional; the shared schema checks them.
 */
export function OrderDeliveryFields({
  draft,
  errors,
  customer,
  disabled,
  onChange,
}: OrderDeliveryFieldsProps) {
  const address = draft.deliveryAddress;
  const abroad = address.country !== DEFAULT_COUNTRY;

  const setPart = (part: AddressPart, value: string) =>
    onChange({ deliveryAddress: { ...address, [part]: value } }, [`deliveryAddress.${part}`]);

  const toggleCustomer = (toCustomer: boolean) => {
    // Starting an own address from the customer's saves typing when only a detail differs.
    const empty = !address.address && !address.postalCode && !address.city;
    const start = !toCustomer && empty && customer ? customerDeliveryAddress(customer) : address;
    onChange({ deliveryToCustomer: toCustomer, deliveryAddress: start }, [
      'deliveryAddress.name',
      'deliveryAddress.address',
      'deliveryAddress.postalCode',
      'deliveryAddress.city',
    ]);
  };

  const partProps = (part: AddressPart) => ({
    id: `order-deliveryAddress-${part}`,
    value: address[part],
    disabled,
    error: errors[`deliveryAddress.${part}`],
  });

  return (
    <Card title="Levering en opmerkingen" className="order-form__card">
      <div className="order-form__grid">
        <DateField
          id="order-deliveryDate"
          label="Gewenste leverdag"
          value={draft.deliveryDate}
          disabled={disabled}
          invalidMessage={DELIVERY_DATE_MESSAGE}
          error={
            errors.deliveryDate === deliveryMessages.deliveryDate
              ? DELIVERY_DATE_MESSAGE
              : errors.deliveryDate
          }
          hint={formatLongDate(draft.deliveryDate) ?? 'Optioneel'}
          onChange={(day) => onChange({ deliveryDate: day }, ['deliveryDate'])}
        />
        <fieldset className="order-delivery__address order-form__wide">
          <legend className="order-delivery__legend">Afleveradres</legend>
          <Checkbox
            id="order-deliveryToCustomer"
            label="Afleveren op het adres van de klant"
            hint={draft.deliveryToCustomer ? customerAddressLine(customer) : undefined}
            checked={draft.deliveryToCustomer}
            disabled={disabled}
            onChange={(event) => toggleCustomer(event.target.checked)}
          />
          {draft.deliveryToCustomer ? null : (
            <div className="order-form__grid order-delivery__fields">
              <TextField
                {...partProps('name')}
                label="Naam of locatie"
                placeholder="Bijv. Bouwplaats Havenkwartier"
                maxLength={200}
                fieldClassName="order-form__wide"
                onChange={(event) => setPart('name', event.target.value)}
              />
              <TextField
                {...partProps('address')}
                label="Adres"
                required
                maxLength={200}
                autoComplete="off"
                fieldClassName="order-form__wide"
                onChange={(event) => setPart('address', event.target.value)}
              />
              <TextField
                {...partProps('postalCode')}
                label="Postcode"
                required
                maxLength={abroad ? 20 : 7}
                autoComplete="off"
                placeholder={postcodeHintFor(address.country).placeholder || undefined}
                onChange={(event) =>
                  setPart('postalCode', maskPostcodeFor(event.target.value, address.country))
                }
              />
              <TextField
                {...partProps('city')}
                label="Plaats"
                required
                maxLength={100}
                onChange={(event) => setPart('city', event.target.value)}
              />
              <Select
                {...partProps('country')}
                label="Land"
                options={COUNTRY_OPTIONS}
                onChange={(event) => setPart('country', event.target.value)}
              />
            </div>
          )}
        </fieldset>
        <Textarea
          id="order-notes"
          label="Opmerkingen"
          value={draft.notes}
          rows={3}
          maxLength={NOTES_MAX}
          placeholder="Bijv. graag vooraf bellen; levering via de achteringang"
          disabled={disabled}
          error={errors.notes}
          hint={`${count.format(draft.notes.length)} / ${count.format(NOTES_MAX)} tekens; staat op de PDF`}
          fieldClassName="order-form__wide"
          onChange={(event) => onChange({ notes: event.target.value }, ['notes'])}
        />
      </div>
    </Card>
  );
}
