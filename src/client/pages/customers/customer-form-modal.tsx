import { Building2, Mail, MapPin, UserRound } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { CUSTOMER_COUNTRY_LIST, OTHER_COUNTRY } from '../../../shared/countries';
import { phonePlaceholderFor } from '../../../shared/rules/phone-country';
import { postcodeHintFor } from '../../../shared/rules/postcode-country';
import { vatNumberHintFor } from '../../../shared/rules/vat-number';
import type { Customer } from '../../../shared/schemas/customer';
import {
  Badge,
  Button,
  Checkbox,
  Modal,
  Notice,
  Section,
  Select,
  type SelectOption,
  TextField,
  useToast,
} from '../../components';
import { readApiError } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';
import { type FieldErrors, useForm } from '../../lib/use-form';
import {
  CUSTOMER_SECTIONS,
  type CustomerField,
  type CustomerFormValues,
  type CustomerSectionId,
  type CustomerTextField,
  customerFormRules,
  emptyCustomerValues,
  errorCountBySection,
  hasBlockingError,
  maskCustomerField,
  SAVE_ERROR_FALLBACK,
  SECTION_ORDER,
  valuesFromCustomer,
} from './customer-form';

export type CustomerFormModalProps = {
  open: boolean;
  /** The customer to edit; null or undefined for a new one. */
  customer?: Customer | null;
  onClose: () => void;
  onSaved?: (customer: Customer, created: boolean) => void;
};

/**
 * 'Nieuwe klant' / 'Klant bewerken' (spec §2 Customer modal, §5 Customer form). Mounted fresh on every
 * open, so it always starts from the customer (or empty).
 */
export function CustomerFormModal({ open, ...props }: CustomerFormModalProps) {
  if (!open) return null;
  return <CustomerFormDialog key={props.customer?._id ?? 'new'} {...props} />;
}

const SECTION_TITLES: Record<CustomerSectionId, { title: string; icon: ReactNode }> = {
  general: { title: 'Algemene informatie', icon: <UserRound /> },
  contact: { title: 'Contactgegevens', icon: <Mail /> },
  address: { title: 'Adresgegevens', icon: <MapPin /> },
  business: { title: 'Bedrijfsgegevens', icon: <Building2 /> },
};

const ALL_OPEN: Record<CustomerSectionId, boolean> = {
  general: true,
  contact: true,
  address: true,
  business: true,
};

function countryOptions(current: string): SelectOption[] {
  const options: SelectOption[] = [...CUSTOMER_COUNTRY_LIST.map((c) => c.name), OTHER_COUNTRY].map((c) => ({
    value: c,
    label: c,
  }));
  if (current && !options.some((o) => o.value === current)) options.push({ value: current, label: current });
  return options;
}

