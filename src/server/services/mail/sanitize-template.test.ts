import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withoutConfirmationLinks } from '../../../shared/confirmation-link';
import { confirmationLabels } from '../../../shared/order-confirmation-states';
import { SAMPLE_TEMPLATE_DATA, type TemplateData } from '../../../shared/template-variables';
import { htmlProblems, XSS_CORPUS } from '../../../test/xss-corpus';
import { DEFAULT_TEMPLATES } from './default-templates';
import { renderTemplateHtml, sanitizeTemplateHtml, withoutLinksTo } from './sanitize-template';

function expectHarmless(html: string) {
  expect(htmlProblems(html), html).toEqual([]);
  // Stable: cleaning the clean result changes nothing, so no second parser can see something else.
  expect(sanitizeTemplateHtml(html)).toBe(html);
}

describe('sanitizeTemplateHtml', () => {
  it.each(XSS_CORPUS.map((html) => [html]))('leaves nothing executable of %s', (html) => {
    expectHarmless(sanitizeTemplateHtml(html));
  });

  it('keeps formatting, headings, lists, tables, links and https images', () => {
    const html = [
      '<h2>Inkooporder</h2>',
      '<p>Beste <strong>{{customer.name}}</strong>,<br />hierbij <em>de</em> <u>order</u>.</p>',
      '<ul><li>een</li></ul><ol><li>twee</li></ol>',
      '<table border="1"><thead><tr><th>A</th></tr></thead><tbody><tr><td colspan="2">b</td></tr></tbody></table>',
      '<p style="color:#1E40AF;text-align:center">blauw</p>',
      '<img src="https://cdn.voorbeeld.nl/logo.png" alt="Logo" width="120" />',
    ].join('');
    expect(sanitizeTemplateHtml(html)).toBe(html);
  });

  it('links: http, https and mailto stay (opening outside the mail), everything else loses its href', () => {
    expect(sanitizeTemplateHtml('<a href="https://voorbeeld.nl/a?b=1&amp;c=2">x</a>')).toBe(
      '<a href="https://voorbeeld.nl/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">x</a>',
    );
    expect(sanitizeTemplateHtml('<a href="mailto:info@voorbeeld.nl">mail</a>')).toContain(
      'href="mailto:info@voorbeeld.nl"',
    );
    expect(sanitizeTemplateHtml('<a href="http://voorbeeld.nl">x</a>')).toContain(
      'href="http://voorbeeld.nl"',
    );
    for (const href of [
      'javascript:alert(1)',
      'jav&#x09;ascript:alert(1)',
      'data:text/html,x',
      'ftp://x.nl',
    ]) {
      expect(sanitizeTemplateHtml(`<a href="${href}">x</a>`)).not.toContain('href=');
    }
  });

  it('the default order template keeps its button to {{order.confirmUrl}} through the sanitiser', () => {
    const order = DEFAULT_TEMPLATES.find((t) => t.category === 'order')!;
    expect(order.content).toContain(confirmationLabels.templateButton);
    const html = renderTemplateHtml(order.content, SAMPLE_TEMPLATE_DATA);
    expect(html).toContain(`href="${SAMPLE_TEMPLATE_DATA.order.confirmUrl}"`);
    expect(html).toContain(`>${confirmationLabels.templateButton}</a>`);
    expect(html).toContain('background-color:#1E40AF');
  });

  it('the default order template sent without the link mentions no button', () => {
    const order = DEFAULT_TEMPLATES.find((t) => t.category === 'order')!;
    const html = renderTemplateHtml(withoutLinksTo(order.content, 'order.confirmUrl'), SAMPLE_TEMPLATE_DATA);
    expect(html).not.toContain(confirmationLabels.templateButton);
    expect(html).not.toMatch(/knop|link|hieronder/i);
    expect(html).toContain('Heeft u vragen, beantwoord dan gerust deze e-mail.');
  });

  it('withoutLinksTo drops the links to a variable with their text, and nothing else', () => {
    const button = '<p>a<a href="{{ order.confirmUrl }}" style="padding: 10px 18px">Bevestigen</a>b</p>';
    expect(withoutLinksTo(button, 'order.confirmUrl')).toBe('<p>ab</p>');
    const other = '<p><a href="https://voorbeeld.nl/{{order.orderNumber}}">x</a><a name="top">y</a></p>';
    expect(withoutLinksTo(other, 'order.confirmUrl')).toBe(other);
    expect(renderTemplateHtml(button, SAMPLE_TEMPLATE_DATA)).toContain(
      `href="${SAMPLE_TEMPLATE_DATA.order.confirmUrl}"`,
    );
  });

  it('the send dialog’s preview leaves out the same links as withoutLinksTo (withoutConfirmationLinks)', () => {
    // Compared as the mail is rendered (sanitised), where the two may differ only in their markup.
    const same = (html: string) => {
      expect(sanitizeTemplateHtml(withoutConfirmationLinks(html)), html).toBe(
        sanitizeTemplateHtml(withoutLinksTo(html, 'order.confirmUrl')),
      );
    };
    const order = DEFAULT_TEMPLATES.find((t) => t.category === 'order')!;
    expect(withoutConfirmationLinks(order.content)).not.toContain(confirmationLabels.templateButton);
    same(order.content);
    same(`${order.content}<p>Link: [{{order.confirmUrl}}]</p>`);
    same('<p>a<A HREF=\'{{ order.confirmUrl }}\' title="a > b"><b>Bevestigen</b></A>b</p>');
    same(
      '<p><a title="x" href={{order.confirmUrl}}>x</a><a href="https://voorbeeld.nl/{{order.orderNumber}}">y</a></p>',
    );
    same('<p><a name="top">boven</a><a data-href="{{order.confirmUrl}}">z</a></p>');

    const variable = fc.constantFrom(
      '{{order.confirmUrl}}',
      '{{ order.confirmUrl\t}}',
      '{{order.notes}}',
      '',
    );
    const href = fc
      .tuple(
        fc.constantFrom('', 'https://voorbeeld.nl/', 'mailto:a@b.nl?body='),
        variable,
        fc.constantFrom('"', "'"),
      )
      .map(([base, v, quote]) => ` href=${quote}${base}${v}${quote}`);
    const text = fc.constantFrom('tekst', 'a > b', '{{order.confirmUrl}}', '&amp;', '');
    const link = fc
      .tuple(fc.option(href, { nil: '' }), fc.constantFrom('', ' title="x>y"', " style='color: red'"), text)
      .map(([h, attribute, inner]) => `<a${attribute}${h}>${inner}</a>`);
    const inline = fc.oneof(
      text,
      link,
      link.map((l) => `<b>${l}</b>`),
    );
    const paragraph = fc.array(inline, { maxLength: 4 }).map((parts) => `<p>${parts.join('')}</p>`);
    fc.assert(
      fc.property(fc.array(paragraph, { minLength: 1, maxLength: 4 }), (ps) => {
        same(ps.join('\n'));
      }),
    );
  });

  it('images only over https', () => {
    expect(sanitizeTemplateHtml('<p>a<img src="http://x.nl/a.png">b</p>')).toBe('<p>ab</p>');
    expect(sanitizeTemplateHtml('<img src="data:image/png;base64,AAAA">')).toBe('');
  });

  it('keeps only the safe CSS properties and values', () => {
    expect(
      sanitizeTemplateHtml(
        '<p style="color: red; position: fixed; background: url(x); font-weight: bold">a</p>',
      ),
    ).toBe('<p style="color:red;font-weight:bold">a</p>');
    expect(sanitizeTemplateHtml('<p style="color: expression(alert(1))">a</p>')).toBe('<p>a</p>');
  });

  it('escapes text that looks like markup and drops the content of script-like tags', () => {
    expect(sanitizeTemplateHtml('<p>a < b & c > d</p>')).toBe('<p>a &lt; b &amp; c &gt; d</p>');
    expect(sanitizeTemplateHtml('<script>alert(1)</script><p>ok</p>')).toBe('<p>ok</p>');
  });

  it('a dropped tag cannot leave a paragraph inside a paragraph (a browser would read it otherwise)', () => {
    // The property below found it: the first pass gave '<p><p>css</p></p>'.
    const html = sanitizeTemplateHtml(
      '<p><body onload=alert(1)><p style="background: url(https://evil.example/track.png)">css</p>',
    );
    expect(html).toBe('<p></p><p>css</p><p></p>');
    expectHarmless(html);
  });

  it('property: random soup of corpus pieces and tags always comes out harmless', () => {
    const piece = fc.oneof(
      fc.constantFrom(...XSS_CORPUS),
      fc.constantFrom(
        '<p>',
        '</p>',
        '<a href="',
        '">',
        '<table><tr><td>',
        '"',
        "'",
        '<',
        '>',
        '&',
        '<!--',
        '-->',
        '<svg>',
        '<style>',
      ),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        expectHarmless(sanitizeTemplateHtml(pieces.join('')));
      }),
      { numRuns: 300 },
    );
  });
});

