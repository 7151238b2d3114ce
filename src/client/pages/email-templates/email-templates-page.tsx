import { Copy, FilePlus2, Mail, Pencil, Plus, SearchX, Star, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import {
  EMAIL_TEMPLATE_CATEGORIES,
  EMAIL_TEMPLATE_CATEGORY_LABELS,
  type EmailTemplate,
  type EmailTemplateCategory,
  missingDefaultTemplateNames,
} from '../../../shared/schemas/email-template';
import {
  Badge,
  type BadgeTone,
  Button,
  ConfirmDialog,
  EmptyState,
  IconButton,
  Notice,
  PageHeader,
  RetryButton,
  RoleNote,
  SearchField,
  Select,
  Spinner,
  useToast,
} from '../../components';
import { readApiError } from '../../lib/api-errors';
import { useCan } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import { TemplateEditorModal } from './template-editor-modal';
import {
  duplicateInput,
  filterTemplates,
  TEMPLATE_NOTICE_MS,
  templateMessages,
  truncateSubject,
} from './template-form';
import './email-templates.css';

const CATEGORY_TONES: Record<EmailTemplateCategory, BadgeTone> = {
  order: 'blue',
  invoice: 'green',
  reminder: 'amber',
  confirmation: 'grey',
  other: 'grey',
};

const countLabel = (n: number) => `${n} ${n === 1 ? 'template' : 'templates'}`;

/** /email-templates (spec §2 E-mail templates, §4 Templates, §8 Templates). */
export function EmailTemplatesPage() {
  const toast = useToast();
  const utils = trpc.useUtils();
  const query = trpc.emailTemplates.list.useQuery();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<EmailTemplateCategory | ''>('');
  const [editorOpen, setEditorOpen] = useState(false);
  const [editing, setEditing] = useState<EmailTemplate | null>(null);
  const [toDelete, setToDelete] = useState<EmailTemplate | null>(null);
  const [duplicating, setDuplicating] = useState<string | null>(null);

  const create = trpc.emailTemplates.create.useMutation();
  const remove = trpc.emailTemplates.delete.useMutation();
  const createDefaults = trpc.emailTemplates.createDefaults.useMutation();
  // Writing templates is the owner's and admins' work; a member uses them when sending an order.
  const canManage = useCan('manage');
  const notify = { durationMs: TEMPLATE_NOTICE_MS };

  const refresh = () => void utils.emailTemplates.list.invalidate();
  const openNew = () => {
    setEditing(null);
    setEditorOpen(true);
  };
  const openEdit = (t: EmailTemplate) => {
    setEditing(t);
    setEditorOpen(true);
  };

  const duplicate = (t: EmailTemplate) => {
    setDuplicating(t._id);
    create.mutate(duplicateInput(t), {
      onSuccess: () => {
        toast.success(templateMessages.duplicated, notify);
        refresh();
      },
      onError: (err) => toast.error(readApiError(err).serverMessage ?? templateMessages.duplicateError),
      onSettled: () => setDuplicating(null),
    });
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(
      { id: toDelete._id },
      {
        onSuccess: () => {
          setToDelete(null);
          toast.success(templateMessages.deleted, notify);
          refresh();
        },
        onError: () => {
          setToDelete(null);
          toast.error(templateMessages.deleteError);
          refresh();
        },
      },
    );
  };

  const addDefaults = () =>
    createDefaults.mutate(undefined, {
      onSuccess: ({ count }) => {
        if (count > 0) toast.success(templateMessages.defaultsAdded(count), notify);
        else toast.info(templateMessages.defaultsPresent, notify);
        refresh();
      },
      onError: () => toast.error(templateMessages.defaultsError),
    });

  const templates = query.data ?? [];
  // Offered while a standard template is missing; once they are all there it would add nothing.
  const defaultsMissing = missingDefaultTemplateNames(templates.map((t) => t.name)).length > 0;
  const shown = filterTemplates(templates, { search, category });
  const filtered = search.trim() !== '' || category !== '';

  return (
    <div className="templates-page">
      <PageHeader
        title="E-mail templates"
        description="Uw eigen e-mails voor orders, facturen en herinneringen, met variabelen die bij het versturen worden ingevuld."
        actions={
          canManage ? (
            <>
              {templates.length > 0 && defaultsMissing ? (
                <Button
                  variant="secondary"
                  icon={<FilePlus2 />}
                  onClick={addDefaults}
                  busy={createDefaults.isPending}
                >
                  Standaard templates toevoegen
                </Button>
              ) : null}
              <Button icon={<Plus />} onClick={openNew}>
                Nieuw template
              </Button>
            </>
          ) : (
            <RoleNote capability="manage" />
          )
        }
      />

      {templates.length > 0 ? (
        <search className="templates-toolbar" aria-label="Templates zoeken en filteren">
          <SearchField
            label="Zoeken"
            hideLabel
            placeholder="Zoek op naam of onderwerp"
            value={search}
            onValueChange={setSearch}
            fieldClassName="templates-toolbar__search"
          />
          <Select
            label="Categorie"
            hideLabel
            value={category}
            onChange={(e) => setCategory(e.target.value as EmailTemplateCategory | '')}
            options={[
              { value: '', label: 'Alle categorieën' },
              ...EMAIL_TEMPLATE_CATEGORIES.map((c) => ({
                value: c,
                label: EMAIL_TEMPLATE_CATEGORY_LABELS[c],
              })),
            ]}
            fieldClassName="templates-toolbar__category"
          />
          <p className="templates-toolbar__count" aria-live="polite">
            {filtered ? `${countLabel(shown.length)} gevonden` : countLabel(templates.length)}
          </p>
        </search>
      ) : null}

      {query.isError && !query.data ? (
        <Notice
          tone="error"
          action={<RetryButton busy={query.isFetching} onRetry={() => void query.refetch()} />}
        >
          {templateMessages.loadError}
        </Notice>
      ) : query.isPending ? (
        <div className="templates-loading">
          <Spinner label="Templates laden..." />
        </div>
      ) : templates.length === 0 ? (
        <EmptyState
          className="templates-empty"
          icon={<Mail />}
          title="Nog geen templates"
          description="Begin met onze standaard templates (één per categorie) en pas ze aan, of schrijf zelf een nieuw template."
          action={
            canManage ? (
              <div className="templates-empty__actions">
                <Button icon={<FilePlus2 />} onClick={addDefaults} busy={createDefaults.isPending}>
                  Standaard templates toevoegen
                </Button>
                <Button variant="secondary" icon={<Plus />} onClick={openNew}>
                  Nieuw template
                </Button>
              </div>
            ) : null
          }
        />
      ) : shown.length === 0 ? (
        <EmptyState
          className="templates-empty"
          icon={<SearchX />}
          title="Geen templates gevonden"
          description="Geen templates die aan de zoekterm of categorie voldoen."
          action={
            <Button
              variant="secondary"
              onClick={() => {
                setSearch('');
                setCategory('');
              }}
            >
              Filters wissen
            </Button>
          }
        />
      ) : (
        <ul className="templates-list">
          {shown.map((t) => (
            <li key={t._id}>
              <TemplateRow
                template={t}
                canManage={canManage}
                onEdit={openEdit}
                onDuplicate={duplicate}
                duplicating={duplicating === t._id}
                onDelete={(x) => {
                  remove.reset();
                  setToDelete(x);
                }}
              />
            </li>
          ))}
        </ul>
      )}

      <TemplateEditorModal
        open={editorOpen}
        template={editing}
        onClose={() => setEditorOpen(false)}
        onSaved={refresh}
      />

      <ConfirmDialog
        open={toDelete !== null}
        title="Template verwijderen"
        message={
          toDelete
            ? `Weet u zeker dat u het template '${toDelete.name}' wilt verwijderen? Deze actie kan niet ongedaan worden gemaakt.`
            : ''
        }
        confirmLabel="Verwijderen"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}

type TemplateRowProps = {
  template: EmailTemplate;
  /** Without it the row only shows the template: no Bewerken, Dupliceren or Verwijderen. */
  canManage: boolean;
  onEdit: (t: EmailTemplate) => void;
  onDuplicate: (t: EmailTemplate) => void;
  onDelete: (t: EmailTemplate) => void;
  duplicating: boolean;
};

function TemplateRow({
  template: t,
  canManage,
  onEdit,
  onDuplicate,
  onDelete,
  duplicating,
}: TemplateRowProps) {
  const titleId = useId();
  return (
    <article className="template-row" aria-labelledby={titleId}>
      <div className="template-row__main">
        <div className="template-row__title-line">
          <h2 id={titleId} className="template-row__name" title={t.name}>
            {t.name}
          </h2>
          <Badge tone={CATEGORY_TONES[t.category]}>{EMAIL_TEMPLATE_CATEGORY_LABELS[t.category]}</Badge>
          {t.isDefault ? (
            <span className="template-row__default" title="Standaard template van deze categorie">
              <Star aria-hidden="true" />
              Standaard
            </span>
          ) : null}
        </div>
        <p className="template-row__subject" title={t.subject}>
          <span className="sr-only">Onderwerp: </span>
          {truncateSubject(t.subject)}
        </p>
      </div>
      {canManage ? (
        <div className="template-row__actions">
          <Button
            variant="secondary"
            size="sm"
            icon={<Pencil />}
            onClick={() => onEdit(t)}
            aria-describedby={titleId}
          >
            Bewerken
          </Button>
          <Button
            variant="secondary"
            size="sm"
            icon={<Copy />}
            onClick={() => onDuplicate(t)}
            busy={duplicating}
            aria-describedby={titleId}
          >
            Dupliceren
          </Button>
          <IconButton
            label="Verwijderen"
            title={`${t.name} verwijderen`}
            icon={<Trash2 />}
            size="sm"
            className="template-row__delete"
            onClick={() => onDelete(t)}
            aria-describedby={titleId}
          />
        </div>
      ) : null}
    </article>
  );
}
