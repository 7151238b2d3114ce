/**
 * The customer picker's pure parts (spec §2 Order form, §9 Picker): search over name, company and
 * e-mail, the count line, where the dropdown opens, keyboard movement and match highlighting.
 */
import { UNKNOWN_CUSTOMER } from '../../../shared/constants';

/** Spec §9: the dropdown is at most 350 px high… */
export const PICKER_MAX_HEIGHT = 350;
/** …and shows a count line when more than 10 customers match. */
export const PICKER_COUNT_THRESHOLD = 10;
/** Options rendered at once; with thousands of customers, typing narrows the rest down. */
export const PICKER_RENDER_LIMIT = 100;
/** Below this much room under the button, and more room above, the dropdown opens upward. */
export const PICKER_MIN_ROOM = 240;
/** Gap kept between the dropdown and the window edge. */
export const PICKER_EDGE_GAP = 8;

export type PickerCustomer = { _id: string; name: string; company: string; email: string };

/** Lower-case without accents: 'Café Ünal' → 'cafe unal'. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('nl-NL');
}

/** The search terms of a query: folded, split on white space. */
export function searchTerms(query: string): string[] {
  return foldText(query).split(/\s+/).filter(Boolean);
}

/** What a customer is searched by (spec: name, company, e-mail), folded once. */
export function searchHaystack(customer: PickerCustomer): string {
  return foldText(`${customer.name}\n${customer.company}\n${customer.email}`);
}

/** Every term occurs somewhere in name, company or e-mail ('jan utrecht bv' style queries work). */
export function matchesTerms(haystack: string, terms: readonly string[]): boolean {
  return terms.every((term) => haystack.includes(term));
}

/** The customers matching `query`, in their given order; all of them for an empty query. */
export function filterCustomers<T extends PickerCustomer>(
  customers: readonly T[],
  query: string,
  haystackOf: (customer: T) => string = searchHaystack,
): T[] {
  const terms = searchTerms(query);
  if (terms.length === 0) return [...customers];
  return customers.filter((c) => matchesTerms(haystackOf(c), terms));
}

/** '12 klanten gevonden' when more than 10 match (spec §9), else null. */
export function pickerCountLabel(count: number): string | null {
  if (count <= PICKER_COUNT_THRESHOLD) return null;
  return `${count.toLocaleString('nl-NL')} klanten gevonden`;
}

/** The trigger's text for a chosen customer: 'Jansen BV — Jan Jansen'. */
export function customerLabel(customer: Pick<PickerCustomer, 'company' | 'name'>): string {
  if (!customer.name || customer.name === customer.company) return customer.company;
  return `${customer.company} — ${customer.name}`;
}

/**
 * The picker's text for an order whose customer was deleted: the customer it was written for, from
 * the order's snapshot, marked as deleted; without a usable snapshot 'Onbekende klant'.
 */
export function deletedCustomerLabel(
  snapshot: Pick<PickerCustomer, 'company' | 'name'> | null | undefined,
): string {
  const company = snapshot?.company.trim() ?? '';
  const name = snapshot?.name.trim() ?? '';
  if (!company && !name) return UNKNOWN_CUSTOMER;
  return `${customerLabel({ company: company || name, name })} (klant verwijderd)`;
}

export type PickerPlacement = { placement: 'down' | 'up'; maxHeight: number };

/**
 * Opens downward when there is room for the dropdown's expected height (`desired`, or 240 px) or at
 * least as much room as above; upward when there is little room below and more above (spec §2). The
 * height never passes 350 px nor the room on the chosen side.
 */
export function choosePlacement(
  spaceBelow: number,
  spaceAbove: number,
  desired: number = PICKER_MAX_HEIGHT,
): PickerPlacement {
  const wanted = Math.min(desired, PICKER_MAX_HEIGHT);
  const below = Math.max(0, spaceBelow - PICKER_EDGE_GAP);
  const above = Math.max(0, spaceAbove - PICKER_EDGE_GAP);
  const up = below < Math.min(wanted, PICKER_MIN_ROOM) && above > below;
  // `desired` only decides the direction: the content may still grow (search results, a message).
  return { placement: up ? 'up' : 'down', maxHeight: Math.min(PICKER_MAX_HEIGHT, up ? above : below) };
}

export type NavigationKey = 'ArrowDown' | 'ArrowUp' | 'Home' | 'End' | 'PageDown' | 'PageUp';

/** The active option after a key, kept within 0…count-1 (−1 when there is none). */
export function moveActive(current: number, key: NavigationKey, count: number, pageSize = 8): number {
  if (count <= 0) return -1;
  const clamp = (i: number) => Math.min(count - 1, Math.max(0, i));
  switch (key) {
    case 'ArrowDown':
      return current < 0 ? 0 : clamp(current + 1);
    case 'ArrowUp':
      return current < 0 ? count - 1 : clamp(current - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'PageDown':
      return clamp(current + pageSize);
    case 'PageUp':
      return clamp(current - pageSize);
  }
}

export type HighlightPart = { text: string; match: boolean };

/**
 * `text` split into parts that do and do not match a search term, accent- and case-insensitively
 * ('Café' is highlighted for 'cafe'). Parts join back to `text` exactly.
 */
export function highlightParts(text: string, query: string): HighlightPart[] {
  const terms = searchTerms(query);
  if (terms.length === 0 || text === '') return [{ text, match: false }];
  // Fold character by character, remembering where each folded character came from.
  const chars = Array.from(text);
  let folded = '';
  const origin: number[] = [];
  let offset = 0;
  for (const ch of chars) {
    const f = foldText(ch);
    for (let k = 0; k < f.length; k++) origin.push(offset);
    folded += f;
    offset += ch.length;
  }
  const marked = new Array<boolean>(text.length).fill(false);
  for (const term of terms) {
    let at = folded.indexOf(term);
    while (at !== -1) {
      const start = origin[at] ?? 0;
      const lastFolded = at + term.length - 1;
      const lastStart = origin[lastFolded] ?? start;
      const lastChar = text.codePointAt(lastStart) ?? 0;
      const end = lastStart + (lastChar > 0xffff ? 2 : 1);
      for (let i = start; i < end; i++) marked[i] = true;
      at = folded.indexOf(term, at + 1);
    }
  }
  const parts: HighlightPart[] = [];
  for (let i = 0; i < text.length; i++) {
    const match = marked[i] ?? false;
    const last = parts.at(-1);
    if (last && last.match === match) last.text += text[i];
    else parts.push({ text: text[i] ?? '', match });
  }
  return parts;
}
