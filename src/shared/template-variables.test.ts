import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sampleDocumentData } from './document/sample';
import { formatEuro } from './format';
import { computeOrderTotals } from './money';
import {
  escapeHtmlText,
  fillTemplate,
  SAMPLE_TEMPLATE_DATA,
  TEMPLATE_VARIABLES,
  type TemplateData,
  templateDataFrom,
  templateValues,
  unknownVariables,
  usesVariable,
} from './template-variables';

const data: TemplateData = {
  customer: { name: 'Petra', email: 'p@klant.nl', company: 'Klant B.V.', contactPerson: 'Piet' },
  order: {
    orderNumber: 'INK-2026-1001',
    date: '07-03-2026',
    total: '€ 1.234,56',
    deliveryDate: '21-03-2026',
    notes: 'Achteringang',
    confirmUrl: 'https://app.example/confirm/abc',
  },
  user: { name: 'Jan', company: 'Mijn Bedrijf' },
};

describe('fillTemplate', () => {
  it('replaces each of the variables, with or without spaces inside the braces', () => {
    expect(TEMPLATE_VARIABLES.map((v) => v.name)).toEqual([
      'customer.name',
      'customer.email',
      'customer.company',
      'customer.contactPerson',
      'order.orderNumber',
      'order.date',
      'order.total',
      'order.deliveryDate',
      'order.notes',
      'order.confirmUrl',
      'user.name',
      'user.company',
    ]);
    const text = TEMPLATE_VARIABLES.map((v, i) => (i % 2 ? `{{ ${v.name} }}` : `{{${v.name}}}`)).join('|');
    expect(fillTemplate(text, data, 'text')).toBe(
      'Petra|p@klant.nl|Klant B.V.|Piet|INK-2026-1001|07-03-2026|€ 1.234,56|21-03-2026|Achteringang|https://app.example/confirm/abc|Jan|Mijn Bedrijf',
    );
    expect(fillTemplate('{{\tcustomer.name  }}', data, 'text')).toBe('Petra');
  });

  it('leaves unknown variables exactly as written', () => {
    const text =
      '{{ customer.phone }} {{klant.naam}} {{order}} {{ order.total.x }} {{constructor.name}} {{__proto__.x}} {{ user.name }';
    expect(fillTemplate(text, data, 'html')).toBe(text);
    expect(fillTemplate(text, data, 'text')).toBe(text);
    expect(unknownVariables(text)).toEqual([
      'customer.phone',
      'klant.naam',
      'order',
      'order.total.x',
      'constructor.name',
      '__proto__.x',
    ]);
    expect(unknownVariables('{{customer.name}}')).toEqual([]);
  });

  it('escapes values in HTML mode and leaves them plain in text mode', () => {
    const hostile = { ...data, customer: { ...data.customer, name: `<script>alert("x")</script> & 'co'` } };
    expect(fillTemplate('<p title="{{customer.name}}">{{customer.name}}</p>', hostile, 'html')).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</p>',
    );
    expect(fillTemplate('Order voor {{customer.name}}', hostile, 'text')).toBe(
      `Order voor <script>alert("x")</script> & 'co'`,
    );
  });

  it('text mode flattens line breaks in values, so a subject stays one line', () => {
    const sneaky = { ...data, customer: { ...data.customer, company: 'A\r\nBcc: x@y.nl\u2028z' } };
    expect(fillTemplate('Order {{customer.company}}', sneaky, 'text')).toBe('Order A Bcc: x@y.nl z');
  });

  it('does not fill in a value that itself looks like a variable', () => {
    const tricky = { ...data, customer: { ...data.customer, name: '{{user.name}}' } };
    expect(fillTemplate('{{customer.name}}', tricky, 'text')).toBe('{{user.name}}');
  });

  it('property: whatever the values, HTML mode output only adds escaped text and line breaks (no other tag, quote or entity survives)', () => {
    const value = fc.string({ unit: fc.constantFrom(...'<>&"\'=/ abc`{}\n'), maxLength: 30 });
    fc.assert(
      fc.property(value, value, (name, company) => {
        const d = { ...data, customer: { ...data.customer, name, company } };
        const out = fillTemplate(
          '<a href="x" title="{{customer.name}}">{{ customer.company }}</a>',
          d,
          'html',
        );
        // In the attribute a line break stays one; in the text it is shown as one.
        const text = escapeHtmlText(company).replaceAll('\n', '<br>');
        expect(out).toBe(`<a href="x" title="${escapeHtmlText(name)}">${text}</a>`);
        // The only markup characters left are the template's own and the line breaks.
        const inner = out.slice('<a href="x" title="'.length, -'</a>'.length).replaceAll('<br>', '');
        expect(inner.replace('">', '')).not.toMatch(/[<>"']/);
      }),
    );
  });

  it('property: tokens that are not one of the nine survive unchanged among filled ones', () => {
    const known = new Set(TEMPLATE_VARIABLES.map((v) => v.name as string));
    const name = fc.stringMatching(/^[A-Za-z_][\w.]{0,20}$/).filter((n) => !known.has(n));
    fc.assert(
      fc.property(name, fc.constantFrom('', ' ', '  ', '\t'), (unknown, space) => {
        const token = `{{${space}${unknown}${space}}}`;
        const text = `Beste {{customer.name}}, ${token} groet`;
        expect(fillTemplate(text, data, 'html')).toBe(`Beste Petra, ${token} groet`);
        expect(fillTemplate(text, data, 'text')).toBe(`Beste Petra, ${token} groet`);
      }),
    );
  });

  it('property: text without tokens is returned unchanged in both modes', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('{{')),
        (text) => {
          expect(fillTemplate(text, data, 'html')).toBe(text);
          expect(fillTemplate(text, data, 'text')).toBe(text);
        },
      ),
    );
  });
});

