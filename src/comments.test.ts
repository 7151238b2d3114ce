import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { lineOf, parseSource, projectFiles, readProjectFile } from './test/source-scan';

/**
 * A comment says why the code is as it is, in words that stay true: it cites none of our issues
 * by number and carries no measurement (a time before and after, a ratio, a share of the CPU; the
 * last test below shows the forms). The reason stays in the comment; a decision that needs its history has a note under docs/decisions/,
 * and the figures belong in bench/REPORT.md. Checked in every comment of the code and its
 * configuration: TypeScript and JavaScript (read by the TypeScript scanner, so a `//` inside a
 * string or a `#` in a colour is no comment), CSS, and the `#` comments of the shell and container
 * files.
 */
const CODE = ['src', 'scripts', 'e2e', 'faults', '.ci/start-smoke.mjs'];
const CONFIG = [
  'drizzle.config.ts',
  'vite.config.ts',
  'vitest.config.ts',
  'vitest.faults.config.ts',
  'playwright.config.ts',
  '.dependency-cruiser.cjs',
];
const HASH_COMMENTED = ['.ci/run', 'Dockerfile', 'compose.yaml', 'deploy/Caddyfile'];

/**
 * A number not written as a limit ('≤ 10 ms', '< 1.5 ×') or as the end of a range ('0.5–1×'): a
 * limit is a rule, not a measurement.
 */
const MEASURED = String.raw`(?<![≤<>≥]\s?|[\d.,–-])\d+(?:[.,]\d+)?`;
const TIME = '(?:ms|s|min)';

