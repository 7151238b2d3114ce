import { describe, expect, it } from 'vitest';
import {
  choosePlacement,
  customerLabel,
  deletedCustomerLabel,
  filterCustomers,
  foldText,
  highlightParts,
  moveActive,
  PICKER_MAX_HEIGHT,
  pickerCountLabel,
} from './customer-picker-helpers';

const customers = [
  { _id: '1', name: 'Jan Jansen', company: 'Jansen Bouw BV', email: 'jan@jansenbouw.nl', city: 'Utrecht' },
  { _id: '2', name: 'Eva de Wit', company: 'Café Ünal', email: 'info@unal.nl', city: 'Amsterdam' },
  { _id: '3', name: 'Piet Post', company: 'Post & Zn', email: 'piet@post.example', city: 'Utrecht' },
];

describe('filterCustomers', () => {
  it('returns everyone for an empty or blank query', () => {
    expect(filterCustomers(customers, '')).toHaveLength(3);
    expect(filterCustomers(customers, '   ')).toHaveLength(3);
  });

  it('searches name, company and e-mail, case- and accent-insensitively', () => {
    expect(filterCustomers(customers, 'EVA').map((c) => c._id)).toEqual(['2']);
    expect(filterCustomers(customers, 'cafe unal').map((c) => c._id)).toEqual(['2']);
    expect(filterCustomers(customers, 'ünal').map((c) => c._id)).toEqual(['2']);
    expect(filterCustomers(customers, 'post.example').map((c) => c._id)).toEqual(['3']);
    expect(filterCustomers(customers, 'bouw').map((c) => c._id)).toEqual(['1']);
  });

  it('needs every term and does not search other fields such as the city', () => {
    expect(filterCustomers(customers, 'jan bv').map((c) => c._id)).toEqual(['1']);
    expect(filterCustomers(customers, 'jan eva')).toEqual([]);
    expect(filterCustomers(customers, 'utrecht')).toEqual([]);
  });

  it('keeps the given order and does not change the input', () => {
    const copy = [...customers];
    expect(filterCustomers(customers, 'n').map((c) => c._id)).toEqual(['1', '2', '3']);
    expect(customers).toEqual(copy);
  });
});

describe('pickerCountLabel', () => {
  it('shows only when more than 10 match', () => {
    expect(pickerCountLabel(0)).toBeNull();
    expect(pickerCountLabel(10)).toBeNull();
    expect(pickerCountLabel(11)).toBe('11 klanten gevonden');
    expect(pickerCountLabel(12)).toBe('12 klanten gevonden');
    expect(pickerCountLabel(1234)).toBe('1.234 klanten gevonden');
  });
});

describe('choosePlacement', () => {
  it('opens downward with room below', () => {
    expect(choosePlacement(600, 100)).toEqual({ placement: 'down', maxHeight: PICKER_MAX_HEIGHT });
    expect(choosePlacement(300, 500)).toEqual({ placement: 'down', maxHeight: 292 });
  });

  it('opens upward when there is little room below and more above', () => {
    expect(choosePlacement(150, 700)).toEqual({ placement: 'up', maxHeight: PICKER_MAX_HEIGHT });
    expect(choosePlacement(120, 200)).toEqual({ placement: 'up', maxHeight: 192 });
  });

  it('stays down when above is no better, and when a short list fits below', () => {
    expect(choosePlacement(150, 100)).toEqual({ placement: 'down', maxHeight: 142 });
    expect(choosePlacement(180, 700, 160)).toEqual({ placement: 'down', maxHeight: 172 });
  });

  it('never passes 350 px', () => {
    expect(choosePlacement(2000, 0, 900).maxHeight).toBe(PICKER_MAX_HEIGHT);
  });
});

describe('moveActive', () => {
  it('moves within the list without wrapping', () => {
    expect(moveActive(-1, 'ArrowDown', 5)).toBe(0);
    expect(moveActive(0, 'ArrowDown', 5)).toBe(1);
    expect(moveActive(4, 'ArrowDown', 5)).toBe(4);
    expect(moveActive(0, 'ArrowUp', 5)).toBe(0);
    expect(moveActive(-1, 'ArrowUp', 5)).toBe(4);
    expect(moveActive(2, 'Home', 5)).toBe(0);
    expect(moveActive(2, 'End', 5)).toBe(4);
    expect(moveActive(1, 'PageDown', 50)).toBe(9);
    expect(moveActive(3, 'PageUp', 50)).toBe(0);
  });

  it('has no active option in an empty list', () => {
    expect(moveActive(3, 'ArrowDown', 0)).toBe(-1);
  });
});

describe('highlightParts', () => {
  const join = (parts: { text: string }[]) => parts.map((p) => p.text).join('');

  it('marks every occurrence of every term and joins back to the text', () => {
    const parts = highlightParts('Jansen Bouw BV', 'jan bv');
    expect(parts).toEqual([
      { text: 'Jan', match: true },
      { text: 'sen Bouw ', match: false },
      { text: 'BV', match: true },
    ]);
    expect(join(parts)).toBe('Jansen Bouw BV');
  });

  it('matches without accents and keeps the original characters', () => {
    expect(highlightParts('Café Ünal', 'cafe un')).toEqual([
      { text: 'Café', match: true },
      { text: ' ', match: false },
      { text: 'Ün', match: true },
      { text: 'al', match: false },
    ]);
  });

  it('returns the whole text unmarked for no query or no match', () => {
    expect(highlightParts('Post & Zn', '')).toEqual([{ text: 'Post & Zn', match: false }]);
    expect(highlightParts('Post & Zn', 'xyz')).toEqual([{ text: 'Post & Zn', match: false }]);
  });
});

describe('labels', () => {
  it('shows company — name, or the company alone when they are the same', () => {
    expect(customerLabel({ company: 'Jansen BV', name: 'Jan Jansen' })).toBe('Jansen BV — Jan Jansen');
    expect(customerLabel({ company: 'Jansen BV', name: 'Jansen BV' })).toBe('Jansen BV');
    expect(foldText('ÉÈÊ ß')).toBe('eee ß');
  });

  it('names a deleted customer after the order’s snapshot, and is "Onbekende klant" without one', () => {
    expect(deletedCustomerLabel({ company: 'Jansen BV', name: 'Jan Jansen' })).toBe(
      'Jansen BV — Jan Jansen (klant verwijderd)',
    );
    expect(deletedCustomerLabel({ company: '', name: 'Jan Jansen' })).toBe('Jan Jansen (klant verwijderd)');
    expect(deletedCustomerLabel({ company: ' ', name: '' })).toBe('Onbekende klant');
    expect(deletedCustomerLabel(null)).toBe('Onbekende klant');
  });
});
