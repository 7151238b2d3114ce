import { describe, expect, it } from 'vitest';
import { formatDate } from '../format';
import { addDays, calendarDay, dueDay } from './due-date';

describe('due date', () => {
  it('takes the order day in the Netherlands, not in UTC', () => {
    // 23:30 UTC on 31 December is already 1 January in Amsterdam.
    expect(calendarDay('2023-12-31T23:30:00.000Z')).toBe('2024-01-01');
    expect(calendarDay(new Date('2024-06-30T22:00:00.000Z'))).toBe('2024-07-01');
    expect(calendarDay('2024-03-05')).toBe('2024-03-05');
    expect(calendarDay('geen datum')).toBe('');
  });

  it('adds calendar days across months, years, leap days and clock changes', () => {
    expect(addDays('2024-02-15', 14)).toBe('2024-02-29');
    expect(addDays('2023-02-15', 14)).toBe('2023-03-01');
    expect(addDays('2024-12-20', 14)).toBe('2025-01-03');
    expect(addDays('2024-03-20', 14)).toBe('2024-04-03');
    expect(addDays('2024-10-20', 60)).toBe('2024-12-19');
    expect(addDays('', 14)).toBe('');
    expect(addDays('2024-01-01', 1.5)).toBe('');
  });

  it('is the order day plus the payment term, shown as dd-mm-jjjj', () => {
    expect(dueDay('2024-03-26T23:15:00.000Z', 14)).toBe('2024-04-10');
    expect(formatDate(dueDay('2024-03-26T23:15:00.000Z', 30))).toBe('26-04-2024');
    expect(formatDate('2024-04-10')).toBe('10-04-2024');
    expect(dueDay('', 14)).toBe('');
  });
});
