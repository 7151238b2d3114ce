import { describe, expect, it } from 'vitest';
import { approvalDialogTitles, approvalsWaitingText, sendBlockedLabel } from './approval-states';

describe('the approval’s words on the screens', () => {
  it('counts the waiting orders in Dutch, one and many', () => {
    expect(approvalsWaitingText(1)).toBe('1 order wacht op uw goedkeuring');
    expect(approvalsWaitingText(3)).toBe('3 orders wachten op uw goedkeuring');
    expect(approvalsWaitingText(1200)).toBe('1.200 orders wachten op uw goedkeuring');
  });

  it('names why a row’s send button is not for now', () => {
    expect(sendBlockedLabel('INK-2026-1001', 'requested')).toBe(
      'Order INK-2026-1001 kan nog niet worden verzonden: wacht op goedkeuring',
    );
    expect(sendBlockedLabel('INK-2026-1001', 'rejected')).toBe(
      'Order INK-2026-1001 kan nog niet worden verzonden: afgewezen',
    );
  });

  it('puts the order’s number in the dialogs’ titles', () => {
    expect(approvalDialogTitles.request('INK-2026-1001')).toBe(
      'Goedkeuring aanvragen voor order INK-2026-1001',
    );
    expect(approvalDialogTitles.reject('INK-2026-1001')).toBe('Order INK-2026-1001 afwijzen');
  });
});
