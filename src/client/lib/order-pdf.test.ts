import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from './api-errors';
import { PDF_ERROR, pdfErrorReason } from './order-pdf';

const answer = (httpStatus: number | null, serverMessage: string | null, isNetworkError = false) => ({
  httpStatus,
  serverMessage,
  isNetworkError,
});

describe('pdfErrorReason', () => {
  it('adds nothing when the server said only the spec text', () => {
    expect(pdfErrorReason(answer(503, PDF_ERROR))).toBeNull();
  });

  it('keeps what the printer adds after the spec text, as a sentence of its own', () => {
    expect(
      pdfErrorReason(
        answer(
          503,
          'Er is een fout opgetreden bij het genereren van de PDF: PDF-bestanden kunnen op deze server niet worden gemaakt. Neem contact op met de beheerder.',
        ),
      ),
    ).toBe('PDF-bestanden kunnen op deze server niet worden gemaakt. Neem contact op met de beheerder.');
  });

  it('passes on a busy printer and a 4xx answer about the order', () => {
    const busy =
      'Er worden op dit moment te veel PDF-bestanden tegelijk gemaakt. Probeer het over een paar seconden opnieuw.';
    expect(pdfErrorReason(answer(503, busy))).toBe(busy);
    expect(pdfErrorReason(answer(404, 'Order niet gevonden.'))).toBe('Order niet gevonden.');
  });

  it('leaves out the generic message of any other server error', () => {
    expect(pdfErrorReason(answer(500, 'Er is iets misgegaan op de server.'))).toBeNull();
    expect(pdfErrorReason(answer(502, 'Bad Gateway'))).toBeNull();
    expect(pdfErrorReason(answer(null, null))).toBeNull();
    expect(pdfErrorReason(answer(503, '  '))).toBeNull();
  });

  it('says the server could not be reached when there was no answer', () => {
    expect(pdfErrorReason(answer(null, null, true))).toBe(NETWORK_ERROR_MESSAGE);
  });
});
