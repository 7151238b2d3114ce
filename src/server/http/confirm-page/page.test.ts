import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { confirmationLabels, confirmationMessages } from '../../../shared/order-confirmation-states';
import type { PublicConfirmation } from '../../../shared/schemas/order-confirmation';
import { sampleConfirmation, sampleResponse } from '../../../test/confirm-page-fixtures';
import { XSS_CORPUS } from '../../../test/xss-corpus';
import { emptyFormValues, type FieldKey, readForm } from './form';
import { type FormState, LOGO_BOX, logoSize, renderMessagePage, renderOrderPage } from './page';
import { PAGE_CSS, PAGE_CSS_HASH } from './styles';
import { pageTexts } from './texts';
import { orderPageView } from './view';

const TOKEN = 'tok_abc';

const waitingForm = (over: Partial<FormState> = {}): FormState => ({
  values: emptyFormValues(),
  errors: new Map(),
  formToken: 'form-token-1',
  ...over,
});

const page = (view: PublicConfirmation, form: FormState | null = waitingForm()) =>
  renderOrderPage({ token: TOKEN, view: orderPageView(view), logo: null, form, notice: null });

/** The opening tag of the element with this id. */
const tagOf = (html: string, id: string) =>
  html.match(new RegExp(`<[a-z]+ [^>]*id="${id}"[^>]*>`))?.[0] ?? '';

/** The page's text without its markup, whitespace folded: what a reader sees. */
const textOf = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ');

