import { AppError, invalidInput, notFound } from '../server/errors';
import type { ConfirmationLogo, ConfirmPagePort, GoneReason } from '../server/http/confirm-page/port';
import type { Unit, VatRate } from '../shared/constants';
import { fieldErrors } from '../shared/field-errors';
import { centsToEuros, computeOrderTotals, eurosToCents } from '../shared/money';
import { DECISION_RECORDED_AS } from '../shared/order-confirmation-states';
import {
  type ConfirmationState,
  type CustomerResponse,
  confirmationAnswerInput,
  confirmationMessages,
  type PublicConfirmation,
} from '../shared/schemas/order-confirmation';

/**
 * The public order page's fixtures: a realistic order as it was sent, and a fake of the services the
 * page asks (http/confirm-page/port.ts) that keeps its links in memory, checks an answer with the
 * same schema as the real service, and remembers every call.
 */

type SampleLine = { description: string; quantity: number; unit: Unit; price: number; vat: VatRate };

export const SAMPLE_LINES: SampleLine[] = [
  {
    description: 'Eiken vloerdelen 20 mm, geschuurd en geolied',
    quantity: 42.5,
    unit: 'm2',
    price: 64.5,
    vat: 21,
  },
  { description: 'Leggen van de vloer, inclusief ondervloer', quantity: 16, unit: 'uur', price: 52, vat: 21 },
  { description: 'Plinten wit gelakt 70 mm', quantity: 38, unit: 'meter', price: 4.95, vat: 21 },
  { description: 'Afvoeren van bouwafval', quantity: 1, unit: 'stuk', price: 85, vat: 9 },
];

/** The order as sent: the totals worked out as the PDF does (money.ts). */
export function sampleConfirmation(
  overrides: Partial<PublicConfirmation> & { lines?: SampleLine[] } = {},
): PublicConfirmation {
  const { lines = SAMPLE_LINES, ...rest } = overrides;
  const btwVerlegd = rest.btwVerlegd ?? false;
  const amounts = lines.map((l) => ({ quantity: l.quantity, priceCents: eurosToCents(l.price), vat: l.vat }));
  const totals = computeOrderTotals(amounts, btwVerlegd);
  return {
    orderNumber: 'INK-2026-1042',
    date: '2026-11-27',
    reference: 'Verbouwing Oudegracht 114',
    project: 'Oudegracht 114',
    seller: {
      company: 'Timmerbedrijf De Vries B.V.',
      address: 'Kanaalstraat 12',
      postalCode: '3521 AB',
      city: 'Utrecht',
      kvkNumber: '30123456',
      btwNumber: 'NL812345678B01',
    },
    customer: {
      name: 'Sanne Jansen',
      company: 'Bouwgroep Noord B.V.',
      contactPerson: 'Sanne Jansen',
      email: 'inkoop@bouwgroepnoord.nl',
      address: 'Industrieweg 8',
      postalCode: '9723 BK',
      city: 'Groningen',
      country: 'Nederland',
      btwNumber: 'NL009876543B01',
    },
    deliveryDate: '2026-12-14',
    deliveryAddress: {
      name: 'Bouwplaats Oudegracht',
      address: 'Oudegracht 114',
      postalCode: '3511 AX',
      city: 'Utrecht',
      country: 'Nederland',
    },
    items: lines.map((l, i) => ({
      description: l.description,
      quantity: l.quantity,
      unit: l.unit,
      price: l.price,
      vat: btwVerlegd ? 'verlegd' : l.vat,
      total: centsToEuros(totals.lines[i]!.totalCents),
    })),
    totals: {
      subtotal: centsToEuros(totals.subtotalCents),
      vat: centsToEuros(totals.vatCents),
      total: centsToEuros(totals.totalCents),
      vatByRate: totals.vatByRate.map((r) => ({
        rate: r.rate,
        base: centsToEuros(r.baseCents),
        vat: centsToEuros(r.vatCents),
      })),
    },
    btwVerlegd,
    state: 'waiting',
    expiresAt: '2027-02-25T10:00:00.000Z',
    response: null,
    ...rest,
  };
}

export const sampleResponse = (overrides: Partial<CustomerResponse> = {}): CustomerResponse => ({
  decision: 'changes_requested',
  respondedAt: '2026-11-28T09:41:00.000Z',
  respondentName: 'Sanne Jansen',
  note: 'Graag een week later leveren; de plinten halen we zelf.',
  deliveryDate: null,
  lines: [
    { lineIndex: 0, status: 'changed', quantity: 45, deliveryDate: '2026-12-21' },
    { lineIndex: 1, status: 'accepted', quantity: null, deliveryDate: null },
    { lineIndex: 2, status: 'rejected', quantity: null, deliveryDate: null },
    { lineIndex: 3, status: 'accepted', quantity: null, deliveryDate: null },
  ],
  ...overrides,
});

