import { Download, Plus, SearchX, UserPlus, UsersRound } from 'lucide-react';
import { useRef, useState } from 'react';
import type { Customer } from '../../../shared/schemas/customer';
import {
  Button,
  Checkbox,
  ConfirmDialog,
  EmptyState,
  Notice,
  PageHeader,
  RetryButton,
  SearchField,
  Spinner,
  useToast,
} from '../../components';
import { readApiError } from '../../lib/api-errors';
import { useCan } from '../../lib/can';
import { downloadCsv } from '../../lib/csv';
import { trpc } from '../../lib/trpc';
import { CustomerCard } from './customer-card';
import { deleteQuestion, ordersAfterDelete, UNDO_WARNING } from './customer-delete';
import { CustomerFormModal } from './customer-form-modal';
import { customersCsv, customersCsvFileName, fetchAllCustomers } from './customers-export';
import { CUSTOMERS_PAGE_SIZE, useCustomerPages, useDebouncedValue } from './use-customer-pages';
import './customers.css';

const LOAD_ERROR = 'Er is een fout opgetreden bij het ophalen van de klanten.';
const DELETE_ERROR = 'Er is een fout opgetreden bij het verwijderen van de klant.';
const EXPORT_ERROR = 'Er is een fout opgetreden bij het exporteren van de klanten.';
const SEARCH_DEBOUNCE_MS = 250;

const countLabel = (n: number) => `${n.toLocaleString('nl-NL')} ${n === 1 ? 'klant' : 'klanten'}`;

