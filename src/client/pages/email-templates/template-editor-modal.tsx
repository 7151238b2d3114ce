import { Eye, Pencil, Send, X } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  EMAIL_TEMPLATE_CATEGORIES,
  EMAIL_TEMPLATE_CATEGORY_LABELS,
  type EmailTemplate,
  type EmailTemplateCategory,
  testMailInput,
} from '../../../shared/schemas/email-template';
import {
  fillTemplate,
  TEMPLATE_VARIABLES,
  unknownVariables,
  variableToken,
} from '../../../shared/template-variables';
import {
  Button,
  Checkbox,
  IconButton,
  Modal,
  Notice,
  SegmentedControl,
  Select,
  Textarea,
  TextField,
  useToast,
} from '../../components';
import { readApiError } from '../../lib/api-errors';
import { useAuth } from '../../lib/auth';
import { trpc } from '../../lib/trpc';
import { schemaCheck, useForm } from '../../lib/use-form';
import {
  emptyTemplateValues,
  insertAtCursor,
  previewData,
  previewDocument,
  TEMPLATE_NOTICE_MS,
  type TemplateFormValues,
  templateFormRules,
  templateMessages,
  validateTemplate,
  valuesFromTemplate,
} from './template-form';

export type TemplateEditorModalProps = {
  open: boolean;
  /** The template to edit; null for a new one. */
  template: EmailTemplate | null;
  onClose: () => void;
  onSaved: (template: EmailTemplate, created: boolean) => void;
};

/** Mounted fresh on every open, so it always starts from the template (or empty). */
export function TemplateEditorModal({ open, ...props }: TemplateEditorModalProps) {
  if (!open) return null;
  return <TemplateEditorDialog key={props.template?._id ?? 'new'} {...props} />;
}

type Mode = 'edit' | 'preview';
const CATEGORY_OPTIONS = EMAIL_TEMPLATE_CATEGORIES.map((c) => ({
  value: c,
  label: EMAIL_TEMPLATE_CATEGORY_LABELS[c],
}));

