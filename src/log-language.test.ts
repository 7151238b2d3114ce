import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { findChromium } from './server/services/pdf/printer-executable';
import { lineOf, parseSource, projectFiles } from './test/source-scan';

/**
 * Log messages are English; what a user reads (API errors, screens, mails) is Dutch. Checked by
 * reading the source: every call of a logger (`log`, `logger`, `….log` with info/warn/error/…), of
 * `console` and of a helper that puts its argument in a log message, in the server, the database
 * layer and the scripts that start the server (`npm start` and what it builds with). The texts of
 * those calls (string literals, templates, concatenations) may hold no word that is Dutch and not
 * English. Not scanned: the developers' command lines (npm test, the bench, the seed, .ci), which
 * speak Dutch like the rest of the project's tooling.
 */
const SCANNED = [
  'src/server',
  'src/db',
  'scripts/start.mjs',
  'scripts/build-client.mjs',
  'scripts/build-server.mjs',
  'scripts/build',
  'scripts/patch-dependencies.mjs',
];

const LOG_METHODS = new Set(['info', 'warn', 'error', 'fatal', 'debug', 'trace']);
const CONSOLE_METHODS = new Set(['log', 'info', 'warn', 'error', 'debug']);
/** Functions whose text arguments end up in a log message. */
const LOG_HELPERS = new Set(['runInBackground']);

/**
 * Words that are common in a Dutch sentence and are not English words (so 'van', 'met', 'die' and
 * 'op' are left out), and the verbs the server's messages used.
 */
const DUTCH_WORDS = new Set([
  'de',
  'het',
  'een',
  'en',
  'niet',
  'geen',
  'wordt',
  'worden',
  'zijn',
  'naar',
  'voor',
  'bij',
  'ook',
  'maar',
  'nog',
  'wel',
  'uit',
  'aan',
  'te',
  'zonder',
  'binnen',
  'zie',
  'nieuwe',
  'ontvangen',
  'gestopt',
  'gestart',
  'mislukt',
  'geweigerd',
  'gevonden',
  'opnieuw',
  'versturen',
  'verzonden',
  'afgerond',
  'gesloten',
  'draait',
  'wachten',
  'bestand',
  'verzoeken',
  'gebouwd',
  'opruimen',
]);

/** The Dutch words of a text; [] when it has none. */
function dutchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}'’-]+/u)
    .filter((word) => DUTCH_WORDS.has(word));
}

/** Whether a call is one of a logger, of console or of a log helper. */
function isLogCall(call: ts.CallExpression): boolean {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return LOG_HELPERS.has(callee.text);
  if (!ts.isPropertyAccessExpression(callee)) return false;
  const method = callee.name.text;
  const target = callee.expression;
  const targetName = ts.isIdentifier(target)
    ? target.text
    : ts.isPropertyAccessExpression(target)
      ? target.name.text
      : '';
  if (targetName === 'console') return CONSOLE_METHODS.has(method);
  return (targetName === 'log' || targetName === 'logger') && LOG_METHODS.has(method);
}

/** The literal text parts of an argument: strings, templates (and what they embed), `+` and `?:`. */
function textsOf(node: ts.Node): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node))
    return [
      node.head.text,
      ...node.templateSpans.flatMap((span) => [...textsOf(span.expression), span.literal.text]),
    ];
  if (ts.isParenthesizedExpression(node)) return textsOf(node.expression);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken)
    return [...textsOf(node.left), ...textsOf(node.right)];
  if (ts.isConditionalExpression(node)) return [...textsOf(node.whenTrue), ...textsOf(node.whenFalse)];
  return [];
}

type LogCall = { where: string; text: string };

function logCallsOf(file: string): LogCall[] {
  const source = parseSource(file);
  const calls: LogCall[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && isLogCall(node)) {
      const text = node.arguments.flatMap(textsOf).join(' ');
      calls.push({ where: `${file}:${lineOf(source, node.getStart())}`, text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return calls;
}

describe('log messages are English', () => {
  const files = projectFiles(SCANNED, ['.ts', '.mjs']).filter((f) => !/\.test\.ts$/.test(f));
  const calls = files.flatMap(logCallsOf);

  it('finds the log calls (a scan that sees none proves nothing)', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(calls.filter((c) => c.text !== '').length).toBeGreaterThan(30);
    expect(calls.map((c) => c.where.split(':')[0])).toEqual(
      expect.arrayContaining(['src/server/shutdown.ts', 'src/server/main.ts', 'scripts/start.mjs']),
    );
  });

  it('holds no Dutch word in any log call', () => {
    const dutch = calls
      .map((c) => ({ ...c, words: dutchWords(c.text) }))
      .filter((c) => c.words.length > 0)
      .map((c) => `${c.where}: ${c.words.join(', ')}: ${c.text}`);
    expect(dutch).toEqual([]);
  });

  it('says the start-up problem of PDFs in English too (a text logged from elsewhere)', () => {
    const lookup = findChromium('/no/such/chromium');
    expect(lookup.problem).toBeDefined();
    expect(dutchWords(lookup.problem ?? '')).toEqual([]);
  });

  it('tells a Dutch message from an English one', () => {
    expect(dutchWords('Gestopt: verzoeken afgerond; PDF-browser en database gesloten.')).toEqual([
      'gestopt',
      'verzoeken',
      'afgerond',
      'en',
      'gesloten',
    ]);
    expect(dutchWords("Chromium voor PDF's is gestopt")).toEqual(['voor', 'gestopt']);
    expect(dutchWords('Verlopen PDF-bestanden opruimen mislukt')).toEqual(['opruimen', 'mislukt']);
    expect(dutchWords('Stopped: requests finished; PDF browser, job queues and database closed.')).toEqual(
      [],
    );
    expect(dutchWords('GET /api/orders: the list broke off mid-stream (en-US, de-DE)')).toEqual([]);
  });
});
