import type { ApiErrorInfo } from './api-errors';
import { NETWORK_ERROR_MESSAGE } from './api-errors';

/** Spec §8 Dashboard: the one text for a PDF that could not be made, wherever the user asked for it. */
export const PDF_ERROR = 'Er is een fout opgetreden bij het genereren van de PDF.';

/** The spec's sentence without its full stop: the server's 503 may continue it ('…van de PDF: …'). */
const PDF_ERROR_STEM = PDF_ERROR.slice(0, -1);

/**
 * What to show under the spec's text, or null when there is nothing to add. The server's own Dutch
 * sentence counts when it is an answer about this request (a 4xx such as 'order niet gevonden', or the
 * printer's 503: unavailable, too busy); a 500's message is generic and says nothing more. Its
 * repetition of the spec's sentence is left out, so the reason reads on its own.
 */
export function pdfErrorReason(info: Pick<ApiErrorInfo, 'serverMessage' | 'httpStatus' | 'isNetworkError'>) {
  if (info.isNetworkError) return NETWORK_ERROR_MESSAGE;
  const status = info.httpStatus;
  const message = info.serverMessage?.trim();
  if (!message || status === null || !(status < 500 || status === 503)) return null;
  if (!message.startsWith(PDF_ERROR_STEM)) return message;
  const rest = message.slice(PDF_ERROR_STEM.length).replace(/^[\s.:;,-]+/, '');
  return rest ? rest.charAt(0).toLocaleUpperCase('nl-NL') + rest.slice(1) : null;
}
