import { Check, ChevronsUpDown, Search, UserPlus, UsersRound, X } from 'lucide-react';
import {
  type KeyboardEvent,
  type RefObject,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link } from 'wouter';
import { UNKNOWN_CUSTOMER } from '../../../shared/constants';
import type { Customer } from '../../../shared/schemas/customer';
import { fixedInsets } from '../../lib/fixed-insets';
import { trpc } from '../../lib/trpc';
import { Button } from '../button';
import { cx } from '../cx';
import { describedBy, FieldLabel, FieldMessages, useFieldIds } from '../field';
import { Spinner } from '../spinner';
import {
  choosePlacement,
  customerLabel,
  filterCustomers,
  highlightParts,
  moveActive,
  type NavigationKey,
  PICKER_EDGE_GAP,
  PICKER_MAX_HEIGHT,
  PICKER_RENDER_LIMIT,
  type PickerPlacement,
  pickerCountLabel,
  searchHaystack,
} from './customer-picker-helpers';
import './customer-picker.css';

export type CustomerPickerProps = {
  /** The chosen customer's id, or null. */
  value: string | null;
  /** Called with the new id (null when cleared) and, when one was chosen, the customer itself. */
  onChange: (customerId: string | null, customer?: Customer) => void;
  /** Error text under the field (e.g. 'Selecteer een klant'). */
  error?: string;
  /** Default 'Klant'. */
  label?: string;
  /** Shows * and sets aria-required; without it a chosen customer can be cleared. */
  required?: boolean;
  disabled?: boolean;
  /** Id of the button (the label points at it), e.g. to focus it after a refused submit. */
  id?: string;
  placeholder?: string;
  /**
   * Shown when the chosen id is not among the customers any more (deleted since the order was
   * written); default 'Onbekende klant'. The order form passes the customer the order was written for.
   */
  missingLabel?: string;
  /**
   * Offers 'Nieuwe klant' in the dropdown (also when there are no customers yet). The picker closes
   * and the caller opens the customer modal; after saving it passes the new customer's id as `value`.
   */
  onCreateCustomer?: () => void;
  className?: string;
};

/** Spec §8 Customers, picker. */
export const PICKER_LOAD_ERROR = 'Klantgegevens kunnen niet worden geladen.';
export const PICKER_FETCH_ERROR = 'Er is een fout opgetreden bij het ophalen van klanten.';

const NAVIGATION_KEYS = new Set<string>(['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp']);
/** Rough heights (px) to judge whether the dropdown fits below before it is drawn. */
const CHROME_HEIGHT = 64;
const OPTION_HEIGHT = 52;
/** The no-customers text with its 'Nieuwe klant' button. */
const EMPTY_HEIGHT = 150;

/**
 * The order form's customer dropdown (spec §2 Order form, §9): a button showing the chosen customer;
 * its dropdown has a search box (name, company, e-mail), opens upward when there is little room below,
 * is at most 350 px high and shows a count line when more than 10 match.
 *
 * Keyboard: on the button ArrowDown/ArrowUp/Enter/Space (or typing) opens; in the search box the
 * arrows, PageUp/PageDown move through the options, Enter chooses, Escape closes; focus returns to
 * the button. ARIA: the button and the search box are comboboxes controlling one listbox; the search
 * box points at the active option with aria-activedescendant.
 *
 * Data: all customers once (trpc.customers.list, cached), searched in the browser; inactive ones are
 * left out unless chosen. At most 100 options are drawn: with thousands, typing narrows them down.
 */
