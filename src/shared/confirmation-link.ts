/**
 * The customer's link in an order mail, as the server sends it and as the send dialog's preview shows
 * it: one function decides where the link goes, so the preview cannot show a message the customer
 * does not get.
 */

import { confirmationLabels } from './order-confirmation-states';
import { SAMPLE_CONFIRM_TOKEN, usesVariable } from './template-variables';

/** The order page's address as the mail carries it: `{APP_URL}/confirm/{token}`. */
export function confirmationUrl(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}/confirm/${token}`;
}

/**
 * The link as a preview shows it, on the app's own address: the real token is made only when the
 * mail is sent, so this one opens no order (the same example as the template editor's).
 */
export function exampleConfirmationUrl(appUrl: string): string {
  return confirmationUrl(appUrl, SAMPLE_CONFIRM_TOKEN);
}

/** The line under a message that does not place `{{order.confirmUrl}}` itself (and so in its plain text). */
export const CONFIRMATION_LINK_LINE = `<p>${confirmationLabels.templateButton}: <a href="{{order.confirmUrl}}">{{order.confirmUrl}}</a></p>`;

/**
 * The message as it goes out. With the customer's link: a message that does not place
 * `{{order.confirmUrl}}` itself gets CONFIRMATION_LINK_LINE under the text. Without it: the message's
 * links to the variable (the default template's button) are left out by `withoutLinks` — not sent
 * leading nowhere; the variable elsewhere fills ''. The server leaves them out with its sanitiser,
 * the preview with withoutConfirmationLinks below (a test holds the two to the same result).
 */
export function messageWithLink(
  message: string,
  withLink: boolean,
  withoutLinks: (html: string) => string,
): string {
  if (!withLink) return withoutLinks(message);
  if (usesVariable(message, 'order.confirmUrl')) return message;
  return `${message}\n${CONFIRMATION_LINK_LINE}`;
}

// An <a> element, its attributes read past quoted values (a '>' inside quotes does not end the tag),
// up to its own end tag: links do not nest.
const LINK = /<a\b((?:[^>"']|"[^"]*"|'[^']*')*)>[\s\S]*?<\/a\s*>/gi;
const HREF = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;

/**
 * The message without its links to `{{order.confirmUrl}}`, text and all, for the browser: the server's
 * withoutLinksTo needs sanitize-html, which the app does not load. Written for the HTML the editor
 * makes (its links closed); anything odder is cleaned by the server's own rules on sending.
 */
export function withoutConfirmationLinks(html: string): string {
  return html.replace(LINK, (link, attributes: string) => {
    const href = HREF.exec(attributes);
    const target = href ? (href[1] ?? href[2] ?? href[3] ?? '') : '';
    return usesVariable(target, 'order.confirmUrl') ? '' : link;
  });
}