/** The services' ConfirmationGoneError as the page recognises it: by its name and reason. */
export class FakeConfirmationGoneError extends Error {
  override name = 'ConfirmationGoneError';
  constructor(readonly reason: GoneReason) {
    super(confirmationMessages[reason]);
  }
}

export type FakeLink = PublicConfirmation | { gone: GoneReason };

export type FakeConfirmPort = ConfirmPagePort & {
  links: Map<string, FakeLink>;
  logos: Map<string, ConfirmationLogo>;
  calls: {
    read: string[];
    answer: { token: string; input: unknown; ip: string }[];
    file: string[];
    logo: string[];
  };
  /** Makes answerConfirmation refuse with 429 (the services' rate limit). */
  limited: boolean;
};

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export function fakeConfirmPort(links: Record<string, FakeLink> = {}): FakeConfirmPort {
  const port: FakeConfirmPort = {
    links: new Map(Object.entries(links)),
    logos: new Map(),
    calls: { read: [], answer: [], file: [], logo: [] },
    limited: false,
    async readConfirmationPage(_deps, token) {
      port.calls.read.push(token);
      const link = port.links.get(token);
      if (!link) throw notFound(confirmationMessages.notFound);
      if ('gone' in link) throw new FakeConfirmationGoneError(link.gone);
      // As the services: the logo goes only with a link that still opens its order.
      const logo = link.state === 'waiting' || link.state === 'answered' ? port.logos.get(token) : undefined;
      return { view: link, logo: logo ? { hash: logo.hash, width: logo.width, height: logo.height } : null };
    },
    async answerConfirmation(_deps, token, input, meta) {
      port.calls.answer.push({ token, input, ip: meta.ip });
      if (port.limited)
        throw new AppError(
          'TOO_MANY_REQUESTS',
          confirmationMessages.tooMany,
          {},
          { headers: { 'retry-after': '60' } },
        );
      const parsed = confirmationAnswerInput.safeParse(input);
      if (!parsed.success) throw invalidInput(fieldErrors(parsed.error));
      const link = port.links.get(token);
      if (!link) throw notFound(confirmationMessages.notFound);
      if ('gone' in link) throw new FakeConfirmationGoneError(link.gone);
      const gone: Partial<Record<ConfirmationState, GoneReason>> = {
        replaced: 'replaced',
        expired: 'expired',
      };
      const reason = gone[link.state];
      if (reason) throw new FakeConfirmationGoneError(reason);
      if (link.state === 'answered') throw new AppError('CONFLICT', confirmationMessages.alreadyAnswered);
      const answer = parsed.data;
      const response: CustomerResponse = {
        decision: DECISION_RECORDED_AS[answer.decision],
        respondedAt: '2026-11-28T09:41:00.000Z',
        respondentName: answer.name,
        note: answer.note || null,
        deliveryDate: answer.deliveryDate ?? null,
        lines:
          answer.decision === 'change'
            ? (answer.lines ?? []).map((l) => ({
                lineIndex: l.lineIndex,
                status: l.status,
                quantity: l.quantity ?? null,
                deliveryDate: l.deliveryDate ?? null,
              }))
            : [],
      };
      port.links.set(token, { ...link, state: 'answered', response });
      return response;
    },
    async confirmationFile(_deps, token, kind) {
      port.calls.file.push(`${token}:${kind}`);
      const link = port.links.get(token);
      if (!link) throw notFound(confirmationMessages.notFound);
      if ('gone' in link) throw new FakeConfirmationGoneError(link.gone);
      if (link.state === 'replaced' || link.state === 'expired')
        throw new FakeConfirmationGoneError(link.state);
      return kind === 'pdf'
        ? {
            filename: `${link.orderNumber}.pdf`,
            contentType: 'application/pdf',
            content: Buffer.from('%PDF-1.7 …'),
          }
        : {
            filename: `${link.orderNumber}.xml`,
            contentType: 'application/xml; charset=utf-8',
            content: Buffer.from('<?xml version="1.0" encoding="UTF-8"?><Order/>'),
          };
    },
    async confirmationLogo(_deps, token) {
      port.calls.logo.push(token);
      return port.logos.get(token) ?? null;
    },
  };
  return port;
}

export const tinyLogo = (): ConfirmationLogo => ({
  content: TINY_PNG,
  contentType: 'image/png',
  hash: 'a'.repeat(64),
  width: 1,
  height: 1,
});