function TemplateEditorDialog({ template, onClose, onSaved }: Omit<TemplateEditorModalProps, 'open'>) {
  const editing = template !== null;
  const toast = useToast();
  const { user } = useAuth();
  const [initial] = useState<TemplateFormValues>(() =>
    template ? valuesFromTemplate(template) : emptyTemplateValues(),
  );
  const form = useForm({ ...templateFormRules, initial });
  const { values, errors, setValue } = form;
  const [formError, setFormError] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>('edit');
  const subjectRef = useRef<HTMLInputElement>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  // Where a clicked variable goes: the field that last had the cursor (the content by default).
  const target = useRef<'subject' | 'content'>('content');

  const create = trpc.emailTemplates.create.useMutation();
  const update = trpc.emailTemplates.update.useMutation();
  const saving = create.isPending || update.isPending;

  const insertVariable = (token: string) => {
    const field = target.current;
    const element = field === 'subject' ? subjectRef.current : contentRef.current;
    const { text, cursor } = insertAtCursor(
      values[field],
      element?.selectionStart ?? null,
      element?.selectionEnd ?? null,
      token,
    );
    // The new text is on screen before the cursor goes back, within this click: a cursor put back
    // later (a frame on) would take the focus from a field the user has gone on to type in.
    flushSync(() => setValue(field, text));
    element?.focus();
    element?.setSelectionRange(cursor, cursor);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    const checked = form.validate();
    if (!checked.ok) {
      // The messages are shown in the edit view, where the cursor goes to the first wrong field.
      setMode('edit');
      return;
    }
    const options = {
      onSuccess: (saved: EmailTemplate) => {
        toast.success(editing ? templateMessages.updated : templateMessages.created, {
          durationMs: TEMPLATE_NOTICE_MS,
        });
        onSaved(saved, !editing);
        onClose();
      },
      onError: (err: unknown) => {
        const info = readApiError(err);
        if (form.serverErrors(info.details)) setMode('edit');
        setFormError(info.serverMessage ?? templateMessages.saveError);
      },
    };
    if (template) update.mutate({ ...checked.data, id: template._id }, options);
    else create.mutate(checked.data, options);
  };

  const data = previewData(user);
  const unknown = unknownVariables(`${values.subject}\n${values.content}`, data);
  const dirty =
    values.name !== initial.name ||
    values.subject !== initial.subject ||
    values.content !== initial.content ||
    values.category !== initial.category;

  return (
    <Modal
      open
      onClose={onClose}
      title={editing ? 'Template bewerken' : 'Nieuw template'}
      size="lg"
      dismissible={!saving}
      closeOnBackdrop={false}
      className="template-modal"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Annuleren
          </Button>
          <Button type="submit" form={form.id} busy={saving}>
            {editing ? 'Opslaan' : 'Template aanmaken'}
          </Button>
        </>
      }
    >
      <form id={form.id} className="template-form" onSubmit={submit} noValidate>
        {formError ? <Notice tone="error">{formError}</Notice> : null}
        <div className="template-form__grid">
          <TextField
            id={form.fieldId('name')}
            label="Naam"
            required
            value={values.name}
            error={errors.name}
            onChange={(e) => setValue('name', e.target.value)}
            maxLength={120}
            data-autofocus
            placeholder="Bijv. Inkooporder versturen"
          />
          <Select
            id={form.fieldId('category')}
            label="Categorie"
            required
            value={values.category}
            error={errors.category}
            options={CATEGORY_OPTIONS}
            onChange={(e) => setValue('category', e.target.value as EmailTemplateCategory)}
          />
          <TextField
            ref={subjectRef}
            id={form.fieldId('subject')}
            label="Onderwerp"
            required
            value={values.subject}
            error={errors.subject}
            onChange={(e) => setValue('subject', e.target.value)}
            onFocus={() => {
              target.current = 'subject';
            }}
            maxLength={220}
            placeholder="Bijv. Inkooporder {{order.orderNumber}}"
            fieldClassName="template-form__wide"
          />
          <Checkbox
            label="Standaard template voor deze categorie"
            hint="Het standaard template wordt vooraf gekozen bij het versturen van een e-mail."
            checked={values.isDefault}
            onChange={(e) => setValue('isDefault', e.target.checked)}
            fieldClassName="template-form__wide"
          />
        </div>

        <SegmentedControl<Mode>
          label="Weergave"
          hideLabel
          size="sm"
          value={mode}
          onChange={setMode}
          options={[
            { value: 'edit', label: 'Bewerken', icon: <Pencil size={14} /> },
            { value: 'preview', label: 'Voorbeeld', icon: <Eye size={14} /> },
          ]}
          className="template-form__mode"
        />

        {mode === 'edit' ? (
          <div className="template-form__editor">
            <div className="template-form__content-column">
              <Textarea
                ref={contentRef}
                id={form.fieldId('content')}
                label="Inhoud (HTML)"
                required
                rows={10}
                value={values.content}
                error={errors.content}
                onChange={(e) => setValue('content', e.target.value)}
                onFocus={() => {
                  target.current = 'content';
                }}
                spellCheck={false}
                className="template-form__content"
                placeholder="<p>Beste {{customer.name}},</p>"
                hint={`${values.content.length.toLocaleString('nl-NL')} / 10.000 tekens. Onveilige HTML (scripts, formulieren) wordt bij opslaan verwijderd.`}
                fieldClassName="template-form__content-field"
              />
              {unknown.length > 0 ? (
                <Notice tone="warning" className="template-form__unknown">
                  Onbekende variabelen worden niet ingevuld en blijven in de e-mail staan zoals ze geschreven
                  zijn: {unknown.map((name) => `{{${name}}}`).join(', ')}
                </Notice>
              ) : null}
            </div>
            <VariableList onInsert={insertVariable} />
          </div>
        ) : (
          <div className="template-preview">
            <p className="template-preview__subject">
              <span className="template-preview__label">Onderwerp:</span>{' '}
              <span data-testid="template-preview-subject">{fillTemplate(values.subject, data, 'text')}</span>
            </p>
            <iframe
              title="Voorbeeld van de e-mail"
              className="template-preview__frame"
              sandbox=""
              srcDoc={previewDocument(fillTemplate(values.content, data, 'html'))}
            />
            <p className="template-preview__note">
              Voorbeeld met voorbeeldgegevens (order {data.order.orderNumber}, {data.customer.company}).
            </p>
            <TestMailBox templateId={editing && !dirty ? template._id : null} values={values} />
          </div>
        )}
      </form>
    </Modal>
  );
}