describe('templateValues', () => {
  it('writes the delivery day as dd-mm-jjjj and the remarks escaped in a body with their line breaks, on one line in a subject', () => {
    const values = templateValues({
      customer: null,
      order: {
        orderNumber: 'INK-2026-1001',
        date: '2026-03-07',
        totalCents: 100,
        deliveryDate: '2026-10-05',
        notes: 'Bellen <vooraf>\nAchteringang',
      },
      user: { name: 'Jan', company: 'Mijn Bedrijf' },
    });
    expect(values.order.deliveryDate).toBe('05-10-2026');
    expect(fillTemplate('<p>{{order.notes}}</p>', values, 'html')).toBe(
      '<p>Bellen &lt;vooraf&gt;<br>Achteringang</p>',
    );
    expect(fillTemplate('{{order.notes}}', values, 'text')).toBe('Bellen <vooraf> Achteringang');
    const none = templateValues({
      customer: null,
      order: { orderNumber: 'X', date: '2026-03-07', totalCents: 100, deliveryDate: null },
      user: { name: '', company: '' },
    });
    expect(none.order).toMatchObject({ deliveryDate: '', notes: '', confirmUrl: '' });
  });

  it('fills {{order.confirmUrl}} with the link given, and the previews with a sample link', () => {
    const url = 'http://localhost:3000/confirm/abc_DEF-123';
    const values = templateValues({
      customer: null,
      order: { orderNumber: 'X', date: '2026-03-07', totalCents: 0, confirmUrl: url },
      user: { name: '', company: '' },
    });
    expect(fillTemplate('<a href="{{order.confirmUrl}}">x</a>', values, 'html')).toBe(
      `<a href="${url}">x</a>`,
    );
    expect(SAMPLE_TEMPLATE_DATA.order.confirmUrl).toMatch(/^https:\/\/.+\/confirm\/.+/);
    expect(usesVariable('<a href="{{ order.confirmUrl }}">', 'order.confirmUrl')).toBe(true);
    expect(usesVariable('{{order.confirmUrlX}} {{order.notes}}', 'order.confirmUrl')).toBe(false);
  });

  it('writes the date as dd-mm-jjjj in Amsterdam and the total in euro like the PDF', () => {
    const values = templateValues({
      customer: { name: 'Petra', email: 'p@k.nl', company: 'K B.V.', contactPerson: '' },
      // 23:30 UTC on 31 December is already 1 January in Amsterdam.
      order: { orderNumber: 'INK-2027-1001', date: new Date('2026-12-31T23:30:00Z'), totalCents: 123456 },
      user: { name: 'Jan', company: 'Mijn B.V.' },
    });
    expect(values.order).toEqual({
      orderNumber: 'INK-2027-1001',
      date: '01-01-2027',
      total: '€\u00a01.234,56',
      deliveryDate: '',
      notes: '',
      confirmUrl: '',
    });
    expect(values.customer.contactPerson).toBe('');
  });

  it('an order whose customer is gone fills the customer variables with nothing', () => {
    const values = templateValues({
      customer: null,
      order: { orderNumber: 'X', date: '2026-03-07', totalCents: 0 },
      user: { name: 'Jan', company: 'B' },
    });
    expect(values.customer).toEqual({ name: '', email: '', company: '', contactPerson: '' });
    expect(values.order.date).toBe('07-03-2026');
  });

  it('the sample data is order INK-2023-001 with the PDF preview’s total', () => {
    const sample = sampleDocumentData();
    expect(SAMPLE_TEMPLATE_DATA.order.orderNumber).toBe('INK-2023-001');
    expect(SAMPLE_TEMPLATE_DATA.order.date).toBe('15-03-2023');
    expect(SAMPLE_TEMPLATE_DATA.order.total).toBe(
      formatEuro(computeOrderTotals(sample.order.lines, false).totalCents),
    );
    expect(SAMPLE_TEMPLATE_DATA.order.total).toBe('€\u00a0849,70');
    expect(SAMPLE_TEMPLATE_DATA.customer.company).toBe('Jansen Bouw B.V.');
  });

  it('templateDataFrom lays given values over the sample data', () => {
    const d = templateDataFrom({ customer: { name: 'Kees' }, order: { total: '€ 1,00', date: undefined } });
    expect(d.customer).toEqual({ ...SAMPLE_TEMPLATE_DATA.customer, name: 'Kees' });
    expect(d.order).toEqual({ ...SAMPLE_TEMPLATE_DATA.order, total: '€ 1,00' });
    expect(templateDataFrom(undefined)).toEqual(SAMPLE_TEMPLATE_DATA);
  });
});
