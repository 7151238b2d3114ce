import { describe, expect, it } from 'vitest';
import { emptyLine } from './order-draft';
import {
  fieldElementId,
  firstErrorPath,
  lineFieldId,
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

  it('picks the first refused field in screen order', () => {
    expect(firstErrorPath({ 'items.0.price': 'x', customer: 'y' }, items)).toBe('customer');
    expect(firstErrorPath({ 'items.1.description': 'x', 'items.0.price': 'y' }, items)).toBe('items.0.price');
    expect(firstErrorPath({}, items)).toBeUndefined();
  });

  it('drops line errors when the lines shift, and lists errors no field shows', () => {
    expect(withoutLineErrors({ customer: 'a', 'items.0.price': 'b', items: 'c' })).toEqual({ customer: 'a' });
    expect(unplacedErrors({ customer: 'a', _: 'b', items: 'c', weird: 'd' }, items)).toEqual([
      ['_', 'b'],
      ['weird', 'd'],
    ]);
  });
});
