import { Check, FileText, RotateCw, Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FONT_STACKS, sampleDocumentData } from '../../../shared/document';
import {
  FOOTER_NOTES_MAX,
  PDF_FONT_LABELS,
  PDF_FONTS,
  type PdfFont,
  type PdfSettings,
  pdfSettingsMessages,
} from '../../../shared/schemas/pdf-settings';
import { Button, Card, cx, Notice, RoleNote, Select, Spinner, Textarea, Toggle } from '../../components';
import { readApiError } from '../../lib/api-errors';
import { useAuth } from '../../lib/auth';
import { useCan } from '../../lib/can';
import { useCompanyLogo } from '../../lib/company-logo';
import { trpc } from '../../lib/trpc';
import { useForm } from '../../lib/use-form';
import { ColorField } from './color-field';
import { DocumentPreview } from './document-preview';
import {
  type ColorField as ColorFieldName,
  checkPdfSettings,
  type PdfSettingsField,
  type PdfSettingsValues,
  pdfSettingsFormRules,
  previewSettings,
} from './pdf-settings-form';
import { previewCompany } from './preview-company';
import { TemplatePicker } from './template-picker';
import { type SaveState, useSaveState } from './use-save-state';
import './preview-fonts';
import './pdf-settings-panel.css';

const TITLE = 'PDF document';
const DESCRIPTION =
  'Template, kleuren en lettertype van uw inkooporders als PDF. Het voorbeeld toont direct het resultaat.';

const SAVE_LABELS: Record<SaveState, string> = {
  idle: 'Opslaan',
  saving: 'Opslaan...',
  saved: 'Opgeslagen!',
};

const FONT_OPTIONS = PDF_FONTS.map((font) => ({
  value: font,
  label: PDF_FONT_LABELS[font],
  style: { fontFamily: FONT_STACKS[font] },
}));

/**
 * Bedrijfsinstellingen › Document instellingen › PDF document (spec §2, §3 PDF settings, §8 PDF
 * settings): template, colours, font, bank account and footer notes, with a live preview.
 */
export function PdfSettingsPanel() {
  const query = trpc.pdfSettings.get.useQuery(undefined, {
    staleTime: 0,
    refetchOnMount: 'always',
    retry: 1,
  });

  if (query.data) return <PdfSettingsForm settings={query.data} />;
  return (
    <Card title={TITLE} description={DESCRIPTION} className="pdf-panel">
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
          {pdfSettingsMessages.loadError}
        </Notice>
      ) : (
        <div className="pdf-panel__loading">
          <Spinner size={20} label="Instellingen laden..." showLabel />
        </div>
      )}
    </Card>
  );
}

type Feedback = { tone: 'success' | 'error'; message: string } | null;

