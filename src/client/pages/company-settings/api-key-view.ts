import { formatDate, formatDateTime } from '../../../shared/dates';
import { API_KEY_ACCESS_LABELS, type ApiKey } from '../../../shared/schemas/api-key';

/** What one row of the keys list shows, worked out apart from the screen so it can be tested. */
export type ApiKeyRowView = {
  access: string;
  created: string;
  lastUsed: string;
  /** The last day the key works (dd-mm-jjjj), 'Verloopt niet', or the day it stopped. */
  expires: string;
  expired: boolean;
};

/**
 * A key made with a day works through that day: it is stored as the next day's midnight in the
 * Netherlands, so the day shown is the one just before the moment it stops.
 */
export const lastValidDay = (expiresAt: string) => formatDate(new Date(new Date(expiresAt).getTime() - 1));

/** dd-mm-jjjj hh:mm, the minute being as precise as last-used is kept. */
const dayAndTime = (instant: string) => formatDateTime(instant).slice(0, 16);

export function apiKeyRowView(key: ApiKey, now: Date): ApiKeyRowView {
  const expired = key.expiresAt !== null && new Date(key.expiresAt).getTime() <= now.getTime();
  return {
    access: API_KEY_ACCESS_LABELS[key.access],
    created: formatDate(key.createdAt),
    lastUsed: key.lastUsedAt ? dayAndTime(key.lastUsedAt) : 'Nog niet gebruikt',
    expires: key.expiresAt ? lastValidDay(key.expiresAt) : 'Verloopt niet',
    expired,
  };
}
