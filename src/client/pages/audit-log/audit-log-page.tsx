import { Download, History, SearchX } from 'lucide-react';
import { useState } from 'react';
import { isValidDay } from '../../../shared/dates';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_LOG_PAGE_SIZE,
  AUDIT_OBJECT_LABELS,
  type AuditAction,
  type AuditLogEntry,
  type AuditLogQueryInput,
  auditFieldsText,
} from '../../../shared/schemas/audit-log';
import {
  Button,
  type CountedNoun,
  EmptyState,
  Notice,
  PageHeader,
  Pager,
  RetryButton,
  Select,
  Spinner,
  TextField,
  useToast,
} from '../../components';
import { DateField } from '../../components/date-field';
import { errorMessage } from '../../lib/api-errors';
import { downloadCsv } from '../../lib/csv';
import { trpc } from '../../lib/trpc';
import {
  ACTOR_TYPE_LABELS,
  auditLogCsv,
  auditLogCsvFileName,
  auditTime,
  fetchAllAuditEntries,
} from './audit-log-csv';
import './audit-log.css';

const LOAD_ERROR = 'Er is een fout opgetreden bij het ophalen van het logboek.';
const EXPORT_ERROR = 'Er is een fout opgetreden bij het exporteren van het logboek.';
const DAY_INVALID = 'Voer een datum in als 24-11-2026.';
const FROM_AFTER_TO = 'De begindatum ligt na de einddatum.';

const count = (n: number) => n.toLocaleString('nl-NL');
const ENTRY_NOUN: CountedNoun = ['regel', 'regels'];
const entriesLabel = (n: number) => `${count(n)} ${n === 1 ? ENTRY_NOUN[0] : ENTRY_NOUN[1]}`;

type Filters = { actor: string; action: string; objectId: string; from: string; to: string };
const NO_FILTERS: Filters = { actor: '', action: '', objectId: '', from: '', to: '' };

/** The filters as the server takes them; null while a date is not (yet) a day or the range is reversed. */
function queryOf(filters: Filters): Omit<AuditLogQueryInput, 'limit' | 'offset'> | null {
  const { from, to } = filters;
  if ((from && !isValidDay(from)) || (to && !isValidDay(to)) || (from && to && from > to)) return null;
  return {
    actor: filters.actor || undefined,
    action: (filters.action || undefined) as AuditAction | undefined,
    objectId: filters.objectId.trim() || undefined,
    from: from || undefined,
    to: to || undefined,
  };
}

/**
 * /logboek: the organisation's audit log for its owner and admins — who changed, sent or signed in
 * to what, when and from where — with filters, pages of 50 and a CSV export of every match.
 */
