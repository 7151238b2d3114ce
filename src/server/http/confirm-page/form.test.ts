import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../../shared/field-errors';
import { confirmationAnswerInput, confirmationMessages } from '../../../shared/schemas/order-confirmation';
import { answerOfForm, FORM_LINES_MAX, formErrorsOf, readForm } from './form';

const body = (pairs: [string, string][]) => new URLSearchParams(pairs).toString();

describe('the order page form → the JSON answer', () => {
  it('reads the top fields and the form token as typed', () => {
    const values = readForm(
      body([
        ['formToken', 'abc'],
        ['decision', 'accept'],
        ['name', '  Sanne Jansen '],
        ['note', 'Prima'],
        ['deliveryDate', '2026-12-14'],
      ]),
    );
    expect(values).toMatchObject({
      formToken: 'abc',
      decision: 'accept',
      name: '  Sanne Jansen ',
      note: 'Prima',
      deliveryDate: '2026-12-14',
    });
  });

  it('Akkoord: decision, name, note and the requested day; no lines', () => {
    const form = readForm(
      body([
        ['decision', 'accept'],
        ['name', 'Sanne'],
        ['note', 'Graag'],
        ['deliveryDate', '2026-12-14'],
        ['lines[0][status]', 'changed'],
        ['lines[0][quantity]', '3'],
      ]),
    );
    expect(answerOfForm(form).input).toEqual({
      decision: 'accept',
      name: 'Sanne',
      note: 'Graag',
      deliveryDate: '2026-12-14',
    });
  });

  it('Afwijzen: no requested day and no lines, the note is the reason', () => {
    const form = readForm(
      body([
        ['decision', 'reject'],
        ['name', 'Sanne'],
        ['note', 'Te duur'],
        ['deliveryDate', '2026-12-14'],
        ['lines[0][status]', 'rejected'],
      ]),
    );
    expect(answerOfForm(form).input).toEqual({ decision: 'reject', name: 'Sanne', note: 'Te duur' });
  });

  it('Wijziging aanvragen: every line by its index, a quantity or day only on a changed line', () => {
    const form = readForm(
      body([
        ['decision', 'change'],
        ['name', 'Sanne'],
        ['deliveryDate', '2026-12-14'],
        ['lines[0][status]', 'changed'],
        ['lines[0][quantity]', '45,5'],
        ['lines[0][deliveryDate]', ''],
        ['lines[1][status]', 'accepted'],
        ['lines[1][quantity]', '99'],
        ['lines[2][status]', 'rejected'],
        ['lines[2][deliveryDate]', '2026-12-01'],
        ['lines[3][status]', 'changed'],
        ['lines[3][deliveryDate]', '2026-12-21'],
      ]),
    );
    const { input, lineIndexAt } = answerOfForm(form);
    expect(input).toEqual({
      decision: 'change',
      name: 'Sanne',
      lines: [
        { lineIndex: 0, status: 'changed', quantity: '45,5' },
        { lineIndex: 1, status: 'accepted' },
        { lineIndex: 2, status: 'rejected' },
        { lineIndex: 3, status: 'changed', deliveryDate: '2026-12-21' },
      ],
    });
    expect(lineIndexAt).toEqual([0, 1, 2, 3]);
    // What the form stands for is what the JSON API takes: the schema reads it as it is.
    expect(confirmationAnswerInput.parse(input).lines).toEqual([
      { lineIndex: 0, status: 'changed', quantity: 45.5 },
      { lineIndex: 1, status: 'accepted' },
      { lineIndex: 2, status: 'rejected' },
      { lineIndex: 3, status: 'changed', deliveryDate: '2026-12-21' },
    ]);
  });

  it('keeps the lines in index order, also when the body sends them otherwise', () => {
    const form = readForm(
      body([
        ['decision', 'change'],
        ['lines[10][status]', 'rejected'],
        ['lines[2][status]', 'changed'],
        ['lines[2][quantity]', '3'],
      ]),
    );
    const { input, lineIndexAt } = answerOfForm(form);
    expect(input.lines?.map((l) => l.lineIndex)).toEqual([2, 10]);
    expect(lineIndexAt).toEqual([2, 10]);
  });

  it('ignores fields the form does not have, repeated fields after the first, and out-of-range lines', () => {
    const form = readForm(
      body([
        ['decision', 'accept'],
        ['decision', 'reject'],
        ['name', 'Sanne'],
        ['organizationId', 'x'],
        ['__proto__', 'x'],
        ['lines[0][price]', '1'],
        ['lines[-1][status]', 'changed'],
        [`lines[${FORM_LINES_MAX}][status]`, 'changed'],
        ['lines[1e3][status]', 'changed'],
        ['lines[0][status]', 'rejected'],
      ]),
    );
    expect(form.decision).toBe('accept');
    expect([...form.lines.entries()]).toEqual([[0, { status: 'rejected', quantity: '', deliveryDate: '' }]]);
    expect(Object.keys(answerOfForm(form).input).sort()).toEqual(['decision', 'name']);
  });

  it('sends an empty name, an unknown decision or none at all on, for the service to refuse in Dutch', () => {
    expect(answerOfForm(readForm('')).input).toEqual({ name: '' });
    expect(answerOfForm(readForm('decision=maybe&name=')).input).toEqual({ decision: 'maybe', name: '' });
    const refused = confirmationAnswerInput.safeParse(answerOfForm(readForm('')).input);
    expect(refused.success).toBe(false);
    expect(fieldErrors(refused.error!)).toMatchObject({
      decision: confirmationMessages.decision,
      name: confirmationMessages.nameRequired,
    });
  });

  it('leaves a blank note and blank day out, rather than sending empty text', () => {
    const form = readForm(
      body([
        ['decision', 'accept'],
        ['name', 'S'],
        ['note', '   '],
        ['deliveryDate', ''],
      ]),
    );
    expect(answerOfForm(form).input).toEqual({ decision: 'accept', name: 'S' });
  });
});

describe('the service’s messages → the form’s fields', () => {
  it('names a line by its index on the order, not its place in the answer', () => {
    const errors = formErrorsOf(
      {
        name: confirmationMessages.nameRequired,
        'lines.1.quantity': 'Aantal moet groter zijn dan 0',
        'lines.0.status': confirmationMessages.lineStatus,
        'lines.1.deliveryDate': 'Ongeldige datum',
        'lines.0.lineIndex': confirmationMessages.lineIndex,
        lines: confirmationMessages.linesRequired,
      },
      [3, 7],
    );
    expect(Object.fromEntries(errors)).toEqual({
      name: confirmationMessages.nameRequired,
      'lines.7.quantity': 'Aantal moet groter zijn dan 0',
      'lines.3.status': confirmationMessages.lineStatus,
      'lines.7.deliveryDate': 'Ongeldige datum',
      lines: confirmationMessages.linesRequired,
    });
  });

  it('puts what the form has no field for above it', () => {
    const errors = formErrorsOf({ _: 'Ongeldige invoer.', 'lines.9.status': 'x', other: 'y' }, [0]);
    expect(Object.fromEntries(errors)).toEqual({ _: 'Ongeldige invoer.' });
  });
});