function PdfSettingsForm({ settings }: { settings: PdfSettings }) {
  const canManage = useCan('manage');
  const { user } = useAuth();
  const profile = trpc.auth.profile.useQuery(undefined, { staleTime: 30_000, retry: false });
  const utils = trpc.useUtils();
  const update = trpc.pdfSettings.update.useMutation();
  const save = useSaveState();
  const form = useForm({ ...pdfSettingsFormRules, initial: settings });
  const { values, errors, fieldId } = form;
  // The last colours that were valid: the preview and the pickers hold them while a hex is being typed.
  const [lastGood, setLastGood] = useState<PdfSettings>(settings);
  const [feedback, setFeedback] = useState<Feedback>(null);

  const check = checkPdfSettings(values);
  const shown = previewSettings(values, lastGood);
  const company = previewCompany(profile.data ?? user);
  const logo = useCompanyLogo();
  const sample = { ...sampleDocumentData(company, shown), logo: logo.url };

  const change = <K extends PdfSettingsField>(key: K, value: PdfSettingsValues[K]) => {
    const next = { ...values, [key]: value };
    form.setValue(key, value);
    setLastGood((good) => previewSettings(next, good));
    // A change after saving is unsaved again: the button reads 'Opslaan' at once.
    if (save.state === 'saved') save.fail();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.state === 'saving') return;
    setFeedback(null);
    const result = form.validate();
    if (!result.ok) return;
    save.start();
    update.mutate(result.data, {
      onSuccess: (saved) => {
        utils.pdfSettings.get.setData(undefined, saved);
        form.reset(saved);
        setLastGood(saved);
        save.succeed();
        setFeedback({ tone: 'success', message: pdfSettingsMessages.saved });
      },
      onError: (err) => {
        save.fail();
        form.serverErrors(readApiError(err).details);
        setFeedback({ tone: 'error', message: pdfSettingsMessages.saveError });
      },
    });
  };

  const colorField = (field: ColorFieldName, label: string) => (
    <ColorField
      id={fieldId(field)}
      label={label}
      value={values[field]}
      fallback={lastGood[field]}
      error={errors[field]}
      onChange={(hex) => change(field, hex)}
      onBlur={() => form.handleBlur(field)}
    />
  );

  return (
    <form id={form.id} className="pdf-panel__form" onSubmit={submit} noValidate>
      {/* A role that may only read sees the settings, not a form that would be refused. */}
      <fieldset className="settings-lock" disabled={!canManage}>
        <Card
          title={
            <span className="pdf-panel__title">
              <FileText size={16} aria-hidden="true" />
              {TITLE}
            </span>
          }
          description={DESCRIPTION}
          className="pdf-panel"
          footer={
            <div className="pdf-panel__footer">
              {feedback ? (
                <Notice tone={feedback.tone} onClose={() => setFeedback(null)} className="pdf-panel__notice">
                  {feedback.message}
                </Notice>
              ) : null}
              {canManage ? (
                <Button
                  type="submit"
                  disabled={!check.ok}
                  busy={save.state === 'saving'}
                  icon={save.state === 'saved' ? <Check size={16} strokeWidth={2.5} /> : <Save size={16} />}
                  className={cx('settings-save', save.state === 'saved' && 'is-saved')}
                >
                  <span aria-live="polite">{SAVE_LABELS[save.state]}</span>
                </Button>
              ) : (
                <RoleNote capability="manage" />
              )}
            </div>
          }
        >
          <div className="pdf-panel__layout">
            <div className="pdf-panel__fields">
              <TemplatePicker
                value={values.template}
                onChange={(template) => change('template', template)}
                sample={sample}
                error={errors.template}
              />
              <div className="pdf-panel__colors">
                {colorField('primaryColor', 'Primaire kleur')}
                {colorField('secondaryColor', 'Secundaire kleur')}
              </div>
              <Select
                id={fieldId('fontFamily')}
                label="Lettertype"
                options={FONT_OPTIONS}
                value={values.fontFamily}
                style={{ fontFamily: FONT_STACKS[values.fontFamily] }}
                error={errors.fontFamily}
                onChange={(event) => change('fontFamily', event.target.value as PdfFont)}
              />
              <Toggle
                id={fieldId('showBankAccount')}
                label="Bankrekening tonen"
                hint="IBAN en tenaamstelling onderaan het document."
                checked={values.showBankAccount}
                error={errors.showBankAccount}
                labelFirst
                onChange={(checked) => change('showBankAccount', checked)}
              />
              <Textarea
                id={fieldId('footerNotes')}
                label="Voettekst"
                rows={4}
                maxLength={FOOTER_NOTES_MAX}
                placeholder="Bijv. leveringsvoorwaarden of een bedankje"
                value={values.footerNotes}
                error={errors.footerNotes}
                hint={
                  <span className="pdf-panel__counter tabular">
                    {values.footerNotes.length} / {FOOTER_NOTES_MAX} tekens
                  </span>
                }
                onChange={(event) => change('footerNotes', event.target.value)}
                onBlur={() => form.handleBlur('footerNotes')}
              />
            </div>
            <div className="pdf-panel__preview">
              <p className="ui-label pdf-panel__preview-label" aria-hidden="true">
                Voorbeeld
              </p>
              <DocumentPreview data={sample} label="Voorbeeld van het PDF document" />
            </div>
          </div>
        </Card>
      </fieldset>
    </form>
  );
}
