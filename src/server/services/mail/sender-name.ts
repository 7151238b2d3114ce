/**
 * The display name of a mail a user sends through the app (an order, a template's test). The address
 * is always MAIL_FROM's, so whatever a user writes as company name reaches the recipient's inbox as
 * the sender under the app's own, trusted domain. It must therefore never pass for an address or for
 * another sender: `ING Bank <security@ing.nl>` as company would otherwise show as exactly that.
 */

/** The app's name, when MAIL_FROM has no display name of its own. */
export const APP_NAME = 'Inkooporders';

/** The signs of an address and of a quoted name, also as their full-width or small forms (NFKC). */
const ADDRESS_SIGN = /[@<>"]/;
/** Look-alikes of `<`, `>` and `"` that NFKC does not fold into them. */
const LOOK_ALIKE = /[‹›«»⟨⟩〈〉《》˂˃ᐸᐳ❮❯⦉⦊“”„‟″‶〝〞〟]/u;
/** Line breaks and other control characters: a header is one line. */
const BREAKING = /[\p{Cc}\p{Zl}\p{Zp}]/u;
/** Invisible format characters (bidi overrides, zero-width joiners and spaces) that can disguise text. */
const INVISIBLE = /\p{Cf}/u;

/**
 * A user's text as a display name: the signs of an address and their look-alikes, line breaks and
 * invisible characters removed, white space collapsed. Empty when nothing readable is left.
 */
export function displayNameOf(text: string): string {
  let name = '';
  for (const ch of text.normalize('NFC')) {
    if (INVISIBLE.test(ch)) continue;
    name += BREAKING.test(ch) || LOOK_ALIKE.test(ch) || ADDRESS_SIGN.test(ch.normalize('NFKC')) ? ' ' : ch;
  }
  return name.replace(/\s+/g, ' ').trim();
}

/** MAIL_FROM's display name ('Inkooporders <no-reply@x.nl>' → 'Inkooporders'), else the app's name. */
export function appNameOf(mailFrom: string): string {
  const m = /^(.*)<[^<>]*>\s*$/.exec(mailFrom);
  return displayNameOf(m?.[1] ?? '') || APP_NAME;
}

/**
 * The display name of a mail sent on behalf of `fromName` (a user's company) from MAIL_FROM's address:
 * '<Bedrijf> via <app>', the way mail services show a message one party sends through another's
 * domain. Undefined when the name has nothing readable left: the mail then goes as MAIL_FROM.
 */
export function onBehalfName(fromName: string, mailFrom: string): string | undefined {
  const name = displayNameOf(fromName);
  if (!name) return undefined;
  const app = appNameOf(mailFrom);
  return name.toLocaleLowerCase('nl') === app.toLocaleLowerCase('nl') ? name : `${name} via ${app}`;
}
