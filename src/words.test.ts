import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { lineOf, parseSource, projectFiles, readProjectFile } from './test/source-scan';

/**
 * One Dutch word per thing, in everything a user reads: the screens, the shared messages (also the
 * API's), the e-mails, the PDF and the API's own descriptions. Checked in the texts of the code (string
 * literals, the text of template literals, JSX text), not in comments or tests. Where the spec fixes
 * a text it is kept to the letter, even when it spells a word otherwise (SPEC_FIXED); everywhere
 * else the variant is refused with the word to use.
 */
const SCANNED = [
  'src/client',
  'src/shared',
  'src/server/emails',
  'src/server/services/mail/default-templates.ts',
  'src/server/routers',
  'src/server/openapi',
  'src/server/http/confirm-page',
];

/** Texts the spec gives to the letter (§2 sidebar, §5 Company/Register/Forgot password, §8 Login). */
const SPEC_FIXED = new Set([
  'Email Templates',
  'Email is verplicht',
  'Voer een geldig email adres in',
  'Failed to send verification email. Please try again.',
]);

/** A variant, and the word the product uses for that thing. */
const VARIANTS: [RegExp, string][] = [
  [/\bVAT[- ]?nummer/i, "'BTW-nummer' (spec §5), for the EU one 'BTW-nummer (EU)'"],
  // A field name in backticks (`prefix`) is the API's, not a word.
  [/(?<![\w`])prefix(?![\w`])/i, "'voorvoegsel'"],
  [/sjabloon/i, "'template' (spec §8: 'Nieuw template is succesvol aangemaakt')"],
  [/betaaltermijn/i, "'betalingstermijn'"],
  // The word on its own, not a class name, a path or an identifier ('auth-email', '/verify-email').
  [/(?<![\w\-./@`{'"])emails?(?![\w\-./@`}])/i, "'e-mail' with a hyphen"],
  [/e-mail adres/i, "'e-mailadres'"],
];

type Text = { where: string; text: string };

/** The texts of one TypeScript file: string literals, the text parts of templates, JSX text. */
function textsOf(file: string): Text[] {
  const source = parseSource(file, readProjectFile(file));
  const texts: Text[] = [];
  const visit = (node: ts.Node) => {
    // Module paths and the keys of imports are code, not text.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      texts.push({ where: `${file}:${lineOf(source, node.getStart())}`, text: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

/** What is wrong with one text; [] when nothing is. */
function wordProblems(text: string): string[] {
  // One lower-case identifier ('email', 'prefix') is a key or a value in code, not a word shown.
  if (SPEC_FIXED.has(text.trim()) || /^[a-z][A-Za-z0-9]*$/.test(text)) return [];
  return VARIANTS.filter(([pattern]) => pattern.test(text)).map(
    ([pattern, use]) => `'${text.match(pattern)?.[0]}': use ${use}`,
  );
}

describe('one Dutch word per thing', () => {
  it('recognises the variants, and leaves the spec’s own texts and code alone', () => {
    expect(wordProblems('VAT-nummer')).toHaveLength(1);
    expect(wordProblems('Prefix')).toHaveLength(1);
    expect(wordProblems('Ordernummering: prefix, startnummer')).toHaveLength(1);
    expect(wordProblems('Sjabloon')).toHaveLength(1);
    expect(wordProblems('Betaaltermijn')).toHaveLength(1);
    expect(wordProblems('Email is verplicht voor dit veld')).toHaveLength(1);
    expect(wordProblems('Stuur een email')).toHaveLength(1);
    expect(wordProblems('Geen e-mail adres')).toHaveLength(1);

    for (const fine of [
      ...SPEC_FIXED,
      'BTW-nummer',
      'Voorvoegsel',
      'Template',
      'Betalingstermijn',
      'E-mailadres is verplicht',
      'Test e-mail versturen',
      'order-email-history__item',
      '/verify-email/',
      'alleen het begin (`prefix`)',
      'met `email` en `ccEmail`',
      'email',
      'prefix',
    ])
      expect(wordProblems(fine), fine).toEqual([]);
  });

  it('holds in every text of the screens, the shared messages, the e-mails, the PDF and the API', () => {
    const files = projectFiles(SCANNED, ['.ts', '.tsx']).filter((f) => !/\.test\.tsx?$/.test(f));
    expect(files.length).toBeGreaterThan(100);
    const problems = files.flatMap((file) =>
      textsOf(file).flatMap(({ where, text }) => wordProblems(text).map((p) => `${where}: ${p}`)),
    );
    expect(problems).toEqual([]);
  });
});

describe('no icon shows a dollar sign', () => {
  /** lucide-react icons drawn with a $: the product counts in euros. */
  const DOLLAR_ICONS = /^(?:Receipt|.*Dollar.*)(?:Icon)?$/;

  it('the client imports none of them', () => {
    const found = projectFiles(['src/client', 'src/shared'], ['.tsx', '.ts']).flatMap((file) => {
      const source = parseSource(file);
      return source.statements.flatMap((statement) => {
        if (!ts.isImportDeclaration(statement)) return [];
        if ((statement.moduleSpecifier as ts.StringLiteral).text !== 'lucide-react') return [];
        const names = statement.importClause?.namedBindings;
        if (!names || !ts.isNamedImports(names)) return [];
        return names.elements
          .map((e) => (e.propertyName ?? e.name).text)
          .filter((name) => DOLLAR_ICONS.test(name))
          .map((name) => `${file}:${lineOf(source, statement.getStart())}: ${name}`);
      });
    });
    expect(found).toEqual([]);
  });
});
