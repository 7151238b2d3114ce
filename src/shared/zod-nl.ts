import { z } from 'zod';

// Zod's own messages (wrong type, too long, …) in Dutch; our rules carry their own spec wording.
// zod's Dutch locale names JavaScript's types ("verwacht string, ontving undefined"; "Te lang:
// verwacht dat string <=200 tekens heeft"): what reaches a user or an integrator for a field without
// a message of its own. The fuzz test found those; these say it in words.

const nl = z.locales.nl().localeError!;

type Issue = Parameters<typeof nl>[0];

const TYPE_NAMES: Record<string, string> = {
  string: 'tekst',
  number: 'een getal',
  int: 'een heel getal',
  bigint: 'een getal',
  boolean: 'ja of nee (true of false)',
  array: 'een lijst',
  object: 'een object',
  null: 'een lege waarde (null)',
  nan: 'geen getal (NaN)',
  date: 'een datum',
};

function typeOf(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'number' && Number.isNaN(input)) return 'nan';
  return typeof input;
}

const UNITS: Record<string, [one: string, many: string]> = {
  string: ['teken', 'tekens'],
  array: ['element', 'elementen'],
  set: ['element', 'elementen'],
};

function sizeMessage(issue: Issue & { code: 'too_big' | 'too_small' }): string | undefined {
  const big = issue.code === 'too_big';
  const limit = Number(big ? issue.maximum : issue.minimum);
  const unit = UNITS[issue.origin];
  if (unit) {
    const count = `${limit} ${limit === 1 ? unit[0] : unit[1]}`;
    if (issue.exact) return `Moet precies ${count} hebben`;
    if (big) return `Te lang: hoogstens ${count}`;
    return limit === 1 && issue.origin === 'string' ? 'Dit veld is verplicht' : `Te kort: minstens ${count}`;
  }
  if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
    if (big) return issue.inclusive ? `Te groot: hoogstens ${limit}` : `Te groot: kleiner dan ${limit}`;
    return issue.inclusive ? `Te klein: minstens ${limit}` : `Te klein: groter dan ${limit}`;
  }
  return undefined;
}

function dutch(issue: Issue) {
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return 'Dit veld is verplicht';
    const expected = TYPE_NAMES[issue.expected] ?? issue.expected;
    return `Ongeldige invoer: verwacht ${expected}, niet ${TYPE_NAMES[typeOf(issue.input)] ?? 'dit'}`;
  }
  if (issue.code === 'too_big' || issue.code === 'too_small') return sizeMessage(issue) ?? nl(issue);
  return nl(issue);
}

z.config({ localeError: dutch });

export { z };
