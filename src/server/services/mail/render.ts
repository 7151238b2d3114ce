import { render } from '@react-email/render';
import type { ReactElement } from 'react';

export type RenderedEmail = { html: string; text: string };

/** HTML and its plain-text twin, from one React Email component. */
export async function renderEmail(element: ReactElement): Promise<RenderedEmail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
