/**
 * 'Bedoelde u: …?' (spec §5 E-mail typo suggestion): a likely correction of a mistyped e-mail domain.
 *
 * Three steps, on the lower-cased domain:
 *  1. an explicit map of misspellings that edit distance cannot catch (gmail.nl, hotmail.co, a bare
 *     "gmail" without ending, a Dutch provider typed with .com);
 *  2. an ending fix: .con/.cmo/.cm/.om (and a few more slips) → .com, .nl1/.nll/.n → .nl;
 *  3. the nearest provider domain within an edit distance (with transpositions) of 2 — 1 for names
 *     under six letters — but only when the typed ending is the provider's or is not a real ending itself,
 *     so that live.be or hema.nl are never "corrected" into live.nl or home.nl.
 * The local part is kept exactly as typed. Returns the whole corrected address, or null when
 * there is nothing to suggest (including when the address is already right).
 */

/** Domains we suggest, most used first (ties in distance go to the earlier one). */
export const PROVIDER_DOMAINS = [
  'gmail.com',
  'hotmail.com',
  'outlook.com',
  'live.nl',
  'hotmail.nl',
  'ziggo.nl',
  'kpnmail.nl',
  'icloud.com',
  'yahoo.com',
  'live.com',
  'kpnplanet.nl',
  'planet.nl',
  'xs4all.nl',
  'hetnet.nl',
  'home.nl',
  'upcmail.nl',
  'casema.nl',
  'chello.nl',
  'telfort.nl',
  'tele2.nl',
  'googlemail.com',
] as const;

/** Real domains that sit close to a provider and must never be corrected. */
const LEGITIMATE_DOMAINS = new Set<string>([
  ...PROVIDER_DOMAINS,
  'mail.com',
  'msn.com',
  'email.com',
  'gmx.com',
  'gmx.net',
  'gmx.nl',
  'gmx.de',
  'aol.com',
  'me.com',
  'mac.com',
  'ymail.com',
  'proton.me',
  'protonmail.com',
  'outlook.be',
  'hotmail.be',
  'live.be',
  'telenet.be',
  'skynet.be',
  'hotmail.de',
  'outlook.de',
  'hotmail.co.uk',
  'yahoo.co.uk',
  'hotmail.fr',
  'yahoo.fr',
  'chello.at',
  'chello.be',
  'kpn.com',
  'online.nl',
  'quicknet.nl',
  'solcon.nl',
  'zeelandnet.nl',
  'caiway.nl',
  'delta.nl',
  'onsbrabantnet.nl',
]);

/** Misspellings beyond the reach of the generic rules. */
const TYPO_MAP: Readonly<Record<string, string>> = {
  // A real ending, but not the provider's.
  'gmail.co': 'gmail.com',
  'gmail.nl': 'gmail.com',
  'gmail.co.nl': 'gmail.com',
  'gmail.com.nl': 'gmail.com',
  'hotmail.co': 'hotmail.com',
  'hotmail.com.nl': 'hotmail.nl',
  'outlook.co': 'outlook.com',
  'outlook.com.nl': 'outlook.com',
  'yahoo.co': 'yahoo.com',
  'yahoo.nl': 'yahoo.com',
  'icloud.co': 'icloud.com',
  'icloud.nl': 'icloud.com',
  'live.co': 'live.com',
  // Dutch providers typed with .com.
  'ziggo.com': 'ziggo.nl',
  'kpnmail.com': 'kpnmail.nl',
  'kpnplanet.com': 'kpnplanet.nl',
  'xs4all.com': 'xs4all.nl',
  'hetnet.com': 'hetnet.nl',
  'upcmail.com': 'upcmail.nl',
  'casema.com': 'casema.nl',
  'telfort.com': 'telfort.nl',
  'googlemail.nl': 'googlemail.com',
  // The name without any ending.
  gmail: 'gmail.com',
  hotmail: 'hotmail.com',
  outlook: 'outlook.com',
  yahoo: 'yahoo.com',
  icloud: 'icloud.com',
  ziggo: 'ziggo.nl',
  kpnmail: 'kpnmail.nl',
  kpnplanet: 'kpnplanet.nl',
  xs4all: 'xs4all.nl',
  hetnet: 'hetnet.nl',
  upcmail: 'upcmail.nl',
  casema: 'casema.nl',
  chello: 'chello.nl',
  telfort: 'telfort.nl',
};

/** Mistyped endings. */
const TLD_FIXES: Readonly<Record<string, string>> = {
  con: 'com',
  cmo: 'com',
  cm: 'com',
  om: 'com',
  ocm: 'com',
  cpm: 'com',
  xom: 'com',
  vom: 'com',
  comm: 'com',
  coom: 'com',
  cim: 'com',
  nl1: 'nl',
  nll: 'nl',
  n: 'nl',
  nnl: 'nl',
  lnl: 'nl',
};

/** Endings that are real (so "x.be" is not a typo of "x.nl"). The fixes above are not in here. */
const REAL_TLDS = new Set([
  'com',
  'nl',
  'be',
  'de',
  'net',
  'org',
  'eu',
  'co',
  'uk',
  'fr',
  'at',
  'me',
  'info',
  'biz',
  'io',
]);

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => d[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i < rows; i++) {
    const row = d[i]!;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, at(i - 2, j - 2) + 1);
      }
      row[j] = best;
    }
  }
  return at(a.length, b.length);
}

const tldOf = (domain: string) => {
  const dot = domain.lastIndexOf('.');
  return dot === -1 ? '' : domain.slice(dot + 1);
};
const nameOf = (domain: string) => {
  const dot = domain.lastIndexOf('.');
  return dot === -1 ? domain : domain.slice(0, dot);
};

function fixTld(domain: string): string {
  const trimmed = domain.replace(/\.+$/, '');
  const tld = tldOf(trimmed);
  const fixed = TLD_FIXES[tld];
  return fixed ? `${nameOf(trimmed)}.${fixed}` : trimmed;
}

function nearestProvider(domain: string): string | null {
  const tld = tldOf(domain);
  let best: { domain: string; distance: number } | null = null;
  for (const provider of PROVIDER_DOMAINS) {
    // A real ending that differs from the provider's is someone else's domain, not a slip.
    if (REAL_TLDS.has(tld) && tld !== tldOf(provider)) continue;
    const allowed = nameOf(provider).length >= 6 ? 2 : 1;
    const distance = editDistance(domain, provider);
    if (distance <= allowed && (!best || distance < best.distance)) best = { domain: provider, distance };
  }
  return best?.domain ?? null;
}

function suggestDomain(domain: string): string | null {
  if (LEGITIMATE_DOMAINS.has(domain)) return null;
  const mapped = TYPO_MAP[domain];
  if (mapped) return mapped;
  const fixed = fixTld(domain);
  if (LEGITIMATE_DOMAINS.has(fixed)) return fixed;
  const mappedFixed = TYPO_MAP[fixed];
  if (mappedFixed) return mappedFixed;
  const near = nearestProvider(fixed);
  if (near) return near;
  return fixed !== domain && fixed.includes('.') ? fixed : null;
}

/** The corrected whole address, or null when there is nothing to suggest. */
export function suggestEmail(email: string): string | null {
  const value = email.trim();
  const at = value.lastIndexOf('@');
  if (at <= 0 || at === value.length - 1) return null;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1).toLowerCase();
  if (/\s|@/.test(domain) || /\s/.test(local)) return null;
  const suggestion = suggestDomain(domain);
  if (!suggestion || suggestion === domain) return null;
  return `${local}@${suggestion}`;
}
