import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { documentFixture } from '../../test/document-fixtures';
import { PDF_TEMPLATES } from '../schemas/pdf-settings';
import { OrderDocument } from './order-document';

const LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPj/HwADAQH/2ikZdQAAAABJRU5ErkJggg==';

/** The document's body markup (the CSS names every class of every template). */
const markup = (logo: string | null, template: (typeof PDF_TEMPLATES)[number]) => {
  const html = renderToStaticMarkup(
    <OrderDocument data={{ ...documentFixture({ settings: { template } }), logo }} />,
  );
  return html.replace(/<style>.*?<\/style>/s, '');
};

/** Where each template has room for the logo: the element that holds it, by its opening tag. */
const PLACE = {
  classic: '<header class="od-masthead"><div class="od-masthead-brand"><div class="od-logo"><img',
  modern: '<p class="od-band-number">INK-2024-1001</p><div class="od-logo"><img',
  minimal: '<header class="od-head"><div><div class="od-logo"><img',
} as const;

describe('the logo on the document', () => {
  it.each(PDF_TEMPLATES)('%s shows it once, in the place its head keeps for it', (template) => {
    const html = markup(LOGO, template);
    expect(html).toContain(PLACE[template]);
    expect(html.split('<img').length - 1).toBe(1);
    expect(html).toContain(`src="${LOGO}"`);
    expect(html).toContain('alt="Logo De Vries Installatietechniek B.V."');
  });

  it.each(PDF_TEMPLATES)('%s without a logo has no trace of one', (template) => {
    expect(markup(null, template)).not.toContain('od-logo');
    expect(markup(null, template)).not.toContain('<img');
  });
});
