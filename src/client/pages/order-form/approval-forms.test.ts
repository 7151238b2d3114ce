import { describe, expect, it } from 'vitest';
import { APPROVAL_NOTE_MAX, approvalMessages } from '../../../shared/approval-states';
import { rejectFormRules, requestFormRules } from './approval-forms';

describe('the approval dialogs’ forms', () => {
  it('refuses a rejection without a reason, in Dutch, at the field', () => {
    expect(rejectFormRules.check({ reason: '' })).toEqual({
      ok: false,
      errors: { reason: approvalMessages.reasonRequired },
    });
    expect(rejectFormRules.check({ reason: '   ' })).toEqual({
      ok: false,
      errors: { reason: approvalMessages.reasonRequired },
    });
    expect(rejectFormRules.check({ reason: 'x'.repeat(APPROVAL_NOTE_MAX + 1) })).toEqual({
      ok: false,
      errors: { reason: approvalMessages.reasonMax },
    });
  });

  it('sends the reason as typed, without the spaces around it', () => {
    expect(rejectFormRules.check({ reason: '  Te duur, vraag een tweede offerte.  ' })).toEqual({
      ok: true,
      data: { reason: 'Te duur, vraag een tweede offerte.' },
    });
  });

  it('sends a request without a note when none was typed, and refuses one too long', () => {
    expect(requestFormRules.check({ note: '' })).toEqual({ ok: true, data: {} });
    expect(requestFormRules.check({ note: '  ' })).toEqual({ ok: true, data: {} });
    expect(requestFormRules.check({ note: ' Spoed: klant wacht. ' })).toEqual({
      ok: true,
      data: { note: 'Spoed: klant wacht.' },
    });
    expect(requestFormRules.check({ note: 'x'.repeat(APPROVAL_NOTE_MAX + 1) })).toEqual({
      ok: false,
      errors: { note: approvalMessages.noteMax },
    });
  });
});
