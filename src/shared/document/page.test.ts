import { describe, expect, it } from 'vitest';
import { documentFixture } from '../../test/document-fixtures';
import {
  DOCUMENT_HEADER_TEMPLATE,
  DOCUMENT_PAGE_MARGINS,
  documentFooterTemplate,
  documentHeaderTemplate,
  escapeHtml,
} from './page';

describe('documentFooterTemplate', () => {
  it('numbers the pages with Chromium’s placeholders and names company and order', () => {
    const footer = documentFooterTemplate(documentFixture());
    expect(footer).toContain('Pagina <span class="pageNumber"></span> van <span class="totalPages"></span>');
    expect(footer).toContain('De Vries Installatietechniek B.V. · INK-2024-1001');
    // Chromium draws the footer at a tiny default size unless told otherwise.
    expect(footer).toContain('font-size:7.5pt');
    expect(footer).toContain(`padding:0 ${DOCUMENT_PAGE_MARGINS.right} 0 ${DOCUMENT_PAGE_MARGINS.left}`);
  });

  it('escapes the user’s text', () => {
    const data = documentFixture({ order: { orderNumber: '<img src=x onerror=alert(1)>' } });
    data.company.company = 'Smit & "Zonen" <script>alert(1)</script>';
    const footer = documentFooterTemplate(data);
    expect(footer).not.toContain('<script');
    expect(footer).not.toContain('<img');
    expect(footer).toContain('Smit &amp; &quot;Zonen&quot; &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(footer).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('uses an installed font (the footer loads no web fonts)', () => {
    expect(documentFooterTemplate(documentFixture({ settings: { fontFamily: 'playfair' } }))).toContain(
      'font-family:&#39;Times New Roman&#39;, Times, &#39;Liberation Serif&#39;, serif',
    );
    expect(documentFooterTemplate(documentFixture({ settings: { fontFamily: 'roboto' } }))).not.toContain(
      'Roboto',
    );
  });

  it('escapeHtml covers the five special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('documentHeaderTemplate', () => {
  it('is empty without a mark, and carries the mark, escaped, on every page with one', () => {
    expect(documentHeaderTemplate(documentFixture())).toBe(DOCUMENT_HEADER_TEMPLATE);
    expect(documentHeaderTemplate({ ...documentFixture(), mark: null })).toBe(DOCUMENT_HEADER_TEMPLATE);
    const header = documentHeaderTemplate({ ...documentFixture(), mark: 'Concept — <b>wacht</b> & zie' });
    expect(header).toContain('>Concept — &lt;b&gt;wacht&lt;/b&gt; &amp; zie</div>');
    expect(header).toContain('font-size:8pt');
    expect(header).not.toContain('<b>');
  });
});
