import { CONFIRMATION_DECISIONS, type ConfirmationDecision } from '../../../shared/order-confirmation-states';

/**
 * The page's form, read from its urlencoded body. Its field names are those of confirmationAnswerInput
 * (`decision`, `name`, `note`, `deliveryDate`, `lines[0][status]`, `lines[0][quantity]`,
 * `lines[0][deliveryDate]`, …), so the page posts what the JSON API takes and the service checks both
 * alike; `formToken` is the page's own cross-site guard (form-token.ts) and is not part of the answer.
 */

/** Lines the form can carry: as many as confirmationAnswerInput accepts. */
export const FORM_LINES_MAX = 500;

export type FormLineValues = { status: string; quantity: string; deliveryDate: string };

/** What the customer typed, as typed: re-shown in the form when the answer is refused. */
export type FormValues = {
  decision: string;
  name: string;
  note: string;
  deliveryDate: string;
  /** By line index; a line the body did not name is absent. */
  lines: Map<number, FormLineValues>;
  formToken: string;
};

export const emptyFormValues = (): FormValues => ({
  decision: '',
  name: '',
  note: '',
  deliveryDate: '',
  lines: new Map(),
  formToken: '',
});

const TOP_FIELDS = ['decision', 'name', 'note', 'deliveryDate', 'formToken'] as const;
type TopField = (typeof TOP_FIELDS)[number];
const LINE_FIELD = /^lines\[(\d{1,3})\]\[(status|quantity|deliveryDate)\]$/;

const isTopField = (key: string): key is TopField => (TOP_FIELDS as readonly string[]).includes(key);

/**
 * The form's values from its body. The first value of a field counts (a form sends each once); names
 * that are not the form's are ignored, and so are line numbers beyond what an answer may hold.
 */
export function readForm(body: string): FormValues {
  const values = emptyFormValues();
  const seen = new Set<string>();
  for (const [key, value] of new URLSearchParams(body)) {
    if (seen.has(key)) continue;
    seen.add(key);
    if (isTopField(key)) {
      values[key] = value;
      continue;
    }
    const line = LINE_FIELD.exec(key);
    if (!line) continue;
    const index = Number(line[1]);
    if (index >= FORM_LINES_MAX) continue;
    const field = line[2] as keyof FormLineValues;
    const current = values.lines.get(index) ?? { status: '', quantity: '', deliveryDate: '' };
    current[field] = value;
    values.lines.set(index, current);
  }
  return values;
}

const isDecision = (value: string): value is ConfirmationDecision =>
  (CONFIRMATION_DECISIONS as readonly string[]).includes(value);

const filled = (value: string) => (value.trim() === '' ? undefined : value);

/** One line of the answer as confirmationAnswerInput takes it. */
export type AnswerLine = {
  lineIndex: number;
  status: string;
  quantity?: string;
  deliveryDate?: string;
};

export type FormAnswer = {
  /** The JSON shape of confirmationAnswerInput (still to be checked by the service). */
  input: {
    decision?: string;
    name: string;
    note?: string;
    deliveryDate?: string;
    lines?: AnswerLine[];
  };
  /** Which line each entry of `input.lines` is: the service names a refused line by its place there. */
  lineIndexAt: number[];
};

/**
 * The answer the form stands for. One form shows every field, so what does not belong to the chosen
 * decision is left out, as the customer cannot see it once another decision is chosen: a requested
 * day only with Akkoord, the lines only with Wijziging aanvragen, and per line a quantity or a day only
 * when that line is 'Ander aantal of leverdag'. Every line of a change request is sent, also those
 * left at 'Goed zo', so the service sees the whole order's answer.
 */
export function answerOfForm(values: FormValues): FormAnswer {
  const decision = values.decision === '' ? undefined : values.decision;
  const input: FormAnswer['input'] = { name: values.name };
  if (decision !== undefined) input.decision = decision;
  const note = filled(values.note);
  if (note !== undefined) input.note = note;
  const lineIndexAt: number[] = [];
  if (decision !== undefined && isDecision(decision)) {
    if (decision === 'accept') {
      const day = filled(values.deliveryDate);
      if (day !== undefined) input.deliveryDate = day;
    }
    if (decision === 'change') {
      const indexes = [...values.lines.keys()].sort((a, b) => a - b);
      input.lines = indexes.map((lineIndex) => {
        const line = values.lines.get(lineIndex) as FormLineValues;
        lineIndexAt.push(lineIndex);
        const answer: AnswerLine = { lineIndex, status: line.status };
        if (line.status === 'changed') {
          const quantity = filled(line.quantity);
          const day = filled(line.deliveryDate);
          if (quantity !== undefined) answer.quantity = quantity;
          if (day !== undefined) answer.deliveryDate = day;
        }
        return answer;
      });
    }
  }
  return { input, lineIndexAt };
}

/** The form's field a message belongs beside: `lines.0.quantity` of the service is the line's own. */
export type FieldKey =
  | 'decision'
  | 'name'
  | 'note'
  | 'deliveryDate'
  | 'lines'
  | `lines.${number}.${'status' | 'quantity' | 'deliveryDate'}`
  | '_';

/**
 * The service's `details` ({field path: message}) keyed by the form's fields: a line by its index on
 * the order rather than its place in the answer. A message about a line's own number (`lineIndex`)
 * goes beside its choice; anything the form has no field for is shown above the form ('_').
 */
export function formErrorsOf(details: Record<string, string>, lineIndexAt: number[]): Map<FieldKey, string> {
  const errors = new Map<FieldKey, string>();
  const put = (key: FieldKey, message: string) => {
    if (!errors.has(key)) errors.set(key, message);
  };
  for (const [path, message] of Object.entries(details)) {
    if (
      path === 'decision' ||
      path === 'name' ||
      path === 'note' ||
      path === 'deliveryDate' ||
      path === 'lines'
    ) {
      put(path, message);
      continue;
    }
    const line = /^lines\.(\d+)(?:\.(\w+))?/.exec(path);
    const lineIndex = line ? lineIndexAt[Number(line[1])] : undefined;
    if (line && lineIndex !== undefined) {
      const field = line[2];
      const at = field === 'quantity' || field === 'deliveryDate' ? field : 'status';
      put(`lines.${lineIndex}.${at}`, message);
      continue;
    }
    put('_', message);
  }
  return errors;
}