const FORBIDDEN: [RegExp, string][] = [
  [/\bissues? #?\d+/i, 'cites an issue'],
  [/\b(?:see|in|fixes|fixed|closes|closed|cf\.)\s+#\d+\b/i, 'cites an issue by number'],
  [/\(#\d+\)/, 'cites an issue by number'],
  [
    new RegExp(String.raw`\d(?:[.,]\d+)?\s?(?:${TIME}|KB|MB|GB|%|×)\s*(?:→|->)\s*\d`),
    'a measurement before and after',
  ],
  [
    new RegExp(String.raw`\d\s*(?:→|->)\s*\d+(?:[.,]\d+)?\s?(?:${TIME}|KB|MB|GB|%|×)(?![a-z])`),
    'a measurement before and after',
  ],
  [
    new RegExp(
      String.raw`${MEASURED}\s?×(?=\s*(?:$|[.,;)]|(?:its|the|as|over|faster|slower|more|less|idle|during|than)\b))`,
    ),
    'a measured ratio',
  ],
  [new RegExp(String.raw`\btook ${MEASURED}\s?(?:${TIME}|minutes|seconds)\b`, 'i'), 'a measured time'],
  [
    new RegExp(
      String.raw`${MEASURED}\s?(?:%|ms|s) of (?:the |a |an )?(?:[\w'-]+ )*?(?:CPU|cold start|start-up|startup|main thread)`,
      'i',
    ),
    'a measured share',
  ],
  [
    new RegExp(String.raw`\b(?:median|p50|p95|p99)\b[^.;≤<]*?${MEASURED}\s?${TIME}\b`, 'i'),
    'a measured latency',
  ],
  [new RegExp(String.raw`${MEASURED}\s?${TIME} (?:median|p50|p95|p99)\b`, 'i'), 'a measured latency'],
];

/** What is wrong with one comment's text; [] when nothing is. */
function problemsOf(text: string): string[] {
  return [...new Set(FORBIDDEN.filter(([pattern]) => pattern.test(text)).map(([, what]) => what))];
}

type Comment = { where: string; text: string };

/** Every comment of a TypeScript or JavaScript file, once each. */
function scriptComments(file: string): Comment[] {
  const text = readProjectFile(file);
  const source = parseSource(file, text);
  const seen = new Set<number>();
  const comments: Comment[] = [];
  const take = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      comments.push({
        where: `${file}:${lineOf(source, range.pos)}`,
        text: text.slice(range.pos, range.end),
      });
    }
  };
  const visit = (node: ts.Node) => {
    take(ts.getLeadingCommentRanges(text, node.getFullStart()));
    take(ts.getTrailingCommentRanges(text, node.getEnd()));
    ts.forEachChild(node, visit);
  };
  visit(source);
  // Comments after the last statement hang on the end-of-file token.
  take(ts.getLeadingCommentRanges(text, source.endOfFileToken.getFullStart()));
  return comments;
}

/** The comments of a CSS file (it has no `//` comments). */
function cssComments(file: string): Comment[] {
  const text = readProjectFile(file);
  return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => ({
    where: `${file}:${text.slice(0, m.index).split('\n').length}`,
    text: m[0],
  }));
}

/** The `#` comments of a shell, Dockerfile, YAML or Caddyfile: from a `#` that starts a word. */
function hashComments(file: string): Comment[] {
  return readProjectFile(file)
    .split('\n')
    .flatMap((line, i) => {
      const at = line.search(/(?:^|\s)#(?!!)/);
      return at < 0 ? [] : [{ where: `${file}:${i + 1}`, text: line.slice(at).trim() }];
    });
}

function commentsOf(file: string): Comment[] {
  if (file.endsWith('.css')) return cssComments(file);
  if (/\.(?:[cm]?[jt]sx?|mts)$/.test(file)) return scriptComments(file);
  return hashComments(file);
}

describe('comments cite no issue and carry no measurement', () => {
  const files = [
    ...projectFiles([...CODE, ...CONFIG], ['.ts', '.tsx', '.mts', '.mjs', '.cjs', '.css']),
    ...projectFiles(HASH_COMMENTED, ['']),
  ];
  const comments = files.flatMap(commentsOf);

  it('reads the comments of the code and its configuration (a scan that sees none proves nothing)', () => {
    expect(files.length).toBeGreaterThan(500);
    expect(comments.length).toBeGreaterThan(3000);
    const scanned = new Set(comments.map((c) => c.where.split(':')[0]));
    for (const file of [
      'playwright.config.ts',
      'src/server/main.ts',
      '.ci/run',
      'src/client/styles/shell.css',
    ])
      expect(scanned).toContain(file);
  });

  it('has none that cites an issue or embeds a measurement', () => {
    const found = comments.flatMap(({ where, text }) =>
      problemsOf(text).map((problem) => `${where}: ${problem}: ${text.replace(/\s+/g, ' ').slice(0, 160)}`),
    );
    expect(found).toEqual([]);
  });

  it('tells such a comment from an ordinary one', () => {
    // The texts of comments, without their markers and with their numbers put in, so that this file
    // holds no such text itself.
    const [a, b, c] = [12, 11, 14];
    expect(problemsOf(`Loaded on first use (issue ${a}).`)).toEqual(['cites an issue']);
    expect(problemsOf(`Issue ${b} items 12, 13 and 16, as a new user meets them`)).toEqual([
      'cites an issue',
    ]);
    expect(problemsOf(`see #${c} for the reason`)).toEqual(['cites an issue by number']);
    expect(problemsOf('// PGlite start to healthy 1987 → 1645 ms median')).toContain(
      'a measurement before and after',
    );
    expect(problemsOf('// first-load JS 2653 ms -> 1753 ms')).toContain('a measurement before and after');
    expect(problemsOf('// CPU per request 1.32× the stock adapter')).toEqual(['a measured ratio']);
    expect(problemsOf('// raised every p99 3.2 × its idle value')).toEqual(['a measured ratio']);
    expect(problemsOf('// importing it cost ~170 ms of the cold start')).toEqual(['a measured share']);
    expect(problemsOf('// ~140 ms p50 on a loaded Postgres')).toEqual(['a measured latency']);
    expect(problemsOf('// about 5.5× during 20 logins')).toEqual(['a measured ratio']);
    expect(problemsOf('// npm test took 27 s on a fresh clone')).toEqual(['a measured time']);
    expect(problemsOf("// 2.9 % of the app's CPU under autocannon")).toEqual(['a measured share']);
    expect(problemsOf('// orders page p99 3200 ms during sign-ins')).toEqual(['a measured latency']);

    for (const ordinary of [
      '// 404 for a foreign id, 503 while the database is away',
      '/* #1E40AF, the primary colour; #111 on dark */',
      '// Europe/Amsterdam: 9 % and 21 % VAT',
      '// The limit is 9 s: Docker kills after 10 s.',
      '// A 1280 × 720 viewport, a 4×4 PNG, 40 × € 12,50, 3 × round(0.21 × 0.105)',
      '// Target: p50 ≤ 10 ms, warm p50 ≤ 1.5 × the floor',
      '// jitter (0.5–1×) spreads the knocks',
      '// Waits 100 ms, then 200 ms, up to 1 s.',
      '// step 3 → 4 of the wizard',
      '// upstream porsager/postgres#1066, #1154',
    ])
      expect(problemsOf(ordinary), ordinary).toEqual([]);
  });
});
