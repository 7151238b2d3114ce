import { FileText } from 'lucide-react';
import { useState } from 'react';
import { FONT_STACKS, sampleDocumentData } from '../../../shared/document';
import {
  FOOTER_NOTES_MAX,
  PDF_FONT_LABELS,
  PDF_FONTS,
  type PdfFont,
  type PdfSettings,
  pdfSettingsMessages,
} from '../../../shared/schemas/pdf-settings';
import { Select, Textarea, Toggle } from '../../components';
import { useAuth } from '../../lib/auth';
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
import { SETTINGS_QUERY_OPTIONS, SettingsFormCard, SettingsLoadingCard } from './settings-form-card';
import { TemplatePicker } from './template-picker';
import { useSettingsSave } from './use-settings-save';
import './preview-fonts';
import './pdf-settings-panel.css';

const HEADING = {
  icon: <FileText size={16} aria-hidden="true" />,
  title: 'PDF document',
  description:
    'Template, kleuren en lettertype van uw inkooporders als PDF. Het voorbeeld toont direct het resultaat.',
  className: 'pdf-panel',
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
  const query = trpc.pdfSettings.get.useQuery(undefined, SETTINGS_QUERY_OPTIONS);

  if (query.data) return <PdfSettingsForm settings={query.data} />;
  return <SettingsLoadingCard {...HEADING} query={query} loadError={pdfSettingsMessages.loadError} />;
}

function PdfSettingsForm({ settings }: { settings: PdfSettings }) {
  const { user } = useAuth();
  const profile = trpc.auth.profile.useQuery(undefined, { staleTime: 30_000, retry: false });
  const utils = trpc.useUtils();
  const update = trpc.pdfSettings.update.useMutation();
  const form = useForm({ ...pdfSettingsFormRules, initial: settings });
  const { values, errors, fieldId } = form;
  // The last colours that were valid: the preview and the pickers hold them while a hex is being typed.
  const [lastGood, setLastGood] = useState<PdfSettings>(settings);
  const save = useSettingsSave({
    form,
    send: (data) => update.mutateAsync(data),
    onSaved: (saved) => {
      utils.pdfSettings.get.setData(undefined, saved);
      form.reset(saved);
      setLastGood(saved);
    },
    savedMessage: pdfSettingsMessages.saved,
    errorMessage: pdfSettingsMessages.saveError,
  });

  const check = checkPdfSettings(values);
  const shown = previewSettings(values, lastGood);
  const company = previewCompany(profile.data ?? user);
  const logo = useCompanyLogo();
  const sample = { ...sampleDocumentData(company, shown), logo: logo.url };

  const change = <K extends PdfSettingsField>(key: K, value: PdfSettingsValues[K]) => {
    const next = { ...values, [key]: value };
    form.setValue(key, value);
    setLastGood((good) => previewSettings(next, good));
    save.edited();
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
    <SettingsFormCard
      {...HEADING}
      formId={form.id}
      onSubmit={save.submit}
      feedback={save.feedback}
      onDismiss={save.dismiss}
      saveState={save.state}
      saveDisabled={!check.ok}
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
    </SettingsFormCard>
  );
}
