import type { ReactElement } from 'react';

export type RenderedEmail = { html: string; text: string };

/**
 * HTML and its plain-text twin, from one React Email component. @react-email/render (react-dom's
 * server renderer, html-to-text) is loaded with the first mail, not at start-up.
 */
export async function renderEmail(element: ReactElement): Promise<RenderedEmail> {
  const { render } = await import('@react-email/render');
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
