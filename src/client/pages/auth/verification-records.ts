/**
 * The local verification records of spec §3/§4: per token, `{timestamp, email, status}` for a token
 * this browser saw verified, a short-lived "processing" marker per token so that two runs (React
 * StrictMode's double effect, a second tab, a double click on the mail link) never verify twice,
 * and the 'recentVerification' note the login screen reads.
 *
 * Every function takes its Storage so it can be tested without a browser; the screens pass
 * localStorage / sessionStorage. A storage that throws (private mode, quota) is treated as empty.
 */

export type VerificationRecordStatus = 'verified' | 'already_verified';

export type VerificationRecord = {
  timestamp: number;
  email: string;
  status: VerificationRecordStatus;
};

export type RecentVerification = VerificationRecord;

export const RECORDS_KEY = 'emailVerificationRecords';
export const RECENT_VERIFICATION_KEY = 'recentVerification';
export const PROCESSING_PREFIX = 'emailVerificationProcessing:';

/** Records older than this are dropped; there is no use for them after a month. */
const RECORD_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const MAX_RECORDS = 20;
/** A marker older than this belongs to a run that died (closed tab); it no longer blocks. */
export const PROCESSING_TTL_MS = 15_000;
/** Tokens "share" a prefix of this many characters (spec §4). */
export const TOKEN_PREFIX_LENGTH = 8;

type Records = Record<string, VerificationRecord>;

function isRecord(v: unknown): v is VerificationRecord {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return (
    typeof r.timestamp === 'number' &&
    typeof r.email === 'string' &&
    (r.status === 'verified' || r.status === 'already_verified')
  );
}

function readRecords(storage: Storage, now: number): Records {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(RECORDS_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    const out: Records = {};
    for (const [token, rec] of Object.entries(parsed)) {
      if (isRecord(rec) && now - rec.timestamp < RECORD_TTL_MS) out[token] = rec;
    }
    return out;
  } catch {
    return {};
  }
}

function writeRecords(storage: Storage, records: Records) {
  const newest = Object.entries(records)
    .sort(([, a], [, b]) => b.timestamp - a.timestamp)
    .slice(0, MAX_RECORDS);
  try {
    storage.setItem(RECORDS_KEY, JSON.stringify(Object.fromEntries(newest)));
  } catch {
    // A full or blocked storage only costs us the shortcut on a second visit.
  }
}

export function getVerificationRecord(
  storage: Storage,
  token: string,
  now = Date.now(),
): VerificationRecord | null {
  return readRecords(storage, now)[token] ?? null;
}

export function saveVerificationRecord(
  storage: Storage,
  token: string,
  record: Omit<VerificationRecord, 'timestamp'> & { timestamp?: number },
  now = Date.now(),
): VerificationRecord {
  const full: VerificationRecord = {
    timestamp: record.timestamp ?? now,
    email: record.email,
    status: record.status,
  };
  writeRecords(storage, { ...readRecords(storage, now), [token]: full });
  return full;
}

/**
 * A stored record of another token that starts with the same 8 characters (spec §4: the server
 * no longer knows a used token, but this browser verified one like it).
 */
export function findRecordSharingPrefix(
  storage: Storage,
  token: string,
  now = Date.now(),
): VerificationRecord | null {
  if (token.length < TOKEN_PREFIX_LENGTH) return null;
  const prefix = token.slice(0, TOKEN_PREFIX_LENGTH);
  const match = Object.entries(readRecords(storage, now)).find(([t]) => t.startsWith(prefix));
  return match ? match[1] : null;
}

/** True when a run for this token started less than PROCESSING_TTL_MS ago. */
export function isProcessing(storage: Storage, token: string, now = Date.now()): boolean {
  try {
    const started = Number(storage.getItem(PROCESSING_PREFIX + token));
    return Number.isFinite(started) && started > 0 && now - started < PROCESSING_TTL_MS;
  } catch {
    return false;
  }
}

export function markProcessing(storage: Storage, token: string, now = Date.now()) {
  try {
    storage.setItem(PROCESSING_PREFIX + token, String(now));
  } catch {
    // Without storage the in-memory guard still holds for this page.
  }
}

export function clearProcessing(storage: Storage, token: string) {
  try {
    storage.removeItem(PROCESSING_PREFIX + token);
  } catch {
    // Nothing to clear.
  }
}

export function saveRecentVerification(
  storage: Storage,
  note: Omit<RecentVerification, 'timestamp'>,
  now = Date.now(),
) {
  try {
    storage.setItem(RECENT_VERIFICATION_KEY, JSON.stringify({ ...note, timestamp: now }));
  } catch {
    // Only a convenience for the login screen.
  }
}

/** The note, when it is younger than maxAgeMs (default one hour). */
export function readRecentVerification(
  storage: Storage,
  now = Date.now(),
  maxAgeMs = 60 * 60 * 1000,
): RecentVerification | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(RECENT_VERIFICATION_KEY) ?? 'null');
    return isRecord(parsed) && now - parsed.timestamp < maxAgeMs ? parsed : null;
  } catch {
    return null;
  }
}

export function clearRecentVerification(storage: Storage) {
  try {
    storage.removeItem(RECENT_VERIFICATION_KEY);
  } catch {
    // Nothing to clear.
  }
}
