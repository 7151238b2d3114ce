import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client';
import {
  companyLogos,
  type OrderConfirmationRow,
  orderConfirmations,
  orders,
  type StoredResponseLine,
} from '../../../../db/schema';
import type { OrderStatus } from '../../../../shared/constants';
import { amsterdamDay } from '../../../../shared/dates';
import { fieldErrors } from '../../../../shared/field-errors';
import { centsToEuros } from '../../../../shared/money';
import { quantityToDecimal } from '../../../../shared/rules/quantity';
import {
  type ConfirmationState,
  type CustomerResponse,
  confirmationAnswerInput,
  confirmationMessages,
  DECISION_RECORDED_AS,
  type PublicConfirmation,
} from '../../../../shared/schemas/order-confirmation';
import { effectiveDeliveryAddress } from '../../../../shared/schemas/order-delivery';
import type { ServiceDeps } from '../../../deps';
import { AppError, invalidInput, notFound } from '../../../errors';
import { enqueue } from '../../../jobs/queue';
import { customerResponseMailQueue } from '../../../jobs/queues';
import { recordCustomerAudit } from '../../audit/audit-log';
import { assertWithinRateLimit, rateLimitAddress } from '../../auth/rate-limit';
import { findLogo, logoDataUrl, type StoredLogo } from '../../logo/logos';
import { pdfMessages } from '../../pdf/messages';
import { orderDocumentData } from '../../pdf/order-document-data';
import { documentPdf } from '../../pdf/order-pdf';
import { findDownload } from '../../pdf/pdf-files';
import { emitWebhookEvent } from '../../webhooks/events';
import { orderEventData } from '../order-event-data';
import { ublOfOrder } from '../order-ubl';
import { responseMailRecipients } from './answer-mail';
import { type ConfirmationDocument, orderRecordOf, sellerCompanyOf } from './document';
import { confirmationState, customerResponseWire } from './response-wire';
import { confirmationTokenHash, isWellFormedConfirmationToken } from './token';

/**
 * The customer's side of an order (`/confirm/{token}` and `/api/public/confirm/{token}`): no session
 * or key, the token is the only credential. It opens the one order version it was sent with and
 * nothing else (looked up by its hash; the organisation and the order come from the row, never from
 * input). Reading never changes anything — mail scanners open links — and only answerConfirmation
 * writes.
 *
 * When a link stops working:
 * - unknown, malformed, or its order deleted (the row goes with the order): 404, notFound;
 * - its order cancelled: gone ('cancelled') for everything;
 * - replaced by a newer send, or past its 90 days on the app's clock: reading still shows the order
 *   and says so (`state`), answering is gone, and so are the files — the PDF and the UBL file are a
 *   copy to keep or import, and an outdated version should not be fetched after the seller sent a
 *   newer one or the link ran out.
 */

export type GoneReason = 'replaced' | 'expired' | 'cancelled';

/**
 * A link that no longer works (HTTP 410), with the Dutch words of why. An AppError, so a caller that
 * does not know it still answers with its message (as a 404) instead of an internal error.
 */
export class ConfirmationGoneError extends AppError {
  /** The public page knows it by this name and `reason` (http/confirm-page/port.ts), not by its class. */
  override readonly name = 'ConfirmationGoneError';
  readonly reason: GoneReason;
  readonly status = 410;
  constructor(reason: GoneReason) {
    super('NOT_FOUND', confirmationMessages[reason]);
    this.reason = reason;
  }
}

/** Answers per link and per address (a /64 for IPv6) in RATE_WINDOW_MS. */
export const ANSWER_LIMIT_PER_TOKEN = 10;
export const ANSWER_LIMIT_PER_IP = 30;
export const ANSWER_WINDOW_MS = 15 * 60 * 1000;

const unknownLink = () => notFound(confirmationMessages.notFound);

type Found = { link: OrderConfirmationRow; orderStatus: OrderStatus };

/** What the order page needs of the seller's logo to show it: its version and size, not its bytes. */
export type ConfirmationLogoMeta = { hash: string; width: number; height: number };

type FoundWithLogo = Found & { logo: ConfirmationLogoMeta | null };

/**
 * The link of a token with its order's status; 404 for anything that is not one. With `logo`, the same
 * one query also brings the seller's logo meta (null without a logo), so the page is read in one go.
 */