function VariableList({ onInsert }: { onInsert: (token: string) => void }) {
  return (
    <aside className="template-variables" aria-labelledby="template-variables-title">
      <h3 id="template-variables-title" className="template-variables__title">
        Variabelen
      </h3>
      <p className="template-variables__hint">Klik om in te voegen op de plek van de cursor.</p>
      <ul className="template-variables__list">
        {TEMPLATE_VARIABLES.map((v) => (
          <li key={v.name}>
            <button
              type="button"
              className="template-variables__item"
              onMouseDown={(e) => e.preventDefault() /* keep the cursor where it is */}
              onClick={() => onInsert(variableToken(v.name))}
            >
              <code>{variableToken(v.name)}</code>
              <span>{v.description}</span>
            </button>
          </li>
        ))}
      </ul>
    </aside>
  );
}

type TestState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; message: string }
  | { kind: 'error'; message: string };

/**
 * Spec §4: a test mail from the preview. A saved, unchanged template is sent as it is; otherwise a
 * temporary template (isTemporary) is made of what is on screen, sent, and deleted again.
 */
const TEST_MAIL_FIELDS = ['email'] as const;
const testMailCheck = schemaCheck(testMailInput.pick({ email: true }), { fields: TEST_MAIL_FIELDS });

function TestMailBox({ templateId, values }: { templateId: string | null; values: TemplateFormValues }) {
  const [open, setOpen] = useState(false);
  const address = useForm({
    initial: { email: '' },
    fields: TEST_MAIL_FIELDS,
    check: testMailCheck,
    rule: { change: 'clear' },
  });
  const [state, setState] = useState<TestState>({ kind: 'idle' });
  const utils = trpc.useUtils();
  const closeTimer = useRef<number | undefined>(undefined);
  const emailRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) emailRef.current?.focus();
  }, [open]);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const send = async () => {
    const parsed = address.validate();
    if (!parsed.ok) return;
    let id = templateId;
    let temporary: string | null = null;
    if (!id) {
      const checked = validateTemplate(values, true);
      if (!checked.ok) {
        setState({ kind: 'error', message: templateMessages.testInvalidTemplate });
        return;
      }
      setState({ kind: 'sending' });
      try {
        temporary = (await utils.client.emailTemplates.create.mutate(checked.data))._id;
        id = temporary;
      } catch (err) {
        setState({ kind: 'error', message: readApiError(err).serverMessage ?? templateMessages.testError });
        return;
      }
    }
    setState({ kind: 'sending' });
    try {
      const result = await utils.client.emailTemplates.test.mutate({ id, email: parsed.data.email });
      setState({ kind: 'sent', message: result.message });
      // Spec §9: the box closes 3 s after a successful test.
      window.clearTimeout(closeTimer.current);
      closeTimer.current = window.setTimeout(() => {
        setOpen(false);
        setState({ kind: 'idle' });
      }, TEMPLATE_NOTICE_MS);
    } catch (err) {
      const info = readApiError(err);
      setState({
        kind: 'error',
        message:
          info.httpStatus === 429 && info.serverMessage ? info.serverMessage : templateMessages.testError,
      });
    } finally {
      if (temporary) await utils.client.emailTemplates.delete.mutate({ id: temporary }).catch(() => {});
    }
  };

  if (!open) {
    return (
      <div className="template-test">
        <Button variant="secondary" icon={<Send />} onClick={() => setOpen(true)}>
          Test e-mail versturen
        </Button>
      </div>
    );
  }
  return (
    <section className="template-test template-test--open" aria-label="Test e-mail versturen">
      <div className="template-test__row">
        <TextField
          id={address.fieldId('email')}
          label="Test e-mail versturen naar"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={address.values.email}
          error={address.errors.email}
          onChange={(e) => address.setValue('email', e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void send();
            }
          }}
          placeholder="naam@voorbeeld.nl"
          fieldClassName="template-test__email"
          ref={emailRef}
        />
        <Button icon={<Send />} busy={state.kind === 'sending'} onClick={() => void send()}>
          Versturen
        </Button>
        <IconButton label="Sluiten" icon={<X />} variant="ghost" onClick={() => setOpen(false)} />
      </div>
      {state.kind === 'sent' ? <Notice tone="success">{state.message}</Notice> : null}
      {state.kind === 'error' ? <Notice tone="error">{state.message}</Notice> : null}
    </section>
  );
}
