import type { Period } from '../../../shared/constants';
import { formatGrowth } from '../../../shared/format';

/** Pure helpers of the dashboard: growth chips, captions, the connection-problem flag. */

export type GrowthTone = 'up' | 'down' | 'flat';

export function growthTone(percent: number): GrowthTone {
  return percent > 0 ? 'up' : percent < 0 ? 'down' : 'flat';
}

/** '+12,5%', '-3%', '0%' (the shared nl-NL format, as spec §9 writes '+100%'). */
export const growthText = (percent: number) => formatGrowth(percent);

const PREVIOUS: Record<Period, string> = {
  month: 'vorige maand',
  quarter: 'vorig kwartaal',
  year: 'vorig jaar',
};

/** The caption under a growth chip: 't.o.v. vorige maand', 't.o.v. vorig kwartaal', 't.o.v. vorig jaar'. */
export function comparisonCaption(period: Period): string {
  return `t.o.v. ${PREVIOUS[period]}`;
}

const IN_PERIOD: Record<Period, string> = {
  month: 'deze maand',
  quarter: 'dit kwartaal',
  year: 'dit jaar',
};

/** 'Nog geen orders deze maand.' — the recent-orders table of a period without orders. */
export function emptyPeriodText(period: Period): string {
  return `Nog geen orders ${IN_PERIOD[period]}.`;
}

/** '3 nieuw deze maand' under Actieve Klanten. */
export function newCustomersText(count: number, period: Period): string {
  return `${count.toLocaleString('nl-NL')} nieuw ${IN_PERIOD[period]}`;
}

/**
 * The connection-problem notice (spec §2 Dashboard: "based on a locally set flag"). The flag is
 * localStorage 'connectionProblem' = 'true'. The dashboard sets it when its data could not be fetched
 * because the server did not answer at all (offline, server down, or a CORS refusal when the app and
 * the API are served from different origins); 'Sluiten' removes it, and so does the next successful
 * load (the notice then stays until closed or the page is left).
 */
export const CONNECTION_PROBLEM_KEY = 'connectionProblem';

type FlagStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readConnectionProblem(storage: FlagStorage | undefined): boolean {
  try {
    const value = storage?.getItem(CONNECTION_PROBLEM_KEY);
    return value !== null && value !== undefined && value !== '' && value !== 'false' && value !== '0';
  } catch {
    return false;
  }
}

export function writeConnectionProblem(storage: FlagStorage | undefined, problem: boolean): void {
  try {
    if (problem) storage?.setItem(CONNECTION_PROBLEM_KEY, 'true');
    else storage?.removeItem(CONNECTION_PROBLEM_KEY);
  } catch {
    // Storage unavailable (private mode): the notice simply does not persist.
  }
}

/** 'deze maand', 'dit kwartaal', 'dit jaar': the customers' answers counted in the period. */
export const inPeriodText = (period: Period) => IN_PERIOD[period];
