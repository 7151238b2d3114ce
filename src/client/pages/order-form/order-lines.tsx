import { Plus, Trash2 } from 'lucide-react';
import { type RefObject, useId, useState } from 'react';
import { UNIT_LABELS, UNITS, type Unit, VAT_RATES, type VatRate } from '../../../shared/constants';
import { formatEuro } from '../../../shared/format';
import { orderMessages } from '../../../shared/schemas/order';
import { Button, IconButton, Notice, Select, TextField } from '../../components';
import { EuroField } from '../../components/euro-field';
import type { FieldErrors } from '../../lib/form-state';
import { isShowableAmount, type LineDraft, normalizePrice, priceFieldError } from './order-draft';
import { lineFieldId } from './order-form-fields';
import { QuantityField } from './quantity-field';

/** '21 %' with a no-break space, so the sign never wraps away from the number. */
export const vatRateLabel = (rate: VatRate) => (rate === 'verlegd' ? 'Verlegd' : `${rate}\u00a0%`);

const UNIT_OPTIONS = UNITS.map((u) => ({ value: u, label: UNIT_LABELS[u] }));
const VAT_OPTIONS = VAT_RATES.filter((r) => r !== 'verlegd').map((r) => ({
  value: String(r),
  label: vatRateLabel(r),
}));
const VERLEGD_OPTIONS = [{ value: 'verlegd', label: 'Verlegd' }];

const parseVat = (value: string): VatRate => (value === 'verlegd' ? 'verlegd' : (Number(value) as VatRate));

export type OrderLinesProps = {
  items: LineDraft[];
  btwVerlegd: boolean;
  /** Line totals in cents, index by index. */
  lineTotals: number[];
  errors: FieldErrors;
  showWarning: boolean;
  onChange: (index: number, patch: Partial<Omit<LineDraft, 'key'>>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
  disabled?: boolean;
  /** Only to read: no adding, removing or stepping, just the lines as they are. */
  readOnly?: boolean;
  warningRef?: RefObject<HTMLDivElement | null>;
};

/** The order lines: a card per line (two rows on a wide form, stacked on a phone), add and remove. */
export function OrderLines({
  items,
  btwVerlegd,
  lineTotals,
  errors,
  showWarning,
  onChange,
  onAdd,
  onRemove,
  disabled,
  readOnly = false,
  warningRef,
}: OrderLinesProps) {
  const onlyOne = items.length <= 1;
  return (
    <div className="order-lines">
      {showWarning ? (
        <div ref={warningRef} tabIndex={-1} className="order-lines__warning">
          <Notice tone="warning">{orderMessages.linesIncomplete}</Notice>
        </div>
      ) : null}
      {errors.items ? <Notice tone="error">{errors.items}</Notice> : null}

      <ol className="order-lines__list" aria-label="Orderregels">
        {items.map((line, index) => (
          <OrderLine
            key={line.key}
            line={line}
            index={index}
            btwVerlegd={btwVerlegd}
            totalCents={lineTotals[index] ?? 0}
            errors={errors}
            canRemove={!onlyOne && !disabled}
            disabled={disabled}
            readOnly={readOnly}
            onChange={(patch) => onChange(index, patch)}
            onRemove={() => onRemove(index)}
          />
        ))}
      </ol>

      {readOnly ? null : (
        <Button
          variant="secondary"
          icon={<Plus />}
          onClick={onAdd}
          disabled={disabled}
          className="order-lines__add"
        >
          Regel toevoegen
        </Button>
      )}
    </div>
  );
}

type OrderLineProps = {
  line: LineDraft;
  index: number;
  btwVerlegd: boolean;
  totalCents: number;
  errors: FieldErrors;
  canRemove: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  onChange: (patch: Partial<Omit<LineDraft, 'key'>>) => void;
  onRemove: () => void;
};

function OrderLine({
  line,
  index,
  btwVerlegd,
  totalCents,
  errors,
  canRemove,
  disabled,
  readOnly,
  onChange,
  onRemove,
}: OrderLineProps) {
  const n = index + 1;
  const error = (field: string) => errors[`items.${index}.${field}`];
  const titleId = useId();
  // The price is checked once the user leaves the field, until the next change.
  const [priceLeft, setPriceLeft] = useState(false);
  const priceError = error('price') ?? (priceLeft ? priceFieldError(line.price) : undefined);
  const vatValue = btwVerlegd ? 'verlegd' : String(line.vat);
  const vatOptions = btwVerlegd
    ? VERLEGD_OPTIONS
    : line.vat === 'verlegd'
      ? [...VAT_OPTIONS, ...VERLEGD_OPTIONS]
      : VAT_OPTIONS;

  return (
    <li className="order-line" aria-labelledby={titleId}>
      <div className="order-line__head">
        <span id={titleId} className="order-line__number">
          Regel {n}
        </span>
        {readOnly ? null : (
          <IconButton
            label={`Regel ${n} verwijderen`}
            title={canRemove ? `Regel ${n} verwijderen` : 'De laatste regel kan niet worden verwijderd'}
            icon={<Trash2 size={16} />}
            size="sm"
            className="order-line__remove"
            disabled={!canRemove}
            onClick={onRemove}
          />
        )}
      </div>

      <TextField
        id={lineFieldId(line, 'description')}
        label="Omschrijving"
        required
        fieldClassName="order-line__description"
        value={line.description}
        maxLength={500}
        placeholder="Bijv. Installatiewerk badkamer"
        autoComplete="off"
        disabled={disabled}
        error={error('description')}
        onChange={(event) => onChange({ description: event.target.value })}
      />

      <QuantityField
        id={lineFieldId(line, 'quantity')}
        value={line.quantity}
        error={error('quantity')}
        disabled={disabled}
        readOnly={readOnly}
        lineNumber={n}
        onChange={(quantity) => onChange({ quantity })}
      />

      <Select
        id={lineFieldId(line, 'unit')}
        label="Eenheid"
        fieldClassName="order-line__unit"
        options={UNIT_OPTIONS}
        value={line.unit}
        disabled={disabled}
        error={error('unit')}
        onChange={(event) => onChange({ unit: event.target.value as Unit })}
      />

      <EuroField
        id={lineFieldId(line, 'price')}
        label="Prijs"
        required
        fieldClassName="order-line__price"
        value={line.price}
        normalize={normalizePrice}
        disabled={disabled}
        error={priceError}
        onValueChange={(price) => {
          setPriceLeft(false);
          onChange({ price });
        }}
        onBlur={() => setPriceLeft(true)}
      />

      <Select
        id={lineFieldId(line, 'vat')}
        label="BTW"
        fieldClassName="order-line__vat"
        options={vatOptions}
        value={vatValue}
        disabled={disabled || btwVerlegd}
        error={error('vat')}
        onChange={(event) => onChange({ vat: parseVat(event.target.value) })}
      />

      <div className="order-line__total">
        <span className="order-line__total-label">Totaal</span>
        <output className="order-line__total-value tabular" aria-label={`Regeltotaal regel ${n}`}>
          {isShowableAmount(totalCents) ? formatEuro(totalCents) : '—'}
        </output>
      </div>
    </li>
  );
}