function CustomerFormDialog({ customer, onClose, onSaved }: Omit<CustomerFormModalProps, 'open'>) {
  const editing = Boolean(customer);
  const toast = useToast();
  const [initial] = useState<CustomerFormValues>(() =>
    customer ? valuesFromCustomer(customer) : emptyCustomerValues(),
  );
  const form = useForm({ ...customerFormRules, initial, mask: maskCustomerField });
  const { values, errors } = form;
  const [formError, setFormError] = useState<string | null>(null);
  const [openSections, setOpenSections] = useState(ALL_OPEN);

  const create = trpc.customers.create.useMutation();
  const update = trpc.customers.update.useMutation();
  const saving = create.isPending || update.isPending;

  /** Unfolds the sections that hold a message (they are inert while folded), before the cursor goes there. */
  const unfold = (found: FieldErrors<CustomerField>) =>
    setOpenSections((prev) => {
      const opened = { ...prev };
      for (const id of SECTION_ORDER) if (CUSTOMER_SECTIONS[id].some((f) => found[f])) opened[id] = true;
      return opened;
    });

  const textProps = (field: CustomerTextField) => form.inputProps(field);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Opened from the order form's customer picker, this form sits inside that form in React's tree,
    // where a submit bubbles on through the portal: it must not save the order too.
    event.stopPropagation();
    if (saving) return;
    setFormError(null);
    const checked = form.validate();
    if (!checked.ok) {
      unfold(checked.errors);
      return;
    }
    const options = {
      onSuccess: (saved: Customer) => {
        toast.success(
          editing ? `De gegevens van ${saved.company} zijn bijgewerkt.` : `${saved.company} is toegevoegd.`,
        );
        onSaved?.(saved, !editing);
        onClose();
      },
      onError: (err: unknown) => {
        const info = readApiError(err);
        if (form.serverErrors(info.details)) unfold(info.details);
        setFormError(info.serverMessage ?? SAVE_ERROR_FALLBACK);
      },
    };
    if (customer) update.mutate({ ...checked.data, id: customer._id }, options);
    else create.mutate(checked.data, options);
  };

  const counts = errorCountBySection(errors);
  // The chosen country's formats: 'Formaat: 4 cijfers, bijv. 2000' for België.
  const postcodeHint = postcodeHintFor(values.country);
  const vatHint = vatNumberHintFor(values.country);
  const sectionProps = (id: CustomerSectionId) => ({
    title: SECTION_TITLES[id].title,
    icon: SECTION_TITLES[id].icon,
    open: openSections[id],
    onOpenChange: (next: boolean) => setOpenSections((prev) => ({ ...prev, [id]: next })),
    aside:
      !openSections[id] && counts[id] > 0 ? (
        <Badge tone="red">{counts[id] === 1 ? '1 fout' : `${counts[id]} fouten`}</Badge>
      ) : undefined,
  });

  return (
    <Modal
      open
      onClose={onClose}
      title={editing ? 'Klant bewerken' : 'Nieuwe klant'}
      size="md"
      dismissible={!saving}
      closeOnBackdrop={false}
      className="customer-modal"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Annuleren
          </Button>
          <Button type="submit" form={form.id} busy={saving} disabled={hasBlockingError(errors)}>
            {editing ? 'Opslaan' : 'Klant toevoegen'}
          </Button>
        </>
      }
    >
      <form id={form.id} className="customer-form" onSubmit={submit} noValidate>
        {formError ? (
          <Notice tone="error" className="customer-form__notice">
            {formError}
          </Notice>
        ) : null}

        <Section {...sectionProps('general')}>
          <div className="customer-form__grid">
            <TextField
              {...textProps('name')}
              label="Naam"
              required
              autoComplete="name"
              data-autofocus
              fieldClassName="customer-form__wide"
            />
            <TextField {...textProps('company')} label="Bedrijfsnaam" required autoComplete="organization" />
            <TextField {...textProps('contactPerson')} label="Contactpersoon" autoComplete="off" />
          </div>
        </Section>

        <Section {...sectionProps('contact')}>
          <div className="customer-form__grid">
            <TextField
              {...textProps('email')}
              label="E-mail"
              type="email"
              required
              autoComplete="email"
              inputMode="email"
              spellCheck={false}
            />
            <TextField
              {...textProps('phone')}
              label="Telefoon"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder={phonePlaceholderFor(values.country)}
            />
          </div>
        </Section>

        <Section {...sectionProps('address')}>
          <div className="customer-form__grid">
            <Select
              id={form.fieldId('country')}
              name="country"
              label="Land"
              value={values.country}
              error={errors.country}
              placeholder={values.country ? undefined : 'Kies een land'}
              options={countryOptions(values.country)}
              onChange={(event) => form.setValue('country', event.target.value)}
              fieldClassName="customer-form__wide"
            />
            <TextField
              {...textProps('address')}
              label="Adres"
              autoComplete="street-address"
              placeholder="Straat en huisnummer"
              fieldClassName="customer-form__wide"
            />
            <TextField
              {...textProps('postalCode')}
              label="Postcode"
              autoComplete="postal-code"
              autoCapitalize="characters"
              placeholder={postcodeHint.placeholder}
              hint={postcodeHint.hint || undefined}
              spellCheck={false}
            />
            <TextField {...textProps('city')} label="Plaats" autoComplete="address-level2" />
          </div>
        </Section>

        <Section {...sectionProps('business')}>
          <div className="customer-form__grid">
            <TextField
              {...textProps('kvkNumber')}
              label="KVK-nummer"
              inputMode="numeric"
              autoComplete="off"
              placeholder="12345678"
              hint="Formaat: 8 cijfers, bijv. 12345678"
            />
            <TextField
              {...textProps('btwNumber')}
              label="BTW-nummer"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder={vatHint.placeholder}
              hint={vatHint.hint}
            />
          </div>
        </Section>

        <Checkbox
          id={form.fieldId('active')}
          label="Actieve klant"
          hint="Alleen actieve klanten kunt u kiezen bij een nieuwe order."
          checked={values.active}
          onChange={(event) => form.setValue('active', event.target.checked)}
          fieldClassName="customer-form__active"
        />
      </form>
    </Modal>
  );
}
