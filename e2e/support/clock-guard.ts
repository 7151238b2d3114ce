import { test } from '@playwright/test';
import { type Turn, waitBeforeTurn } from './dates';

/**
 * For a test (or a beforeAll) whose expectations name today's day, month or year, as the app computes
 * them on its own clock: when the Amsterdam day/month/year turns within `marginMs` (longer than the
 * run takes), wait until it has turned, so the test never sees the data of one period and the screen of
 * the next. The timeout grows by the wait. Outside those minutes it returns at once.
 */
export async function clearOfMidnight(turn: Turn, marginMs: number): Promise<void> {
  const wait = waitBeforeTurn(turn, marginMs);
  if (wait === 0) return;
  const description = `waited ${Math.ceil(wait / 1000)} s for the ${turn} to turn in Amsterdam`;
  test.info().annotations.push({ type: 'clock', description });
  console.log(`${test.info().title}: ${description}`);
  test.setTimeout(test.info().timeout + wait);
  await new Promise((resolve) => setTimeout(resolve, wait));
}