describe('the order page (waiting for an answer)', () => {
  const html = page(sampleConfirmation());
  const text = textOf(html);

  it('is a Dutch HTML document that asks not to be indexed and sends no referrer', () => {
    expect(html.startsWith('<!DOCTYPE html><html lang="nl">')).toBe(true);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain('<meta name="referrer" content="no-referrer"/>');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(html).toContain('<title>Order INK-2026-1042 – Timmerbedrijf De Vries B.V.</title>');
  });

  it('has no script at all, and only its own stylesheet, whose hash the CSP allows', () => {
    expect(html).not.toMatch(/<script|javascript:|\son[a-z]+=/i);
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
    expect(styles).toEqual([PAGE_CSS]);
    expect(html).not.toMatch(/\sstyle="/);
    const hash = createHash('sha256').update(styles[0]!).digest('base64');
    expect(PAGE_CSS_HASH).toBe(`'sha256-${hash}'`);
  });

  it('shows the seller: name, address, KVK and BTW', () => {
    expect(text).toContain('Timmerbedrijf De Vries B.V.');
    expect(text).toContain('Kanaalstraat 12');
    expect(text).toContain('3521 AB Utrecht');
    expect(text).toContain('KVK 30123456');
    expect(text).toContain('BTW NL812345678B01');
  });

  it('shows the order number, the date as dd-mm-jjjj, the reference and the project', () => {
    expect(html).toContain('<h1 id="order-title">INK-2026-1042</h1>');
    expect(text).toContain('Orderdatum 27-11-2026');
    expect(text).toContain('Referentie Verbouwing Oudegracht 114');
    expect(text).toContain('Project Oudegracht 114');
  });

  it('shows the customer, the delivery day and the delivery address', () => {
    expect(text).toContain('Bouwgroep Noord B.V. t.a.v. Sanne Jansen Industrieweg 8 9723 BK Groningen');
    expect(text).toContain(`${pageTexts.deliveryDate} 14-12-2026`);
    expect(text).toContain('Bouwplaats Oudegracht Oudegracht 114 3511 AX Utrecht');
  });

  it('shows every line with its quantity and unit, price, VAT and line total as the PDF writes them', () => {
    expect(text).toContain('Eiken vloerdelen 20 mm, geschuurd en geolied 42,5 m² € 64,50 21% € 2.741,25');
    expect(text).toContain('Leggen van de vloer, inclusief ondervloer 16 uur € 52,00 21% € 832,00');
    expect(text).toContain('Plinten wit gelakt 70 mm 38 meter € 4,95 21% € 188,10');
    expect(text).toContain('Afvoeren van bouwafval 1 stuk € 85,00 9% € 85,00');
  });

  it('shows the totals as the PDF does, the VAT per rate with its base when there are several', () => {
    expect(text).toContain('Subtotaal € 3.846,35');
    expect(text).toContain('BTW 21% over € 3.761,35 € 789,88');
    expect(text).toContain('BTW 9% over € 85,00 € 7,65');
    expect(text).toContain('Totaal € 4.643,88');
  });

  it('links to the PDF and the UBL file of this link', () => {
    expect(html).toContain(`href="/confirm/${TOKEN}/pdf"`);
    expect(html).toContain(`href="/confirm/${TOKEN}/ubl"`);
    expect(text).toContain(confirmationLabels.downloadPdf);
    expect(text).toContain(confirmationLabels.downloadUbl);
  });

  it('has one form that posts to this page, with the form token and the fields of the JSON answer', () => {
    expect(html.match(/<form /g)).toHaveLength(1);
    expect(html).toContain(`<form action="/confirm/${TOKEN}#answer" method="post">`);
    expect(html).toContain('<section class="card" id="answer"');
    // The form comes after the order it answers.
    expect(html.indexOf('<form')).toBeGreaterThan(html.indexOf('class="lines"'));
    expect(html).toContain('<input type="hidden" name="formToken" value="form-token-1"/>');
    const names = new Set([...html.matchAll(/name="([^"]+)"/g)].map((m) => m[1]));
    expect(names).toEqual(
      new Set([
        'robots',
        'referrer',
        'viewport',
        'color-scheme',
        'formToken',
        'decision',
        'name',
        'note',
        'deliveryDate',
        ...[0, 1, 2, 3].flatMap((i) => [
          `lines[${i}][status]`,
          `lines[${i}][quantity]`,
          `lines[${i}][deliveryDate]`,
        ]),
      ]),
    );
  });

  it('offers the three decisions and, per line, the three choices, each with its label', () => {
    for (const value of ['accept', 'reject', 'change']) {
      const radio = tagOf(html, `decision-${value}`);
      expect(radio).toContain('type="radio"');
      expect(radio).toContain(`name="decision" value="${value}"`);
      expect(radio).not.toContain('checked');
    }
    expect(text).toContain(`${confirmationLabels.accept} ${pageTexts.acceptHint}`);
    expect(text).toContain(`${confirmationLabels.reject} ${pageTexts.rejectHint}`);
    expect(text).toContain(`${confirmationLabels.change} ${pageTexts.changeHint}`);
    expect(html.match(/<fieldset class="line-choice"/g)).toHaveLength(4);
    expect(text).toContain(
      `${confirmationLabels.lineAccepted} ${confirmationLabels.lineChanged} ${confirmationLabels.lineRejected}`,
    );
    // A line starts at 'Goed zo'.
    for (const i of [0, 1, 2, 3]) expect(tagOf(html, `lines-${i}-status-accepted`)).toContain('checked=""');
    // Every field has a label that names it.
    for (const [, id] of html.matchAll(/<(?:input|textarea) (?:[^>]*?)id="([^"]+)"/g))
      expect(html, id).toContain(`for="${id}"`);
  });

  it('does not show an answer or the recorded message before there is one', () => {
    expect(text).not.toContain(confirmationMessages.recorded);
  });
});

describe('a refused answer', () => {
  const values = readForm(
    new URLSearchParams([
      ['decision', 'change'],
      ['name', ''],
      ['note', 'Graag "snel" <b>leveren</b>'],
      ['lines[1][status]', 'changed'],
      ['lines[1][quantity]', '-2'],
      ['lines[1][deliveryDate]', '2026-12-20'],
    ]).toString(),
  );
  const errors = new Map<FieldKey, string>([
    ['name', confirmationMessages.nameRequired],
    ['lines.1.quantity', 'Aantal moet groter zijn dan 0'],
  ]);
  const html = page(sampleConfirmation(), waitingForm({ values, errors }));

  it('keeps what was typed and chosen', () => {
    expect(tagOf(html, 'decision-change')).toContain('checked=""');
    expect(tagOf(html, 'decision-accept')).not.toContain('checked');
    expect(tagOf(html, 'lines-1-status-changed')).toContain('checked=""');
    expect(tagOf(html, 'lines-1-status-accepted')).not.toContain('checked');
    expect(tagOf(html, 'lines-0-status-accepted')).toContain('checked=""');
    expect(html).toContain('name="lines[1][quantity]" value="-2"');
    expect(html).toContain('name="lines[1][deliveryDate]" value="2026-12-20"');
    expect(html).toContain('Graag &quot;snel&quot; &lt;b&gt;leveren&lt;/b&gt;</textarea>');
  });

  it('says what is wrong next to each field, tied to it for screen readers, and sums it up above', () => {
    expect(html).toContain('aria-invalid="true" aria-describedby="name-error"');
    expect(html).toContain(`<p class="field-error" id="name-error">${confirmationMessages.nameRequired}</p>`);
    expect(html).toContain('aria-describedby="lines-1-quantity-error"');
    expect(html).toContain(
      '<p class="field-error" id="lines-1-quantity-error">Aantal moet groter zijn dan 0</p>',
    );
    expect(html).toContain(`<a href="#name">${confirmationMessages.nameRequired}</a>`);
    expect(html).toContain('<a href="#lines-1-quantity">Aantal moet groter zijn dan 0</a>');
    expect(html).toContain('role="alert"');
  });
});

describe('the order page after the answer', () => {
  const view = sampleConfirmation({ state: 'answered', response: sampleResponse() });
  const html = renderOrderPage({
    token: TOKEN,
    view: orderPageView(view),
    logo: null,
    form: null,
    notice: { kind: 'success', text: confirmationMessages.recorded },
  });
  const text = textOf(html);

  it('shows no form, but what was recorded and that the seller has been told', () => {
    expect(html).not.toContain('<form');
    expect(html).not.toContain('<input');
    expect(text).toContain(confirmationMessages.recorded);
    expect(text).toContain('Beslissing Wijziging gevraagd');
    expect(text).toContain('Gegeven door Sanne Jansen');
    expect(text).toContain('Vastgelegd op 28-11-2026 10:41 ');
    // What was recorded comes first: it is what the customer comes back for.
    expect(html.indexOf(confirmationMessages.recorded)).toBeLessThan(html.indexOf('class="lines"'));
    expect(text).toContain('Toelichting Graag een week later leveren; de plinten halen we zelf.');
  });

  it('lists the requested changes line by line, in Dutch', () => {
    expect(text).toContain(
      'Eiken vloerdelen 20 mm, geschuurd en geolied : Ander aantal of leverdag — Gewenst aantal: 45 m², Gewenste leverdag: 21-12-2026',
    );
    expect(text).toContain('Plinten wit gelakt 70 mm : Niet gewenst');
    expect(text).not.toContain('Leggen van de vloer, inclusief ondervloer : ');
    expect(text).toContain(pageTexts.otherLinesFine);
  });

  it('an acceptance shows the requested day', () => {
    const accepted = sampleConfirmation({
      state: 'answered',
      response: sampleResponse({ decision: 'accepted', deliveryDate: '2026-12-18', note: null, lines: [] }),
    });
    const t = textOf(page(accepted, null));
    expect(t).toContain('Beslissing Akkoord');
    expect(t).toContain('Gewenste leverdag 18-12-2026');
    expect(t).not.toContain(pageTexts.changedLines);
  });
});

describe('BTW verlegd', () => {
  it('writes it as the PDF does: the rate column, a total row, and the customer’s BTW number', () => {
    const text = textOf(page(sampleConfirmation({ btwVerlegd: true })));
    expect(text).toContain('Plinten wit gelakt 70 mm 38 meter € 4,95 Verlegd € 188,10');
    expect(text).toContain('BTW verlegd Verlegd');
    expect(text).toContain('Totaal € 3.846,35');
    expect(text).toContain('BTW verlegd · BTW-nummer afnemer: NL009876543B01');
  });

  it('for a customer elsewhere in the EU, the VAT notice of the PDF with both numbers', () => {
    const view = sampleConfirmation({ btwVerlegd: true });
    const text = textOf(
      page({ ...view, customer: { ...view.customer, country: 'België', btwNumber: 'BE0123456789' } }),
    );
    expect(text).toContain('Btw verlegd');
    expect(text).toContain('BTW-nummer leverancier: NL812345678B01');
    expect(text).toContain('BTW-nummer afnemer: BE0123456789');
  });
});

describe('everything the seller or the customer typed is escaped', () => {
  /** Every page that shows input: waiting with a refused form, answered, and a message page. */
  function pagesWith(input: string): string[] {
    const base = sampleConfirmation();
    const view: PublicConfirmation = {
      ...base,
      orderNumber: input,
      reference: input,
      project: input,
      seller: { ...base.seller, company: input, address: input, city: input, kvkNumber: input },
      customer: { ...base.customer, company: input, contactPerson: input, address: input },
      deliveryAddress: { ...base.deliveryAddress!, name: input, address: input },
      items: base.items.map((item) => ({ ...item, description: input })),
    };
    const values = readForm(
      new URLSearchParams([
        ['name', input],
        ['note', input],
        ['decision', input],
        ['lines[0][status]', 'changed'],
        ['lines[0][quantity]', input],
        ['deliveryDate', input],
      ]).toString(),
    );
    const waiting = renderOrderPage({
      token: input,
      view: orderPageView(view),
      logo: { src: `/confirm/${encodeURIComponent(input)}/logo?v=x`, width: 1, height: 1 },
      form: waitingForm({ values, errors: new Map<FieldKey, string>([['name', input]]) }),
      notice: { kind: 'error', text: input },
    });
    const answered = page(
      { ...view, state: 'answered', response: sampleResponse({ respondentName: input, note: input }) },
      null,
    );
    const message = renderMessagePage({
      title: input,
      message: input,
      order: { orderNumber: input, sellerName: input },
    });
    return [waiting, answered, message];
  }

  /** The elements and their attribute names, in order: what markup in the input would change. */
  const structureOf = (html: string) =>
    [...html.matchAll(/<(\/?[a-zA-Z][\w-]*)((?:\s+[\w:-]+(?:="[^"]*")?)*)\s*\/?>/g)].map(
      (m) => `${m[1]}${(m[2] ?? '').replace(/="[^"]*"/g, '')}`,
    );

  const plain = pagesWith('Gewone tekst');

  it.each(XSS_CORPUS)('%s', (hostile) => {
    const hostilePages = pagesWith(hostile);
    hostilePages.forEach((html, i) => {
      expect(structureOf(html)).toEqual(structureOf(plain[i]!));
      expect(html).not.toMatch(/<script|<iframe|<svg|<object|<embed|<base /i);
    });
  });
});

describe('the logo', () => {
  it('is shown at its size within its box, proportions kept and never enlarged, so nothing moves when it loads', () => {
    expect(logoSize(800, 200)).toEqual({ width: 144, height: 36 });
    expect(logoSize(400, 400)).toEqual({ width: 56, height: 56 });
    expect(logoSize(100, 40)).toEqual({ width: 100, height: 40 });
    expect(logoSize(0, 0)).toEqual(LOGO_BOX);
    const html = renderOrderPage({
      token: TOKEN,
      view: orderPageView(sampleConfirmation()),
      logo: { src: '/confirm/x/logo', width: 800, height: 400 },
      form: null,
      notice: null,
    });
    expect(html).toContain(
      '<img src="/confirm/x/logo" width="112" height="56" alt="Logo van Timmerbedrijf De Vries B.V."/>',
    );
  });
});

describe('the message page', () => {
  it('says why the link does not open the order, naming the order when it is known', () => {
    const html = renderMessagePage({
      title: pageTexts.replacedTitle,
      message: confirmationMessages.replaced,
      order: { orderNumber: 'INK-2026-1042', sellerName: 'Timmerbedrijf De Vries B.V.' },
    });
    const text = textOf(html);
    expect(text).toContain('Order INK-2026-1042 · Timmerbedrijf De Vries B.V.');
    expect(text).toContain(pageTexts.replacedTitle);
    expect(text).toContain(confirmationMessages.replaced);
    expect(html).not.toContain('<form');
    expect(html).toContain('lang="nl"');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
  });
});