/** /klanten (spec §2 Customers screen, §8 Customers). */
export function CustomersPage() {
  const toast = useToast();
  const utils = trpc.useUtils();
  const [search, setSearch] = useState('');
  const [activeOnly, setActiveOnly] = useState(false);
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { query, customers, total, removeLocally } = useCustomerPages({
    search: debouncedSearch,
    activeOnly,
  });
  const searchRef = useRef<HTMLInputElement>(null);

  const canWork = useCan('work');
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Customer | null>(null);
  const [toDelete, setToDelete] = useState<Customer | null>(null);
  const [exporting, setExporting] = useState(false);
  const deleteMutation = trpc.customers.delete.useMutation();
  // Asked afresh each time the dialog opens: orders may have been added since.
  const orderCount = trpc.customers.orderCount.useQuery(
    { id: toDelete?._id ?? '' },
    { enabled: toDelete !== null, staleTime: 0, gcTime: 0, retry: 1 },
  );
  const deleteCount = orderCount.isError ? null : orderCount.data?.count;

  const filtered = Boolean(debouncedSearch) || activeOnly;
  const openNew = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const openEdit = (customer: Customer) => {
    setEditing(customer);
    setFormOpen(true);
  };
  const clearFilters = () => {
    setSearch('');
    setActiveOnly(false);
    searchRef.current?.focus();
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    const customer = toDelete;
    deleteMutation.mutate(
      { id: customer._id },
      {
        onSuccess: () => {
          removeLocally(customer._id);
          setToDelete(null);
          toast.success(`${customer.company} is verwijderd.`);
          void utils.customers.invalidate();
        },
        onError: (err) => {
          setToDelete(null);
          const info = readApiError(err);
          // A 4xx says why (e.g. already gone); anything else gets the spec's text.
          const reason = info.httpStatus && info.httpStatus < 500 ? info.serverMessage : null;
          toast.error(reason && reason !== DELETE_ERROR ? `${DELETE_ERROR} ${reason}` : DELETE_ERROR);
          if (info.httpStatus === 404) void utils.customers.invalidate();
        },
      },
    );
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await fetchAllCustomers((input) => utils.client.customers.page.query(input), {
        search: search.trim(),
        activeOnly,
      });
      if (all.length === 0) {
        toast.info('Er zijn geen klanten om te exporteren.');
        return;
      }
      downloadCsv(customersCsv(all), customersCsvFileName());
      toast.success(`${countLabel(all.length)} geëxporteerd.`);
    } catch {
      toast.error(EXPORT_ERROR);
    } finally {
      setExporting(false);
    }
  };

  const firstLoad = query.isPending;
  const searching = query.isFetching && !query.isFetchingNextPage && !firstLoad;
  const loadFailed = query.isError && customers.length === 0;

  return (
    <div className="customers-page">
      <PageHeader
        title="Klanten"
        actions={
          <>
            <Button variant="secondary" icon={<Download />} onClick={exportCsv} busy={exporting}>
              Exporteren
            </Button>
            {canWork ? (
              <Button icon={<Plus />} onClick={openNew}>
                Nieuwe Klant
              </Button>
            ) : null}
          </>
        }
      />

      <search className="customers-toolbar" aria-label="Klanten zoeken en filteren">
        <SearchField
          label="Zoeken"
          hideLabel
          placeholder="Zoek op naam, bedrijf, e-mail of plaats"
          value={search}
          onValueChange={setSearch}
          inputRef={searchRef}
          busy={searching}
          fieldClassName="customers-toolbar__search"
        />
        <Checkbox
          label="Alleen actieve klanten"
          checked={activeOnly}
          onChange={(event) => setActiveOnly(event.target.checked)}
          fieldClassName="customers-toolbar__active"
        />
        {!firstLoad && !loadFailed ? (
          <p className="customers-toolbar__count" aria-live="polite">
            {filtered ? `${countLabel(total)} gevonden` : countLabel(total)}
          </p>
        ) : null}
      </search>

      {loadFailed ? (
        <Notice
          tone="error"
          action={<RetryButton busy={query.isFetching} onRetry={() => void query.refetch()} />}
        >
          {LOAD_ERROR}
        </Notice>
      ) : firstLoad ? (
        <CustomerSkeletons />
      ) : customers.length === 0 ? (
        filtered ? (
          <EmptyState
            className="customers-empty"
            icon={<SearchX />}
            title="Geen klanten gevonden"
            description={
              debouncedSearch
                ? `Geen resultaten voor “${debouncedSearch}”${activeOnly ? ' onder de actieve klanten' : ''}. Controleer de spelling of probeer een andere zoekterm.`
                : 'U heeft geen actieve klanten.'
            }
            action={
              <Button variant="secondary" onClick={clearFilters}>
                Filters wissen
              </Button>
            }
          />
        ) : (
          <EmptyState
            className="customers-empty"
            icon={<UsersRound />}
            title="Geen klanten gevonden"
            description={canWork ? 'Voeg uw eerste klant toe om er orders voor te maken.' : undefined}
            action={
              canWork ? (
                <Button icon={<UserPlus />} onClick={openNew}>
                  Eerste klant toevoegen
                </Button>
              ) : null
            }
          />
        )
      ) : (
        <>
          <ul className="customers-grid" aria-busy={searching || undefined}>
            {customers.map((customer) => (
              <li key={customer._id}>
                <CustomerCard
                  customer={customer}
                  onEdit={canWork ? openEdit : undefined}
                  onDelete={
                    canWork
                      ? (c) => {
                          deleteMutation.reset();
                          setToDelete(c);
                        }
                      : undefined
                  }
                />
              </li>
            ))}
          </ul>
          {query.isError ? (
            <Notice tone="error" className="customers-more-error">
              {LOAD_ERROR}
            </Notice>
          ) : null}
          {query.hasNextPage ? (
            <div className="customers-more">
              <p className="customers-more__count">
                {customers.length.toLocaleString('nl-NL')} van {countLabel(total)} getoond
              </p>
              <Button
                variant="secondary"
                onClick={() => void query.fetchNextPage()}
                busy={query.isFetchingNextPage}
              >
                Meer laden
              </Button>
            </div>
          ) : null}
        </>
      )}

      <CustomerFormModal
        open={formOpen}
        customer={editing}
        onClose={() => setFormOpen(false)}
        onSaved={() => void utils.customers.invalidate()}
      />

      <ConfirmDialog
        open={toDelete !== null}
        title="Klant verwijderen"
        message={
          toDelete ? (
            <>
              <span className="customers__delete-question">{deleteQuestion(toDelete.company)}</span>{' '}
              <strong className="customers__delete-orders" aria-live="polite">
                {ordersAfterDelete(deleteCount)}
              </strong>{' '}
              <span>{UNDO_WARNING}</span>
            </>
          ) : (
            ''
          )
        }
        confirmLabel="Verwijderen"
        busy={deleteMutation.isPending}
        confirmDisabled={deleteCount === undefined}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}

/** Placeholder cards while the first page loads. */
function CustomerSkeletons() {
  return (
    <div className="customers-grid customers-grid--loading">
      <Spinner label="Klanten laden..." className="sr-only" />
      {Array.from({ length: Math.min(6, CUSTOMERS_PAGE_SIZE) }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
        <div key={i} className="customer-skeleton" aria-hidden="true">
          <div className="customer-skeleton__head">
            <span className="customer-skeleton__avatar" />
            <span className="customer-skeleton__lines">
              <span className="customer-skeleton__bar customer-skeleton__bar--title" />
              <span className="customer-skeleton__bar customer-skeleton__bar--short" />
            </span>
          </div>
          <span className="customer-skeleton__bar" />
          <span className="customer-skeleton__bar customer-skeleton__bar--mid" />
          <span className="customer-skeleton__bar customer-skeleton__bar--short" />
        </div>
      ))}
    </div>
  );
}
