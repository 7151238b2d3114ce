import { describe, expect, it } from 'vitest';
import { ORDER_COUNT_FAILED, ORDER_COUNT_LOADING, ordersAfterDelete } from './customer-delete';

describe('the delete confirmation says how many orders the customer has', () => {
  it('counts the orders and says they keep the customer details', () => {
    expect(ordersAfterDelete(17)).toBe(
      'Deze klant heeft 17 orders. Deze orders blijven bestaan en houden de klantgegevens waarmee ze zijn opgeslagen (naam, bedrijf, adres); u kunt ze nog openen, opslaan en er een andere klant voor kiezen.',
    );
    expect(ordersAfterDelete(1)).toBe(
      'Deze klant heeft 1 order. Deze order blijft bestaan en houdt de klantgegevens waarmee hij is opgeslagen (naam, bedrijf, adres); u kunt hem nog openen, opslaan en er een andere klant voor kiezen.',
    );
    expect(ordersAfterDelete(1234)).toMatch(/^Deze klant heeft 1\.234 orders\./);
    expect(ordersAfterDelete(0)).toBe('Deze klant heeft geen orders.');
  });

  it('says so while the count loads or when it cannot be had', () => {
    expect(ordersAfterDelete(undefined)).toBe(ORDER_COUNT_LOADING);
    expect(ordersAfterDelete(null)).toBe(ORDER_COUNT_FAILED);
  });
});