describe('renderTemplateHtml', () => {
  it('fills the variables with escaped values, keeps unknown ones, and stays clean', () => {
    const html = renderTemplateHtml(
      '<p onclick="x()">Beste {{ customer.name }}, order {{order.orderNumber}} {{ order.kleur }}</p><script>1</script>',
      SAMPLE_TEMPLATE_DATA,
    );
    expect(html).toBe('<p>Beste Petra Jansen, order INK-2023-001 {{ order.kleur }}</p>');
  });

  it('the checker itself sees what is executable', () => {
    expect(htmlProblems('<p onclick="x">a</p>')).toEqual(['attribute onclick on <p>']);
    expect(htmlProblems('<a href="jav&#x09;ascript:x">a</a>')).toEqual(['href javascript:']);
    expect(htmlProblems('<img src="data:x">')).toEqual(['src data:']);
    expect(htmlProblems('<script>x</script>')).toEqual(['tag <script>', 'tag <script>']);
    expect(htmlProblems('<p style="background:url(x)">a</p>')).toEqual(['style background:url(x)']);
    expect(htmlProblems('a <b')).toEqual(['a raw < or > outside a tag']);
  });

  it('a value filled into a link cannot turn it into a script URL', () => {
    const data: TemplateData = {
      ...SAMPLE_TEMPLATE_DATA,
      customer: {
        ...SAMPLE_TEMPLATE_DATA.customer,
        email: 'javascript:alert(1)',
        name: '<img src=x onerror=alert(1)>',
      },
    };
    const html = renderTemplateHtml('<a href="{{customer.email}}">{{customer.name}}</a>', data);
    expect(html).not.toContain('javascript:');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expectHarmless(html);
  });

  it('property: hostile values never produce markup', () => {
    const value = fc.oneof(fc.constantFrom(...XSS_CORPUS), fc.string({ maxLength: 20 }));
    fc.assert(
      fc.property(value, value, (name, email) => {
        const data: TemplateData = {
          ...SAMPLE_TEMPLATE_DATA,
          customer: { ...SAMPLE_TEMPLATE_DATA.customer, name, email },
        };
        const html = renderTemplateHtml(
          '<p title="{{customer.name}}"><a href="{{customer.email}}">{{customer.name}}</a></p>',
          data,
        );
        expectHarmless(html);
      }),
      { numRuns: 300 },
    );
  });
});
