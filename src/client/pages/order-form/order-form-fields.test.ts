import { describe, expect, it } from 'vitest';
import { firstError } from '../../lib/form-state';
import { emptyLine, newDraft } from './order-draft';
import {
  fieldElementId,
  hasPlacedError,
  lineFieldId,
  orderFieldsOf,
  unplacedErrors,
  withoutLineErrors,
} from './order-form-fields';

const items = [emptyLine(), emptyLine()];

describe('error paths on screen', () => {
  it('finds the input behind a path', () => {
    expect(fieldElementId('customer', items)).toBe('order-customer');
    expect(fieldElementId('items.1.price', items)).toBe(lineFieldId(items[1]!, 'price'));
    expect(fieldElementId('items.5.price', items)).toBeUndefined();
    expect(fieldElementId('items', items)).toBeUndefined();
    expect(fieldElementId('_', items)).toBeUndefined();
  });

  it('picks the first refused field in screen order: the header, line by line, then the lines as a whole', () => {
    const rules = { fields: orderFieldsOf, check: () => ({ ok: true as const, data: null }) };
    const draft = { ...newDraft(), items };
    expect(firstError(rules, draft, { 'items.0.price': 'x', customer: 'y' })).toBe('customer');
    expect(firstError(rules, draft, { 'items.1.description': 'x', 'items.0.price': 'y' })).toBe(
      'items.0.price',
    );
    expect(firstError(rules, draft, { items: 'x', 'items.1.vat': 'y' })).toBe('items.1.vat');
    expect(firstError(rules, draft, { items: 'x', _: 'y' })).toBe('items');
    expect(firstError(rules, draft, {})).toBeUndefined();
  });

  it('tells whether a refusal names an input on screen', () => {
    expect(hasPlacedError({ items: 'x', _: 'y', 'items.5.price': 'z' }, items)).toBe(false);
    expect(hasPlacedError({ items: 'x', 'items.1.price': 'z' }, items)).toBe(true);
    expect(hasPlacedError({ date: 'x' }, items)).toBe(true);
  });

  it('drops line errors when the lines shift, and lists errors no field shows', () => {
    expect(withoutLineErrors({ customer: 'a', 'items.0.price': 'b', items: 'c' })).toEqual({ customer: 'a' });
    expect(unplacedErrors({ customer: 'a', _: 'b', items: 'c', weird: 'd' }, items)).toEqual([
      ['_', 'b'],
      ['weird', 'd'],
    ]);
  });
});
