import { describe, expect, it, vi } from 'vitest';
import {
  readEmailModalRequest,
  takeEmailModalRequest,
  withoutEmailModalRequest,
} from './email-modal-request';

describe('readEmailModalRequest', () => {
  it('reads the order form state', () => {
    expect(readEmailModalRequest({ openEmailModal: true, orderId: 'abc' })).toEqual({ orderId: 'abc' });
  });

  it('ignores anything else', () => {
    expect(readEmailModalRequest(null)).toBeNull();
    expect(readEmailModalRequest('x')).toBeNull();
    expect(readEmailModalRequest({ openEmailModal: 'true', orderId: 'abc' })).toBeNull();
    expect(readEmailModalRequest({ openEmailModal: true })).toBeNull();
    expect(readEmailModalRequest({ openEmailModal: true, orderId: '' })).toBeNull();
  });
});

describe('withoutEmailModalRequest', () => {
  it('keeps other keys, or gives null', () => {
    expect(withoutEmailModalRequest({ openEmailModal: true, orderId: 'a', other: 1 })).toEqual({ other: 1 });
    expect(withoutEmailModalRequest({ openEmailModal: true, orderId: 'a' })).toBeNull();
    expect(withoutEmailModalRequest(null)).toBeNull();
  });
});

describe('takeEmailModalRequest', () => {
  it('returns the request and clears it from the history entry', () => {
    const history = { state: { openEmailModal: true, orderId: 'o1' } as unknown, replaceState: vi.fn() };
    expect(takeEmailModalRequest(history)).toEqual({ orderId: 'o1' });
    expect(history.replaceState).toHaveBeenCalledWith(null, '');
  });

  it('leaves an unrelated state alone', () => {
    const history = { state: { scroll: 10 } as unknown, replaceState: vi.fn() };
    expect(takeEmailModalRequest(history)).toBeNull();
    expect(history.replaceState).not.toHaveBeenCalled();
  });

  it('clears a malformed request too', () => {
    const history = { state: { openEmailModal: true } as unknown, replaceState: vi.fn() };
    expect(takeEmailModalRequest(history)).toBeNull();
    expect(history.replaceState).toHaveBeenCalledWith(null, '');
  });
});
