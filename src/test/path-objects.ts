import type { ApiOperation } from './openapi-operations';

/**
 * Which stored object a path parameter of the OpenAPI document names, for the tests generated from
 * the document. A parameter is known by the path segment before it and its name:
 * `orders/{id}` is the same order in /orders/{id}, /orders/{id}/send-email and /pdf/orders/{id}.
 */

export type ObjectKind =
  | 'customer'
  | 'order'
  | 'emailTemplate'
  | 'apiKey'
  | 'webhook'
  | 'pdfFile'
  | 'organization'
  | 'member'
  | 'invitation';

export const PATH_OBJECTS: Record<string, ObjectKind> = {
  'customers/{id}': 'customer',
  'orders/{id}': 'order',
  'email-templates/{id}': 'emailTemplate',
  'api-keys/{id}': 'apiKey',
  'webhooks/{id}': 'webhook',
  'download/{filename}': 'pdfFile',
  // An organisation the user belongs to (switching to it): one of another account is no one's to use.
  'organizations/{id}': 'organization',
  // A member of the organisation, by their user id.
  'members/{userId}': 'member',
  // An open invitation of the organisation (withdraw, resend).
  'invitations/{id}': 'invitation',
};

/**
 * Path parameters that name no object of an account, and why. The mail tokens are themselves the
 * credential of a public operation: whoever holds the link may use it.
 */
export const NOT_OBJECT_PARAMETERS: Record<string, string> = {
  'verify-email/{token}': 'the verification link from the mail is the credential of a public operation',
  'reset-password/{token}': 'the reset link from the mail is the credential of a public operation',
  'invitations/{token}':
    'the invitation link from the mail is the credential: whoever holds it may see and use it',
  'confirm/{token}':
    'the order link from the mail is the credential: it opens the one order version it was sent with (its own isolation tests: http/public-confirm.int.test.ts)',
};

export function pathParameterKey(path: string, parameter: string): string {
  const segments = path.split('/');
  return `${segments[segments.indexOf(`{${parameter}}`) - 1]}/{${parameter}}`;
}

export const pathObjectKind = (op: Pick<ApiOperation, 'path'>, parameter: string): ObjectKind | undefined =>
  PATH_OBJECTS[pathParameterKey(op.path, parameter)];

/** A well-formed PDF download name (http/pdf-download.ts) that no file has. */
export const unknownPdfFilename = () =>
  `INK-2026-1001-${Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => 'abcdefghijklmnopqrstuvwxyz234567'[b % 32]).join('')}.pdf`;
