import { describe, expect, it } from 'vitest';
import { ORDER_FORM_HEADINGS, orderFormMode } from './order-form-mode';

describe('orderFormMode', () => {
  it('lets a role that may not write read an existing order', () => {
    expect(orderFormMode({ editing: true, refused: true })).toBe('read');
    expect(ORDER_FORM_HEADINGS.read.title).toBe('Inkooporder bekijken');
  });

  it('still says which role it takes to write a new order', () => {
    expect(orderFormMode({ editing: false, refused: true })).toBe('refused');
  });

  it('gives the roles that do the daily work the form to write and change', () => {
    expect(orderFormMode({ editing: true, refused: false })).toBe('edit');
    expect(orderFormMode({ editing: false, refused: false })).toBe('create');
    expect(ORDER_FORM_HEADINGS.edit.title).toBe('Inkooporder bewerken');
  });
});