async function findLink(db: DbOrTx, token: string, opts?: { lock?: boolean }): Promise<Found>;
async function findLink(db: DbOrTx, token: string, opts: { logo: true }): Promise<FoundWithLogo>;
async function findLink(
  db: DbOrTx,
  token: string,
  opts: { lock?: boolean; logo?: boolean } = {},
): Promise<Found | FoundWithLogo> {
  if (!isWellFormedConfirmationToken(token)) throw unknownLink();
  const linkFields = { link: orderConfirmations, orderStatus: orders.status };
  const logoFields = { hash: companyLogos.hash, width: companyLogos.width, height: companyLogos.height };
  const base = db
    .select(opts.logo ? { ...linkFields, logo: logoFields } : linkFields)
    .from(orderConfirmations)
    .innerJoin(
      orders,
      and(
        eq(orders.id, orderConfirmations.orderId),
        eq(orders.organizationId, orderConfirmations.organizationId),
      ),
    )
    .where(eq(orderConfirmations.tokenHash, confirmationTokenHash(token)))
    .limit(1)
    .$dynamic();
  // The logo belongs to the organisation that sent the order (the row's, never the input's).
  const query = opts.logo
    ? base.leftJoin(companyLogos, eq(companyLogos.organizationId, orderConfirmations.organizationId))
    : base;
  const [row] = opts.lock ? await query.for('update', { of: orderConfirmations }) : await query;
  if (!row) throw unknownLink();
  return row;
}

function assertNotCancelled(found: Found): void {
  if (found.orderStatus === 'cancelled') throw new ConfirmationGoneError('cancelled');
}

