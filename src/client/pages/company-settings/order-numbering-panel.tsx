import { Check, Hash, RotateCw, Save } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type OrderSettings, orderSettingsMessages } from '../../../shared/schemas/order-settings';
import { Button, Card, Checkbox, cx, Notice, RoleNote, Spinner, TextField } from '../../components';
import { readApiError } from '../../lib/api-errors';
import { useCan } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import { useForm } from '../../lib/use-form';
import {
  type NumberingValues,
  numberingExample,
  numberingFormRules,
  numberingValuesOf,
  sanitizeStartingNumber,
} from './order-numbering-form';
import './order-numbering-panel.css';

const TITLE = 'Ordernummering';
const DESCRIPTION = 'Hoe nieuwe inkooporders worden genummerd. Bestaande orders houden hun nummer.';
/** How long the button says 'Opgeslagen!'. */
const SAVED_LABEL_MS = 3000;

type SaveState = 'idle' | 'saving' | 'saved';
const SAVE_LABELS: Record<SaveState, string> = {
  idle: 'Opslaan',
  saving: 'Opslaan...',
  saved: 'Opgeslagen!',
};

/**
 * Bedrijfsinstellingen › Document instellingen › Ordernummering (spec §2, §3 Order number settings,
 * §8 Order numbering): prefix, start number, include-year, and a live example number.
 */
export function OrderNumberingPanel() {
  const query = trpc.orderSettings.get.useQuery(undefined, {
    staleTime: 0,
    refetchOnMount: 'always',
    retry: 1,
  });

  if (query.data) return <NumberingForm settings={query.data} />;
  return (
    <Card title={TITLE} description={DESCRIPTION} className="numbering-panel">
      {query.isError ? (
        <Notice
          tone="error"
          action={
            <Button
              size="sm"
              variant="secondary"
              icon={<RotateCw />}
              busy={query.isFetching}
              onClick={() => void query.refetch()}
            >
              Opnieuw proberen
            </Button>
          }
        >
          {orderSettingsMessages.loadError}
        </Notice>
      ) : (
        <div className="numbering-panel__loading">
          <Spinner size={20} label="Instellingen laden..." showLabel />
        </div>
      )}
    </Card>
  );
}

type Feedback = { tone: 'success' | 'error'; message: string } | null;

function NumberingForm({ settings }: { settings: OrderSettings }) {
  const canManage = useCan('manage');
  const utils = trpc.useUtils();
  const update = trpc.orderSettings.update.useMutation();
  // What the next order really gets with the saved settings (a used number is never given again).
  const next = trpc.orderSettings.nextNumber.useQuery(undefined, { staleTime: 0, retry: false });
  const form = useForm({ ...numberingFormRules, initial: numberingValuesOf(settings) });
  const { values, errors, fieldId } = form;
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const savedTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(savedTimer.current), []);

  const example = numberingExample(values, settings.startingNumber);

  const change = <K extends keyof NumberingValues>(key: K, value: NumberingValues[K]) => {
    form.setValue(key, value);
    if (saveState === 'saved') setSaveState('idle');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saveState === 'saving') return;
    setFeedback(null);
    const result = form.validate();
    if (!result.ok) return;
    window.clearTimeout(savedTimer.current);
    setSaveState('saving');
    update.mutate(result.data, {
      onSuccess: (saved) => {
        utils.orderSettings.get.setData(undefined, saved);
        void utils.orderSettings.nextNumber.invalidate();
        form.reset(numberingValuesOf(saved));
        setSaveState('saved');
        savedTimer.current = window.setTimeout(() => setSaveState('idle'), SAVED_LABEL_MS);
        setFeedback({ tone: 'success', message: orderSettingsMessages.saved });
      },
      onError: (err) => {
        setSaveState('idle');
        form.serverErrors(readApiError(err).details);
        setFeedback({ tone: 'error', message: orderSettingsMessages.saveError });
      },
    });
  };

  return (
    <form id={form.id} className="numbering-panel__form" onSubmit={submit} noValidate>
      {/* A role that may only read sees the settings, not a form that would be refused. */}
      <fieldset className="settings-lock" disabled={!canManage}>
        <Card
          title={
            <span className="numbering-panel__title">
              <Hash size={16} aria-hidden="true" />
              {TITLE}
            </span>
          }
          description={DESCRIPTION}
          className="numbering-panel"
          footer={
            <div className="numbering-panel__footer">
              {feedback ? (
                <Notice
                  tone={feedback.tone}
                  onClose={() => setFeedback(null)}
                  className="numbering-panel__notice"
                >
                  {feedback.message}
                </Notice>
              ) : null}
              {canManage ? (
                <Button
                  type="submit"
                  busy={saveState === 'saving'}
                  icon={saveState === 'saved' ? <Check size={16} strokeWidth={2.5} /> : <Save size={16} />}
                  className={cx('numbering-panel__save', saveState === 'saved' && 'is-saved')}
                >
                  <span aria-live="polite">{SAVE_LABELS[saveState]}</span>
                </Button>
              ) : (
                <RoleNote capability="manage" />
              )}
            </div>
          }
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
        </Card>
      </fieldset>
    </form>
  );
}
