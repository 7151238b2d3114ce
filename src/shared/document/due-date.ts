/**
 * The order date and the due date as calendar days ('YYYY-MM-DD', Europe/Amsterdam). The due date is
 * the order's day plus the payment term in days, counted on the calendar (not in 24-hour steps, which
 * would slip an hour at a daylight-saving change), computed here only.
 */
import { TIME_ZONE } from '../constants';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** An ISO timestamp or Date → its calendar day in the Netherlands; a 'YYYY-MM-DD' stays as it is; '' when not a date. */
export function calendarDay(value: string | Date): string {
  if (typeof value === 'string' && DAY.test(value)) return value;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = Object.fromEntries(dayFormat.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** 'YYYY-MM-DD' + n days → 'YYYY-MM-DD' (across months, years and leap days); '' for '' or a bad day. */
export function addDays(day: string, days: number): string {
  const m = DAY.exec(day);
  if (!m || !Number.isInteger(days)) return '';
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days));
  return date.toISOString().slice(0, 10);
}

/** The day payment is due: the order's calendar day plus the payment term. */
export function dueDay(orderDate: string | Date, paymentTermDays: number): string {
  const day = calendarDay(orderDate);
  return day === '' ? '' : addDays(day, paymentTermDays);
}