export function CustomerPicker({
  value,
  onChange,
  error,
  label = 'Klant',
  required = false,
  disabled = false,
  id,
  placeholder = 'Selecteer een klant',
  missingLabel = UNKNOWN_CUSTOMER,
  onCreateCustomer,
  className,
}: CustomerPickerProps) {
  const ids = useFieldIds(id);
  const baseId = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const listboxId = `${baseId}-listbox`;
  const countId = `${baseId}-count`;
  const optionId = (customerId: string) => `${baseId}-option-${customerId}`;

  const list = trpc.customers.list.useQuery(undefined, { staleTime: 30_000 });
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const [placement, setPlacement] = useState<PickerPlacement>({
    placement: 'down',
    maxHeight: PICKER_MAX_HEIGHT,
  });

  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const createRef = useRef<HTMLButtonElement>(null);

  const all = list.data;
  const selected = useMemo(() => all?.find((c) => c._id === value), [all, value]);
  /** Active customers, plus the chosen one even when it has been made inactive since. */
  const choosable = useMemo(() => (all ?? []).filter((c) => c.active || c._id === value), [all, value]);
  const haystacks = useMemo(() => new Map(choosable.map((c) => [c._id, searchHaystack(c)])), [choosable]);
  // With thousands of customers, typing stays quick: the list follows a moment later.
  const deferredQuery = useDeferredValue(query);
  const matches = useMemo(
    () => filterCustomers(choosable, deferredQuery, (c) => haystacks.get(c._id) ?? ''),
    [choosable, deferredQuery, haystacks],
  );
  const shown = matches.length > PICKER_RENDER_LIMIT ? matches.slice(0, PICKER_RENDER_LIMIT) : matches;
  const countLine = pickerCountLabel(matches.length);
  const activeCustomer = active >= 0 ? shown[active] : undefined;

  /** The dropdown's height with up to six rows, before it is drawn. */
  const canCreate = Boolean(onCreateCustomer);
  const noCustomers = list.isSuccess && choosable.length === 0;
  const naturalHeight = useCallback(() => {
    const rows = Math.max(1, Math.min(shown.length, 6));
    const body = noCustomers ? EMPTY_HEIGHT : (countLine ? 28 : 0) + rows * OPTION_HEIGHT;
    return CHROME_HEIGHT + body;
  }, [shown.length, countLine, noCustomers]);

  const place = useCallback(() => {
    const rect = triggerRef.current?.getBoundingClientRect();
    if (!rect) return;
    const viewportHeight = window.visualViewport?.height ?? window.innerHeight;
    // The phone's top and bottom bars (and the order form's save bar) cover part of the window.
    const insets = fixedInsets(viewportHeight);
    setPlacement(
      choosePlacement(viewportHeight - insets.bottom - rect.bottom, rect.top - insets.top, naturalHeight()),
    );
  }, [naturalHeight]);

  /**
   * On a short window (a phone) the field may sit where neither side has room for the dropdown's
   * rows: the page scrolls the field up first, just under the top bar, so the list gets its height.
   */
  const makeRoom = useCallback(() => {
    const rect = triggerRef.current?.getBoundingClientRect();
    if (!rect) return;
    const viewportHeight = window.visualViewport?.height ?? window.innerHeight;
    const insets = fixedInsets(viewportHeight);
    const wanted = Math.min(naturalHeight(), PICKER_MAX_HEIGHT) + PICKER_EDGE_GAP;
    const below = viewportHeight - insets.bottom - rect.bottom;
    const above = rect.top - insets.top;
    if (below >= wanted || above >= wanted) return;
    const lift = Math.min(wanted - below, rect.top - insets.top - PICKER_EDGE_GAP);
    if (lift > 0) window.scrollBy({ top: lift, behavior: 'instant' });
  }, [naturalHeight]);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    setQuery('');
    setActive(-1);
    if (returnFocus) triggerRef.current?.focus({ preventScroll: true });
  }, []);

  const openPicker = (initialQuery = '') => {
    if (disabled) return;
    setQuery(initialQuery);
    const index = initialQuery ? 0 : choosable.findIndex((c) => c._id === value);
    setActive(index >= 0 && index < PICKER_RENDER_LIMIT ? index : choosable.length > 0 ? 0 : -1);
    // Decide the direction before the first render of the panel, so it never appears below the
    // window first (and never makes the page scroll to reach it).
    makeRoom();
    place();
    setOpen(true);
  };

  const choose = (customer: Customer) => {
    onChange(customer._id, customer);
    close(true);
  };

  // Where to open: measured before paint, and again when the window resizes (a phone turned, its
  // keyboard shown). A scroll carries the dropdown along with its field and never moves it to the
  // other side: what is under a finger or pointer stays there until it lets go.
  useLayoutEffect(() => {
    if (!open) return;
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [open, place]);

  useEffect(() => {
    if (open) searchRef.current?.focus({ preventScroll: true });
  }, [open]);

  // A click or tap elsewhere closes the dropdown (focus stays where the user put it).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  // Keep the active option in view.
  const activeId = activeCustomer ? optionId(activeCustomer._id) : undefined;
  useEffect(() => {
    if (open && activeId) scrollWithin(listRef.current, document.getElementById(activeId));
  }, [open, activeId]);

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (open || disabled) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openPicker();
    } else if (
      event.key.length === 1 &&
      event.key !== ' ' &&
      !event.ctrlKey &&
      !event.metaKey &&
      !event.altKey
    ) {
      // Typing on the closed picker starts a search with that character.
      event.preventDefault();
      openPicker(event.key);
    }
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (NAVIGATION_KEYS.has(event.key)) {
      event.preventDefault();
      setActive((current) => moveActive(current, event.key as NavigationKey, shown.length));
    } else if (event.key === 'Enter') {
      // Never submits the surrounding form.
      event.preventDefault();
      // The list may still lag behind the last keystroke: choose from the up-to-date matches.
      const current =
        query === deferredQuery
          ? shown
          : filterCustomers(choosable, query, (c) => haystacks.get(c._id) ?? '');
      const target = current[Math.max(0, active)];
      if (target && active >= 0) choose(target);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      // Only the dropdown closes, not a dialog around the form.
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      // 'Nieuwe klant' is the dropdown's one other control: Tab goes there; otherwise back on the
      // button, so Tab carries on from there.
      if (!event.shiftKey && createRef.current) {
        event.preventDefault();
        createRef.current.focus();
      } else close(true);
    }
  };

  const startCreate = () => {
    // Focus goes back to the button first: the customer modal returns it there when it closes.
    close(true);
    onCreateCustomer?.();
  };

  const onCreateKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      if (event.shiftKey) {
        event.preventDefault();
        searchRef.current?.focus();
      } else close(true);
    }
  };

  const triggerText = selected
    ? customerLabel(selected)
    : value && list.isPending
      ? 'Klant laden...'
      : value && list.isSuccess
        ? missingLabel
        : placeholder;
  const hasValue = Boolean(selected) || (Boolean(value) && list.isSuccess);
  const fieldError = error ?? (list.isError && !open ? PICKER_LOAD_ERROR : undefined);

  return (
    <div ref={rootRef} className={cx('ui-field', 'customer-picker', open && 'is-open', className)}>
      <FieldLabel htmlFor={ids.id} id={ids.labelId} required={required}>
        {label}
      </FieldLabel>
      <div className="customer-picker__anchor">
        <div
          className={cx(
            'ui-control',
            'customer-picker__control',
            fieldError && 'is-invalid',
            disabled && 'is-disabled',
          )}
        >
          <button
            ref={triggerRef}
            id={ids.id}
            type="button"
            role="combobox"
            className={cx('customer-picker__trigger', !hasValue && 'is-placeholder')}
            aria-haspopup="listbox"
            aria-expanded={open}
            aria-controls={open ? listboxId : undefined}
            aria-required={required || undefined}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={describedBy(ids, false, Boolean(fieldError))}
            disabled={disabled}
            onClick={() => (open ? close(true) : openPicker())}
            onKeyDown={onTriggerKeyDown}
          >
            <span className="customer-picker__value">{triggerText}</span>
            <ChevronsUpDown className="customer-picker__chevron" size={16} aria-hidden="true" />
          </button>
          {!required && value && !disabled ? (
            <button
              type="button"
              className="ui-control__button customer-picker__clear"
              aria-label="Klant wissen"
              onClick={() => {
                onChange(null);
                triggerRef.current?.focus();
              }}
            >
              <X size={15} aria-hidden="true" />
            </button>
          ) : null}
        </div>

        {open ? (
          <div
            className={cx('customer-picker__panel', `customer-picker__panel--${placement.placement}`)}
            style={{ maxHeight: placement.maxHeight }}
          >
            <div className="customer-picker__search">
              <Search size={16} aria-hidden="true" />
              <input
                ref={searchRef}
                type="text"
                role="combobox"
                className="customer-picker__search-input"
                placeholder="Zoek op naam, bedrijf of e-mail"
                aria-label="Zoek een klant"
                aria-expanded="true"
                aria-controls={listboxId}
                aria-autocomplete="list"
                aria-activedescendant={activeId}
                aria-describedby={countLine ? countId : undefined}
                autoComplete="off"
                spellCheck={false}
                enterKeyHint="done"
                value={query}
                onChange={(event) => {
                  setQuery(event.target.value);
                  setActive(0);
                }}
                onKeyDown={onSearchKeyDown}
              />
              {canCreate && list.isSuccess && !noCustomers ? (
                <Button
                  ref={createRef}
                  variant="ghost"
                  size="sm"
                  icon={<UserPlus />}
                  className="customer-picker__create"
                  onPointerDown={(event) => event.preventDefault()}
                  onClick={startCreate}
                  onKeyDown={onCreateKeyDown}
                >
                  <span className="customer-picker__create-label">Nieuwe klant</span>
                </Button>
              ) : null}
            </div>

            {countLine ? (
              <p id={countId} className="customer-picker__count" aria-live="polite">
                {countLine}
              </p>
            ) : null}

            <div
              id={listboxId}
              ref={listRef}
              role="listbox"
              aria-label={label}
              className="customer-picker__list"
              tabIndex={-1}
            >
              {shown.map((customer, index) => {
                const isSelected = customer._id === value;
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the search box handles the keys (aria-activedescendant).
                  <div
                    key={customer._id}
                    tabIndex={-1}
                    id={optionId(customer._id)}
                    role="option"
                    aria-selected={isSelected}
                    className={cx(
                      'customer-picker__option',
                      index === active && 'is-active',
                      isSelected && 'is-selected',
                    )}
                    onPointerDown={(event) => event.preventDefault()}
                    onPointerMove={() => {
                      if (index !== active) setActive(index);
                    }}
                    onClick={() => choose(customer)}
                  >
                    <span className="customer-picker__option-text">
                      <span className="customer-picker__option-company">
                        <Highlighted text={customer.company} query={deferredQuery} />
                        {!customer.active ? (
                          <span className="customer-picker__inactive"> (inactief)</span>
                        ) : null}
                      </span>
                      <span className="customer-picker__option-meta">
                        <Highlighted text={customer.name} query={deferredQuery} />
                        <span aria-hidden="true"> · </span>
                        <Highlighted text={customer.email} query={deferredQuery} />
                      </span>
                    </span>
                    {isSelected ? (
                      <Check className="customer-picker__check" size={16} aria-hidden="true" />
                    ) : null}
                  </div>
                );
              })}
            </div>

            <PanelStatus
              loading={list.isPending}
              failed={list.isError}
              retrying={list.isFetching}
              onRetry={() => void list.refetch()}
              hasCustomers={choosable.length > 0}
              noMatches={list.isSuccess && choosable.length > 0 && matches.length === 0}
              truncated={matches.length > shown.length}
              onNavigate={() => close(false)}
              onCreate={canCreate ? startCreate : undefined}
              createRef={createRef}
              onCreateKeyDown={onCreateKeyDown}
            />
          </div>
        ) : null}
      </div>
      <FieldMessages error={fieldError} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  );
}

