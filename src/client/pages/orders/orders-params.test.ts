import { describe, expect, it } from 'vitest';
import { RESPONSE_FILTERS } from '../../../shared/order-confirmation-states';
import {
  APPROVALS_WAITING_HREF,
  DEFAULT_ORDERS_FILTERS,
  hasActiveFilters,
  ordersParamsToSearch,
  pageCount,
  pagerText,
  parseOrdersParams,
  RESPONSE_PARAM_WORDS,
  responsesHref,
} from './orders-params';

describe('pagerText', () => {
  it('shows the rows of the page and the total', () => {
    expect(pagerText(1, 20, 45)).toBe('Toont 1 - 20 van 45 orders');
    expect(pagerText(2, 20, 45)).toBe('Toont 21 - 40 van 45 orders');
    expect(pagerText(3, 20, 45)).toBe('Toont 41 - 45 van 45 orders');
  });

  it('says 0 - 0 when there is nothing', () => {
    expect(pagerText(1, 20, 0)).toBe('Toont 0 - 0 van 0 orders');
  });

  it('uses the singular for one order and Dutch grouping for big numbers', () => {
    expect(pagerText(1, 20, 1)).toBe('Toont 1 - 1 van 1 order');
    expect(pagerText(2, 20, 10_000)).toBe('Toont 21 - 40 van 10.000 orders');
  });

  it('stays sensible past the last page', () => {
    expect(pagerText(9, 20, 45)).toBe('Toont 45 - 45 van 45 orders');
  });
});

describe('pageCount', () => {
  it('is at least one page', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});

describe('orders address parameters', () => {
  it('reads search, status, period and page', () => {
    expect(parseOrdersParams('?zoek=%20keuken%20&status=paid&periode=quarter&pagina=3')).toEqual({
      search: 'keuken',
      status: 'paid',
      period: 'quarter',
      mine: false,
      approval: '',
      response: '',
      page: 3,
    });
    expect(parseOrdersParams('?mijn=1').mine).toBe(true);
    expect(parseOrdersParams('?mijn=ja').mine).toBe(false);
    expect(parseOrdersParams('?goedkeuring=aangevraagd').approval).toBe('requested');
    expect(parseOrdersParams('?goedkeuring=requested').approval).toBe('');
    expect(parseOrdersParams('?goedkeuring=1').approval).toBe('');
    expect(parseOrdersParams('zoek=INK-2026')).toEqual({ ...DEFAULT_ORDERS_FILTERS, search: 'INK-2026' });
  });

  it('falls back to the defaults for anything unknown', () => {
    expect(parseOrdersParams('')).toEqual(DEFAULT_ORDERS_FILTERS);
    expect(parseOrdersParams('?status=betaald&periode=week&pagina=-2')).toEqual(DEFAULT_ORDERS_FILTERS);
    expect(parseOrdersParams('?pagina=1.5').page).toBe(1);
    expect(parseOrdersParams('?pagina=abc').page).toBe(1);
  });

  it('writes only what differs from the default, and round-trips', () => {
    expect(ordersParamsToSearch(DEFAULT_ORDERS_FILTERS)).toBe('');
    const filters = {
      search: 'Café & co',
      status: 'sent' as const,
      period: 'month' as const,
      mine: true,
      approval: 'requested' as const,
      response: 'changes_requested' as const,
      page: 2,
    };
    const text = ordersParamsToSearch(filters);
    expect(text).toBe(
      '?zoek=Caf%C3%A9+%26+co&status=sent&periode=month&mijn=1&goedkeuring=aangevraagd&antwoord=wijziging&pagina=2',
    );
    expect(parseOrdersParams(text)).toEqual(filters);
  });

  it('knows when filters narrow the list', () => {
    expect(hasActiveFilters(DEFAULT_ORDERS_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_ORDERS_FILTERS, search: '  ' })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_ORDERS_FILTERS, search: 'x' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_ORDERS_FILTERS, status: 'concept' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_ORDERS_FILTERS, period: 'year' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_ORDERS_FILTERS, mine: true })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_ORDERS_FILTERS, approval: 'requested' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_ORDERS_FILTERS, response: 'waiting' })).toBe(true);
  });

  it('reads and writes the answer filter in Dutch words; an unknown word is no filter', () => {
    for (const response of RESPONSE_FILTERS) {
      const href = responsesHref(response);
      expect(href).toBe(`/inkooporders?antwoord=${RESPONSE_PARAM_WORDS[response]}`);
      expect(parseOrdersParams(href.split('?')[1]!)).toEqual({ ...DEFAULT_ORDERS_FILTERS, response });
    }
    expect(responsesHref('waiting')).toBe('/inkooporders?antwoord=wacht');
    expect(parseOrdersParams('?antwoord=waiting').response).toBe('');
    expect(parseOrdersParams('?antwoord=ja').response).toBe('');
  });

  it('links the dashboard to the orders that wait for approval', () => {
    expect(APPROVALS_WAITING_HREF).toBe('/inkooporders?goedkeuring=aangevraagd');
    expect(parseOrdersParams(APPROVALS_WAITING_HREF.split('?')[1]!)).toEqual({
      ...DEFAULT_ORDERS_FILTERS,
      approval: 'requested',
    });
  });
});
