/**
 * What an order document says about delivery and remarks: the wished day (dd-mm-jjjj), the order's own
 * delivery address and its remarks. An order delivered at the customer's address names no address
 * here: the customer block above already shows it.
 */
import { DEFAULT_COUNTRY } from '../constants';
import { formatDate } from '../dates';
import type { DeliveryAddress } from '../schemas/order-delivery';
import type { DocumentOrder } from './types';

export type DeliveryView = {
  /** 'dd-mm-jjjj', or '' when no day was asked for. */
  date: string;
  /** The order's own address as printed lines; empty when it goes to the customer's address. */
  address: string[];
  /** Opmerkingen, line breaks kept; '' when none. */
  notes: string;
};

function addressLines(a: DeliveryAddress): string[] {
  const country = a.country.trim();
  return [
    a.name,
    a.address,
    [a.postalCode, a.city]
      .map((p) => p.trim())
      .filter((p) => p !== '')
      .join(' '),
    country !== DEFAULT_COUNTRY ? country : '',
  ]
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Null when the order has none of the three: then no block is printed. */
export function deliveryView(order: DocumentOrder): DeliveryView | null {
  const view = {
    date: order.deliveryDate ? formatDate(order.deliveryDate) : '',
    address: order.deliveryAddress ? addressLines(order.deliveryAddress) : [],
    notes: (order.notes ?? '').trim(),
  };
  return view.date || view.address.length > 0 || view.notes ? view : null;
}
