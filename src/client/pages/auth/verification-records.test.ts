import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearProcessing,
  clearRecentVerification,
  findRecordSharingPrefix,
  getVerificationRecord,
  isProcessing,
  markProcessing,
  PROCESSING_TTL_MS,
  RECORDS_KEY,
  readRecentVerification,
  saveRecentVerification,
  saveVerificationRecord,
} from './verification-records';

/** A Map-backed Storage, as the browser's. */
class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value));
  }
}

const T0 = 1_700_000_000_000;
let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
});

describe('verification records', () => {
  it('stores {timestamp, email, status} per token', () => {
    saveVerificationRecord(storage, 'abcdefgh1234', { email: 'jan@voorbeeld.nl', status: 'verified' }, T0);
    expect(getVerificationRecord(storage, 'abcdefgh1234', T0)).toEqual({
      timestamp: T0,
      email: 'jan@voorbeeld.nl',
      status: 'verified',
    });
    expect(getVerificationRecord(storage, 'other', T0)).toBeNull();
  });

  it('finds another token sharing the first 8 characters', () => {
    saveVerificationRecord(storage, 'abcdefgh1234', { email: 'jan@voorbeeld.nl', status: 'verified' }, T0);
    expect(findRecordSharingPrefix(storage, 'abcdefghZZZZ', T0)?.email).toBe('jan@voorbeeld.nl');
    expect(findRecordSharingPrefix(storage, 'abcdefgXZZZZ', T0)).toBeNull();
    expect(findRecordSharingPrefix(storage, 'abc', T0)).toBeNull();
  });

  it('survives garbage in storage', () => {
    storage.setItem(RECORDS_KEY, '{not json');
    expect(getVerificationRecord(storage, 'x', T0)).toBeNull();
    storage.setItem(RECORDS_KEY, JSON.stringify({ x: { email: 1 } }));
    expect(getVerificationRecord(storage, 'x', T0)).toBeNull();
    saveVerificationRecord(storage, 'y', { email: 'a@b.nl', status: 'already_verified' }, T0);
    expect(getVerificationRecord(storage, 'y', T0)?.status).toBe('already_verified');
  });

  it('drops records older than a month and keeps at most 20', () => {
    saveVerificationRecord(storage, 'old', { email: 'a@b.nl', status: 'verified' }, T0);
    expect(getVerificationRecord(storage, 'old', T0 + 31 * 86_400_000)).toBeNull();
    for (let i = 0; i < 25; i++) {
      saveVerificationRecord(storage, `t${i}`, { email: 'a@b.nl', status: 'verified' }, T0 + i);
    }
    expect(Object.keys(JSON.parse(storage.getItem(RECORDS_KEY) ?? '{}'))).toHaveLength(20);
    expect(getVerificationRecord(storage, 't24', T0 + 30)).not.toBeNull();
    expect(getVerificationRecord(storage, 't0', T0 + 30)).toBeNull();
  });
});

describe('processing marker', () => {
  it('blocks a second run while fresh, and not after it expires or is cleared', () => {
    expect(isProcessing(storage, 'tok', T0)).toBe(false);
    markProcessing(storage, 'tok', T0);
    expect(isProcessing(storage, 'tok', T0 + 1000)).toBe(true);
    expect(isProcessing(storage, 'other', T0 + 1000)).toBe(false);
    expect(isProcessing(storage, 'tok', T0 + PROCESSING_TTL_MS)).toBe(false);
    clearProcessing(storage, 'tok');
    expect(isProcessing(storage, 'tok', T0 + 1000)).toBe(false);
  });
});

describe('recent verification note', () => {
  it('is read back while recent, then forgotten', () => {
    saveRecentVerification(storage, { email: 'jan@voorbeeld.nl', status: 'verified' }, T0);
    expect(storage.getItem('recentVerification')).not.toBeNull();
    expect(readRecentVerification(storage, T0 + 1000)).toEqual({
      email: 'jan@voorbeeld.nl',
      status: 'verified',
      timestamp: T0,
    });
    expect(readRecentVerification(storage, T0 + 2 * 3_600_000)).toBeNull();
    clearRecentVerification(storage);
    expect(readRecentVerification(storage, T0 + 1000)).toBeNull();
  });
});
