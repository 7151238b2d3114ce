import { Eye, Pencil } from 'lucide-react';
import { useState } from 'react';
import { confirmationLabels } from '../../../../shared/order-confirmation-states';
import { EMAIL_TEMPLATE_CATEGORY_LABELS } from '../../../../shared/schemas/email-template';
import { fillTemplate } from '../../../../shared/template-variables';
import { Checkbox, Notice, SegmentedControl, Select, Textarea, TextField, Toggle } from '../../../components';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { MessagePreview } from './message-preview';
import { previewMessageHtml, previewTemplateData } from './send-email-data';
import type { SendEmailForm } from './use-send-email-form';

type MessageMode = 'edit' | 'preview';

const MODE_OPTIONS = [
  { value: 'edit' as const, label: 'Bewerken', icon: <Pencil /> },
  { value: 'preview' as const, label: 'Voorbeeld', icon: <Eye /> },
];

/** Tab 'Bericht samenstellen': template, recipient, CC, subject, message (edit or preview), PDF. */
export function SendEmailCompose({ form }: { form: SendEmailForm }) {
  const [mode, setMode] = useState<MessageMode>('edit');
  // The message opens as it reads, with buttons for its formatting; its HTML is for who wants it.
  const [asHtml, setAsHtml] = useState(false);
  const { draft, errors, fieldId } = form;
  const disabled = form.phase !== 'form';

  const templateOptions = [
    { value: '', label: 'Geen template (eigen tekst)' },
    ...form.templates.map((t) => ({
      value: t._id,
      label: `${t.name} (${EMAIL_TEMPLATE_CATEGORY_LABELS[t.category]}${t.isDefault ? ', standaard' : ''})`,
    })),
  ];

  return (
    <div className="send-email__compose">
      {form.templatesFailed ? (
        <Notice tone="warning">
          De templates konden niet worden geladen. U kunt het bericht wel zelf schrijven.
        </Notice>
      ) : (
        <Select
          id={fieldId('template')}
          label="Template"
          options={templateOptions}
          value={draft.templateId}
          disabled={disabled}
          onChange={(event) => form.chooseTemplate(event.target.value)}
          hint={
            form.templates.length === 0
              ? 'Nog geen templates: maak ze aan op de pagina E-mail templates.'
              : 'Een template vult het onderwerp en het bericht.'
          }
        />
      )}

      <div className="send-email__addresses">
        <TextField
          id={fieldId('recipient')}
          label="E-mailadres ontvanger"
          type="email"
          inputMode="email"
          autoComplete="off"
          required
          value={draft.recipient}
          error={errors.recipient}
          disabled={disabled}
          onChange={(event) => form.set('recipient', event.target.value)}
        />
        <TextField
          id={fieldId('ccEmail')}
          label="CC"
          type="email"
          inputMode="email"
          autoComplete="off"
          placeholder="Optioneel"
          value={draft.ccEmail}
          error={errors.ccEmail}
          disabled={disabled}
          onChange={(event) => form.set('ccEmail', event.target.value)}
        />
      </div>

      <TextField
        id={fieldId('subject')}
        label="Onderwerp"
        required
        value={draft.subject}
        error={errors.subject}
        disabled={disabled}
        onChange={(event) => form.set('subject', event.target.value)}
      />

      <div className="send-email__message">
        <div className="send-email__message-head">
          {/* The textarea carries its own (hidden) label; this one is what the eye reads above the toggle. */}
          <span className="ui-label" aria-hidden="true">
            Bericht
            <span className="ui-label__required">*</span>
          </span>
          <SegmentedControl
            label="Weergave van het bericht"
            hideLabel
            size="sm"
            options={MODE_OPTIONS}
            value={mode}
            onChange={setMode}
          />
        </div>
        {mode === 'edit' && asHtml ? (
          <Textarea
            id={fieldId('message')}
            label="Bericht"
            hideLabel
            required
            value={draft.message}
            error={errors.message}
            disabled={disabled}
            className="send-email__message-input"
            hint="HTML mag; variabelen als {{customer.name}} en {{order.orderNumber}} worden bij het versturen ingevuld."
            onChange={(event) => form.set('message', event.target.value)}
          />
        ) : mode === 'edit' ? (
          <RichTextEditor
            id={fieldId('message')}
            label="Bericht"
            required
            value={draft.message}
            error={errors.message}
            disabled={disabled}
            hint="Variabelen als {{customer.name}} en {{order.orderNumber}} worden bij het versturen ingevuld."
            onChange={(html) => form.set('message', html)}
          />
        ) : (
          <MessagePreview
            subject={fillTemplate(
              draft.subject,
              previewTemplateData(form.values, draft.includeConfirmationLink, window.location.origin),
              'text',
            )}
            html={previewMessageHtml(
              draft.message,
              form.values,
              draft.includeConfirmationLink,
              window.location.origin,
            )}
            error={errors.message}
          />
        )}
        {mode === 'edit' ? (
          <Toggle
            id={`${fieldId('message')}-html`}
            label="HTML bewerken (geavanceerd)"
            checked={asHtml}
            disabled={disabled}
            onChange={setAsHtml}
            className="send-email__html-toggle"
          />
        ) : null}
      </div>

      <Checkbox
        id={fieldId('includePdf')}
        label={
          <>
            PDF van de order meesturen als bijlage (
            <span className="send-email__filename">{form.order.orderNumber}.pdf</span>)
          </>
        }
        checked={draft.includePdf}
        disabled={disabled}
        onChange={(event) => form.set('includePdf', event.target.checked)}
      />
      <Checkbox
        id={fieldId('includeUbl')}
        label={
          <>
            UBL-bestand meesturen (<span className="send-email__filename">{form.order.orderNumber}.xml</span>)
          </>
        }
        hint="Voor het inkoopsysteem van uw klant (Peppol-order, XML)."
        checked={draft.includeUbl}
        disabled={disabled}
        onChange={(event) => form.set('includeUbl', event.target.checked)}
      />
      <Checkbox
        id={fieldId('includeConfirmationLink')}
        label={confirmationLabels.includeLink}
        hint="Een persoonlijke link waarmee uw klant de order akkoord geeft, afwijst of om een wijziging vraagt."
        checked={draft.includeConfirmationLink}
        disabled={disabled}
        onChange={(event) => form.set('includeConfirmationLink', event.target.checked)}
      />
    </div>
  );
}
