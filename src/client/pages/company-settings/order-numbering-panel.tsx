import { Hash } from 'lucide-react';
import { type OrderSettings, orderSettingsMessages } from '../../../shared/schemas/order-settings';
import { Checkbox, TextField } from '../../components';
import { trpc } from '../../lib/trpc';
import { useForm } from '../../lib/use-form';
import {
  type NumberingValues,
  numberingExample,
  numberingFormRules,
  numberingValuesOf,
  sanitizeStartingNumber,
} from './order-numbering-form';
import { SETTINGS_QUERY_OPTIONS, SettingsFormCard, SettingsLoadingCard } from './settings-form-card';
import { useSettingsSave } from './use-settings-save';
import './order-numbering-panel.css';

const HEADING = {
  icon: <Hash size={16} aria-hidden="true" />,
  title: 'Ordernummering',
  description: 'Hoe nieuwe inkooporders worden genummerd. Bestaande orders houden hun nummer.',
  className: 'numbering-panel',
};

/**
 * Bedrijfsinstellingen › Document instellingen › Ordernummering (spec §2, §3 Order number settings,
 * §8 Order numbering): prefix, start number, include-year, and a live example number.
 */
export function OrderNumberingPanel() {
  const query = trpc.orderSettings.get.useQuery(undefined, SETTINGS_QUERY_OPTIONS);

  if (query.data) return <NumberingForm settings={query.data} />;
  return <SettingsLoadingCard {...HEADING} query={query} loadError={orderSettingsMessages.loadError} />;
}

function NumberingForm({ settings }: { settings: OrderSettings }) {
  const utils = trpc.useUtils();
  const update = trpc.orderSettings.update.useMutation();
  // What the next order really gets with the saved settings (a used number is never given again).
  const next = trpc.orderSettings.nextNumber.useQuery(undefined, { staleTime: 0, retry: false });
  const form = useForm({ ...numberingFormRules, initial: numberingValuesOf(settings) });
  const { values, errors, fieldId } = form;
  const save = useSettingsSave({
    form,
    send: (data) => update.mutateAsync(data),
    onSaved: (saved) => {
      utils.orderSettings.get.setData(undefined, saved);
      void utils.orderSettings.nextNumber.invalidate();
      form.reset(numberingValuesOf(saved));
    },
    savedMessage: orderSettingsMessages.saved,
    errorMessage: orderSettingsMessages.saveError,
  });

  const example = numberingExample(values, settings.startingNumber);

  const change = <K extends keyof NumberingValues>(key: K, value: NumberingValues[K]) => {
    form.setValue(key, value);
    save.edited();
  };

  return (
    <SettingsFormCard
      {...HEADING}
      formId={form.id}
      onSubmit={save.submit}
      feedback={save.feedback}
      onDismiss={save.dismiss}
      saveState={save.state}
    >
      <div className="numbering-panel__grid">
        <TextField
          id={fieldId('prefix')}
          label="Voorvoegsel"
          value={values.prefix}
          maxLength={21}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="INK"
          hint="Letters, cijfers, - en _; mag leeg zijn."
          error={errors.prefix}
          onChange={(event) => change('prefix', event.target.value)}
          onBlur={() => form.handleBlur('prefix')}
        />
        <TextField
          id={fieldId('startingNumber')}
          label="Startnummer"
          value={values.startingNumber}
          inputMode="numeric"
          autoComplete="off"
          placeholder="1001"
          className="tabular"
          hint="Minimaal 1. Een nummer dat al gebruikt is wordt nooit opnieuw uitgegeven."
          error={errors.startingNumber}
          onChange={(event) => change('startingNumber', sanitizeStartingNumber(event.target.value))}
          onBlur={() => form.handleBlur('startingNumber')}
        />
        <Checkbox
          label="Jaar opnemen in nummer"
          hint="Met het jaar erin begint de nummering elk kalenderjaar opnieuw bij het startnummer."
          checked={values.includeYear}
          onChange={(event) => change('includeYear', event.target.checked)}
          fieldClassName="numbering-panel__wide"
        />
        <output
          className="numbering-panel__example numbering-panel__wide"
          htmlFor={`${fieldId('prefix')} ${fieldId('startingNumber')}`}
        >
          <span className="numbering-panel__example-label">Voorbeeld: </span>
          <span className="numbering-panel__example-value">{example}</span>
          {next.data?.nextNumber && next.data.nextNumber !== example ? (
            <span className="numbering-panel__next">
              Volgende order met de opgeslagen instellingen: {next.data.nextNumber}
            </span>
          ) : null}
        </output>
      </div>
    </SettingsFormCard>
  );
}