function Highlighted({ text, query }: { text: string; query: string }) {
  const parts = highlightParts(text, query);
  return (
    <>
      {parts.map((part, i) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reordered.
          <mark key={i}>{part.text}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: idem.
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

type PanelStatusProps = {
  loading: boolean;
  failed: boolean;
  retrying: boolean;
  onRetry: () => void;
  hasCustomers: boolean;
  noMatches: boolean;
  truncated: boolean;
  onNavigate: () => void;
  /** 'Nieuwe klant': offered in place of the link away to the customers screen. */
  onCreate?: () => void;
  createRef: RefObject<HTMLButtonElement | null>;
  onCreateKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
};

/** What the dropdown says besides its options: loading, a load error, no customers, no matches, more. */
function PanelStatus({
  loading,
  failed,
  retrying,
  onRetry,
  hasCustomers,
  noMatches,
  truncated,
  onNavigate,
  onCreate,
  createRef,
  onCreateKeyDown,
}: PanelStatusProps) {
  if (loading) {
    return (
      <div className="customer-picker__status">
        <Spinner size={16} label="Klanten laden..." showLabel />
      </div>
    );
  }
  if (failed) {
    return (
      <div className="customer-picker__status customer-picker__status--error" role="alert">
        <p className="customer-picker__status-title">{PICKER_LOAD_ERROR}</p>
        <p>{PICKER_FETCH_ERROR}</p>
        <Button size="sm" variant="secondary" onClick={onRetry} busy={retrying}>
          Opnieuw proberen
        </Button>
      </div>
    );
  }
  if (!hasCustomers) {
    return (
      <div className="customer-picker__status">
        <UsersRound size={20} aria-hidden="true" />
        <p>U heeft nog geen actieve klanten.</p>
        {onCreate ? (
          <Button
            ref={createRef}
            size="sm"
            icon={<UserPlus />}
            onPointerDown={(event) => event.preventDefault()}
            onClick={onCreate}
            onKeyDown={onCreateKeyDown}
          >
            Nieuwe klant
          </Button>
        ) : (
          <Link href="/klanten" className="link" onClick={onNavigate}>
            Klanten beheren
          </Link>
        )}
      </div>
    );
  }
  if (noMatches) {
    return (
      <p className="customer-picker__status" role="status">
        Geen klanten gevonden
      </p>
    );
  }
  if (truncated) {
    return (
      <p className="customer-picker__more">
        De eerste {PICKER_RENDER_LIMIT} worden getoond. Typ verder om te zoeken.
      </p>
    );
  }
  return null;
}

/**
 * Scrolls only the option list so `option` is visible. `scrollIntoView` would also scroll the page,
 * which moves the trigger and flips the dropdown's direction under the user's pointer.
 */
function scrollWithin(list: HTMLElement | null, option: HTMLElement | null) {
  if (!list || !option) return;
  const l = list.getBoundingClientRect();
  const o = option.getBoundingClientRect();
  if (o.top < l.top) list.scrollTop -= l.top - o.top;
  else if (o.bottom > l.bottom) list.scrollTop += o.bottom - l.bottom;
}