/** Why a link may no longer be answered or downloaded from; null while it may. */
function goneReason(found: Found, now: Date): GoneReason | null {
  if (found.orderStatus === 'cancelled') return 'cancelled';
  if (found.link.replacedAt) return 'replaced';
  if (found.link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return null;
}

/** The seller's logo goes with a link that still opens its order (waiting or answered), like the page. */
function showsLogo(found: Found, state: ConfirmationState): boolean {
  return found.orderStatus !== 'cancelled' && (state === 'waiting' || state === 'answered');
}

/** The order as the link shows it: the document as sent, in the API's shape. */
export function publicConfirmationOf(
  link: OrderConfirmationRow,
  state: ConfirmationState,
): PublicConfirmation {
  const document = link.document as ConfirmationDocument;
  const order = orderRecordOf(document);
  const { seller } = document;
  const customer = order.customerSnapshot;
  const delivery = effectiveDeliveryAddress(order.deliveryAddress, customer);
  return {
    orderNumber: order.orderNumber,
    date: amsterdamDay(order.date),
    reference: order.reference,
    project: order.project,
    seller: {
      company: seller.company,
      address: seller.address,
      postalCode: seller.postalCode,
      city: seller.city,
      kvkNumber: seller.kvkNumber,
      btwNumber: seller.btwNumber,
    },
    customer: {
      name: customer?.name ?? '',
      company: customer?.company ?? '',
      contactPerson: customer?.contactPerson ?? '',
      email: customer?.email ?? '',
      address: customer?.address ?? '',
      postalCode: customer?.postalCode ?? '',
      city: customer?.city ?? '',
      country: customer?.country ?? '',
      btwNumber: customer?.btwNumber ?? '',
    },
    deliveryDate: order.deliveryDate,
    deliveryAddress: delivery.address && {
      name: delivery.address.name,
      address: delivery.address.address,
      postalCode: delivery.address.postalCode,
      city: delivery.address.city,
      country: delivery.address.country,
    },
    items: order.items.map((i) => ({
      description: i.description,
      quantity: i.quantity,
      unit: i.unit,
      price: centsToEuros(i.priceCents),
      vat: i.vat,
      total: centsToEuros(i.totalCents),
    })),
    totals: {
      subtotal: centsToEuros(order.subtotalCents),
      vat: centsToEuros(order.vatCents),
      total: centsToEuros(order.totalCents),
      vatByRate: order.vatByRate.map((r) => ({
        rate: r.rate,
        base: centsToEuros(r.baseCents),
        vat: centsToEuros(r.vatCents),
      })),
    },
    btwVerlegd: order.btwVerlegd,
    state,
    expiresAt: link.expiresAt.toISOString(),
    response: customerResponseWire(link),
  };
}

/** The view of a found link, for reading: gone for a cancelled order, else the order with its state. */
function readableView(found: Found, now: Date): PublicConfirmation {
  assertNotCancelled(found);
  return publicConfirmationOf(found.link, confirmationState(found.link, found.orderStatus, now));
}

/**
 * GET (and HEAD) of `/api/public/confirm/{token}`: the order as sent with this link and where the
 * answer stands. Changes nothing. 404 for an unknown token; ConfirmationGoneError ('cancelled') when
 * the order was cancelled; a replaced or expired link still answers, its `state` says which.
 */
export async function readPublicConfirmation(
  deps: ServiceDeps<'db' | 'now'>,
  token: string,
): Promise<PublicConfirmation> {
  return readableView(await findLink(deps.db, token), deps.now());
}

/** What the order page shows: the order as sent with the link, and the seller's logo beside it. */
export type ConfirmationPage = { view: PublicConfirmation; logo: ConfirmationLogoMeta | null };

/**
 * GET (and HEAD) of the order page, and its re-render after a refused answer: readPublicConfirmation
 * and the logo's meta in one query, under the same rules — 404 for an unknown token,
 * ConfirmationGoneError ('cancelled') for a cancelled order — with the logo only while the link still
 * opens its order, as confirmationLogo gives it.
 */
export async function readConfirmationPage(
  deps: ServiceDeps<'db' | 'now'>,
  token: string,
): Promise<ConfirmationPage> {
  const found = await findLink(deps.db, token, { logo: true });
  const view = readableView(found, deps.now());
  return { view, logo: showsLogo(found, view.state) ? found.logo : null };
}

/** The per-link and per-address budgets of answering; a link's budget is kept under its hash, never the token. */
async function assertAnswerRateLimit(db: DbOrTx, token: string, ip: string, now: Date): Promise<void> {
  const budget = { windowMs: ANSWER_WINDOW_MS, now, message: confirmationMessages.tooMany };
  await assertWithinRateLimit(db, `confirm-answer:ip:${rateLimitAddress(ip)}`, {
    ...budget,
    limit: ANSWER_LIMIT_PER_IP,
  });
  if (isWellFormedConfirmationToken(token))
    await assertWithinRateLimit(db, `confirm-answer:link:${confirmationTokenHash(token)}`, {
      ...budget,
      limit: ANSWER_LIMIT_PER_TOKEN,
    });
}

const VALIDATION_MESSAGE = 'Ongeldige invoer. Controleer de gemarkeerde velden.';

/**
 * POST of the page's form and of `/api/public/confirm/{token}`: the customer's answer to the version
 * sent with this link, recorded once. In order: the rate limits (per address, then per link: 429),
 * an unknown token (404), the link locked (FOR UPDATE, so two answers at once cannot both be taken),
 * a cancelled order, a newer send or an expired link (ConfirmationGoneError), an answer already given
 * (409), then the input (400 with `details`, lines by their place on the order as sent). Recorded
 * with, in the same transaction: the audit entry (the customer by the name they gave, and their
 * address), the webhook event `order.accepted` / `order.rejected` / `order.changes_requested`, and
 * the mail to the order's writer (a job, so a mail server away delays it, never the answer).
 */
export async function answerConfirmation(
  deps: ServiceDeps<'db' | 'now'>,
  token: string,
  input: unknown,
  meta: { ip: string },
): Promise<CustomerResponse> {
  const now = deps.now();
  await assertAnswerRateLimit(deps.db, token, meta.ip, now);
  if (!isWellFormedConfirmationToken(token)) throw unknownLink();
  return deps.db.transaction(async (tx) => {
    const found = await findLink(tx, token, { lock: true });
    const gone = goneReason(found, now);
    if (gone) throw new ConfirmationGoneError(gone);
    const { link } = found;
    if (link.decision) throw new AppError('CONFLICT', confirmationMessages.alreadyAnswered);

    const parsed = confirmationAnswerInput.safeParse(input);
    if (!parsed.success) throw invalidInput(fieldErrors(parsed.error), VALIDATION_MESSAGE);
    const answer = parsed.data;
    const document = link.document as ConfirmationDocument;
    const lineCount = document.order.items.length;
    const lines: StoredResponseLine[] =
      answer.decision === 'change'
        ? (answer.lines ?? []).map((line) => ({
            lineIndex: line.lineIndex,
            status: line.status,
            quantity:
              line.status === 'changed' && line.quantity !== undefined
                ? quantityToDecimal(line.quantity)
                : null,
            deliveryDate: line.status === 'changed' ? (line.deliveryDate ?? null) : null,
          }))
        : [];
    const unknownLines = lines.flatMap((line, i) => (line.lineIndex >= lineCount ? [i] : []));
    if (unknownLines.length > 0)
      throw invalidInput(
        Object.fromEntries(unknownLines.map((i) => [`lines.${i}.lineIndex`, confirmationMessages.lineIndex])),
        VALIDATION_MESSAGE,
      );

    const decision = DECISION_RECORDED_AS[answer.decision];
    const [recorded] = await tx
      .update(orderConfirmations)
      .set({
        decision,
        respondedAt: now,
        respondentName: answer.name,
        responseNote: answer.note || null,
        responseDeliveryDate: answer.decision === 'accept' ? (answer.deliveryDate ?? null) : null,
        responseLines: lines,
      })
      .where(eq(orderConfirmations.id, link.id))
      .returning();
    if (!recorded) throw unknownLink();

    const { organizationId, orderId } = link;
    const given = ['decision', 'respondentName'];
    if (recorded.responseNote) given.push('note');
    if (recorded.responseDeliveryDate) given.push('deliveryDate');
    if (lines.length > 0) given.push('lines');
    const action = `order.${decision}` as const;
    await recordCustomerAudit(
      tx,
      organizationId,
      { name: answer.name, ip: meta.ip },
      { action, objectType: 'order', objectId: orderId, fields: given },
      now,
    );
    await emitWebhookEvent(
      tx,
      organizationId,
      action,
      (at) => orderEventData(tx, organizationId, orderId, at),
      now,
    );
    const [order] = await tx
      .select({ createdBy: orders.createdBy })
      .from(orders)
      .where(eq(orders.id, orderId));
    const recipients = await responseMailRecipients(tx, organizationId, order?.createdBy);
    await enqueue(
      tx,
      customerResponseMailQueue,
      recipients.map((recipientId) => ({ organizationId, orderId, confirmationId: link.id, recipientId })),
    );
    // Written a moment ago; customerResponseWire is null only for a row without an answer.
    return customerResponseWire(recorded)!;
  });
}

export type ConfirmationFile = { filename: string; contentType: string; content: Buffer };

/**
 * The PDF or the UBL file of exactly the version sent with this link, made from the document as sent
 * by the same printer and UBL writer as the app's own downloads (the PDF in the house style as sent,
 * with the organisation's current logo). 404 for an unknown token; ConfirmationGoneError when the
 * order was cancelled, a newer version was sent, or the link expired. A UBL file that cannot be
 * expressed answers the download's 409.
 */
export async function confirmationFile(
  deps: ServiceDeps<'db' | 'printer' | 'log' | 'now'>,
  token: string,
  kind: 'pdf' | 'ubl',
): Promise<ConfirmationFile> {
  const found = await findLink(deps.db, token);
  const gone = goneReason(found, deps.now());
  if (gone) throw new ConfirmationGoneError(gone);
  const { link } = found;
  const document = link.document as ConfirmationDocument;
  const order = orderRecordOf(document);
  const seller = sellerCompanyOf(document, link.organizationId);
  if (kind === 'ubl') {
    const ubl = ublOfOrder(order, seller, document.settings.showBankAccount);
    return { filename: ubl.filename, contentType: 'application/xml', content: Buffer.from(ubl.xml, 'utf8') };
  }
  const logo = await findLogo(deps.db, link.organizationId);
  const data = orderDocumentData(order, seller, document.settings, logo ? logoDataUrl(logo) : null);
  const pdf = await documentPdf(
    deps,
    { organizationId: link.organizationId, orderId: link.orderId },
    { order, user: seller, data },
  );
  const file = await findDownload(deps.db, link.organizationId, pdf.filename, deps.now());
  // Stored a moment ago and kept for a day: only a database that lost it gets here.
  if (!file) throw new AppError('SERVICE_UNAVAILABLE', pdfMessages.failed);
  return { filename: file.downloadName, contentType: 'application/pdf', content: file.content };
}

/**
 * The seller's logo for the public order page: the app's own logo route needs a login, the customer has
 * only the link. Given for a link that still opens its order (waiting or answered), like the page
 * itself; null for an unknown, replaced or expired link, a cancelled order, or a seller without a logo.
 */
export async function confirmationLogo(
  deps: ServiceDeps<'db' | 'now'>,
  token: string,
): Promise<StoredLogo | null> {
  let found: Found;
  try {
    found = await findLink(deps.db, token);
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
    throw err;
  }
  const state = confirmationState(found.link, found.orderStatus, deps.now());
  if (!showsLogo(found, state)) return null;
  return findLogo(deps.db, found.link.organizationId);
}