export function AuditLogPage() {
  const toast = useToast();
  const utils = trpc.useUtils();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const query = queryOf(filters);
  const [lastQuery, setLastQuery] = useState(query);
  if (query && JSON.stringify(query) !== JSON.stringify(lastQuery)) setLastQuery(query);
  const active = lastQuery ?? {};

  const list = trpc.auditLog.list.useQuery(
    { ...active, limit: String(AUDIT_LOG_PAGE_SIZE), offset: String((page - 1) * AUDIT_LOG_PAGE_SIZE) },
    { placeholderData: (previous) => previous },
  );
  const actors = trpc.auditLog.actors.useQuery(undefined, { staleTime: 60_000 });

  const set = (name: keyof Filters) => (value: string) => {
    setFilters((current) => ({ ...current, [name]: value }));
    setPage(1);
  };
  const filtered = Object.values(filters).some((v) => v !== '');
  const entries = list.data?.entries ?? [];
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / AUDIT_LOG_PAGE_SIZE));
  const reversed = Boolean(
    filters.from &&
      filters.to &&
      isValidDay(filters.from) &&
      isValidDay(filters.to) &&
      filters.from > filters.to,
  );

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await fetchAllAuditEntries((input) => utils.client.auditLog.list.query(input), active);
      if (all.length === 0) {
        toast.info('Er zijn geen regels om te exporteren.');
        return;
      }
      downloadCsv(auditLogCsv(all), auditLogCsvFileName());
      toast.success(`${entriesLabel(all.length)} geëxporteerd.`);
    } catch (err) {
      toast.error(errorMessage(err, EXPORT_ERROR));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="audit-log-page">
      <PageHeader
        title="Logboek"
        description={
          'Wie wat wijzigde, verstuurde of inlogde, wanneer en vanaf welk IP-adres. Regels worden 2\u00a0jaar bewaard.'
        }
        actions={
          <Button variant="secondary" icon={<Download />} onClick={exportCsv} busy={exporting}>
            CSV exporteren
          </Button>
        }
      />

      <search className="audit-log-filters" aria-label="Logboek filteren">
        <Select
          label="Wie"
          value={filters.actor}
          onChange={(event) => set('actor')(event.target.value)}
          placeholder="Iedereen"
          options={(actors.data ?? []).map((a) => ({
            value: a.id,
            label: a.type === 'api_key' ? `${a.name} (${ACTOR_TYPE_LABELS.api_key})` : a.name,
          }))}
        />
        <Select
          label="Actie"
          value={filters.action}
          onChange={(event) => set('action')(event.target.value)}
          placeholder="Alle acties"
          options={AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] }))}
        />
        <TextField
          label="Object-id"
          value={filters.objectId}
          onChange={(event) => set('objectId')(event.target.value)}
          maxLength={200}
        />
        <DateField
          id="audit-log-from"
          label="Van"
          value={filters.from}
          onChange={set('from')}
          invalidMessage={DAY_INVALID}
          error={reversed ? FROM_AFTER_TO : undefined}
        />
        <DateField
          id="audit-log-to"
          label="Tot en met"
          value={filters.to}
          onChange={set('to')}
          invalidMessage={DAY_INVALID}
        />
      </search>

      {list.isError && !list.data ? (
        <Notice
          tone="error"
          action={<RetryButton busy={list.isFetching} onRetry={() => void list.refetch()} />}
        >
          {errorMessage(list.error, LOAD_ERROR)}
        </Notice>
      ) : list.isPending ? (
        <div className="audit-log-loading">
          <Spinner size={22} />
        </div>
      ) : entries.length === 0 ? (
        <EmptyState
          icon={filtered ? <SearchX /> : <History />}
          title="Geen regels gevonden"
          description={
            filtered
              ? 'Er is niets gebeurd dat bij deze filters past.'
              : 'Zodra er iets verandert, staat het hier.'
          }
          action={
            filtered ? (
              <Button variant="secondary" onClick={() => setFilters(NO_FILTERS)}>
                Filters wissen
              </Button>
            ) : undefined
          }
        />
      ) : (
        <div className="audit-log-list" aria-busy={list.isFetching || undefined}>
          <table className="audit-log-table">
            <thead>
              <tr>
                <th scope="col">Tijdstip</th>
                <th scope="col">Wie</th>
                <th scope="col">Actie</th>
                <th scope="col">Object</th>
                <th scope="col">Velden</th>
                <th scope="col">IP-adres</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="audit-log-table__time">{auditTime(entry.at)}</td>
                  <td>
                    <Actor entry={entry} />
                  </td>
                  <td>{AUDIT_ACTION_LABELS[entry.action] ?? entry.action}</td>
                  <td>
                    <ObjectRef entry={entry} />
                  </td>
                  <td className="audit-log-table__fields">{auditFieldsText(entry.fields) || '—'}</td>
                  <td className="audit-log-table__ip">{entry.ip}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="audit-log-cards">
            {entries.map((entry) => (
              <li key={entry.id} className="audit-log-card">
                <div className="audit-log-card__top">
                  <span className="audit-log-card__action">
                    {AUDIT_ACTION_LABELS[entry.action] ?? entry.action}
                  </span>
                  <span className="audit-log-card__time">{auditTime(entry.at)}</span>
                </div>
                <Actor entry={entry} />
                <ObjectRef entry={entry} />
                {entry.fields.length > 0 ? (
                  <span className="audit-log-card__fields">Velden: {auditFieldsText(entry.fields)}</span>
                ) : null}
                <span className="audit-log-card__ip">IP-adres {entry.ip}</span>
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            lastPage={lastPage}
            total={total}
            pageSize={AUDIT_LOG_PAGE_SIZE}
            noun={ENTRY_NOUN}
            onPage={setPage}
          />
        </div>
      )}
    </div>
  );
}

function Actor({ entry }: { entry: AuditLogEntry }) {
  return (
    <span className="audit-log-actor">
      <span className="audit-log-actor__name">{entry.actor.name}</span>
      {entry.actor.type !== 'member' ? (
        <span className="audit-log-actor__kind">{ACTOR_TYPE_LABELS[entry.actor.type]}</span>
      ) : null}
    </span>
  );
}

function ObjectRef({ entry }: { entry: AuditLogEntry }) {
  return (
    <span className="audit-log-object">
      <span>{AUDIT_OBJECT_LABELS[entry.objectType] ?? entry.objectType}</span>
      {entry.objectId ? (
        <code className="audit-log-object__id" title={entry.objectId}>
          {entry.objectId}
        </code>
      ) : null}
    </span>
  );
}
