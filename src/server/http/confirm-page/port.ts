import type { CustomerResponse, PublicConfirmation } from '../../../shared/schemas/order-confirmation';
import type { AppDeps } from '../../deps';

/**
 * What the public order page asks of the services: reading the order as it was sent with a link
 * (with its logo's meta, in one go), the customer's one answer, the files of that version and the
 * seller's logo. The page is written against
 * this shape so it can be tested with a fake; the server hands it the real services
 * (services/orders/confirmation/), whose functions have these signatures.
 */

/** The files the page offers, exactly as they were sent with the link. */
export type ConfirmationFileKind = 'pdf' | 'ubl';

export type ConfirmationFile = { filename: string; contentType: string; content: Buffer };

/** The seller's logo for the page (the app's own logo route needs a login). */
export type ConfirmationLogo = {
  content: Buffer;
  contentType: string;
  /** SHA-256 of the content (hex): its ETag and version. */
  hash: string;
  width: number;
  height: number;
};

/** What the page shows of the logo: its version (for the image's address) and its size, not its bytes. */
export type ConfirmationLogoMeta = Pick<ConfirmationLogo, 'hash' | 'width' | 'height'>;

export type ConfirmationPage = { view: PublicConfirmation; logo: ConfirmationLogoMeta | null };

export type ConfirmPagePort = {
  /**
   * The order as sent with this link, and the seller's logo's meta while the link still opens its
   * order (null otherwise, or without a logo). Throws AppError NOT_FOUND for an unknown token and a
   * ConfirmationGoneError for a cancelled order; a replaced or expired link answers its view with
   * that state. One read: a page visit asks nothing else.
   */
  readConfirmationPage(deps: AppDeps, token: string): Promise<ConfirmationPage>;
  /**
   * Records the answer (input as confirmationAnswerInput takes it). Throws AppError BAD_REQUEST
   * with `extra.details` {field: message}, TOO_MANY_REQUESTS, NOT_FOUND, CONFLICT when already
   * answered, and a ConfirmationGoneError for a replaced, expired or cancelled link.
   */
  answerConfirmation(
    deps: AppDeps,
    token: string,
    input: unknown,
    meta: { ip: string },
  ): Promise<CustomerResponse>;
  confirmationFile(deps: AppDeps, token: string, kind: ConfirmationFileKind): Promise<ConfirmationFile>;
  /** The seller's logo for a link that still opens its order; null when there is none to show. */
  confirmationLogo(deps: AppDeps, token: string): Promise<ConfirmationLogo | null>;
};

export const GONE_REASONS = ['replaced', 'expired', 'cancelled'] as const;
export type GoneReason = (typeof GONE_REASONS)[number];

/**
 * The services' ConfirmationGoneError, recognised by its shape rather than its class, so the page
 * does not depend on where that class lives: a link that no longer opens its order, with why.
 */
export type ConfirmationGone = Error & { name: 'ConfirmationGoneError'; reason: GoneReason };

export function isConfirmationGone(err: unknown): err is ConfirmationGone {
  if (!(err instanceof Error) || err.name !== 'ConfirmationGoneError') return false;
  const reason: unknown = Reflect.get(err, 'reason');
  return typeof reason === 'string' && (GONE_REASONS as readonly string[]).includes(reason);
}
