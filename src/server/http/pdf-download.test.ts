import { describe, expect, it } from 'vitest';
import { downloadFilename } from '../services/pdf/pdf-files';
import { attachmentDisposition, isDownloadFilename, pdfLinkUrl } from './pdf-download';

describe('isDownloadFilename', () => {
  it('accepts every name downloadFilename makes, whatever the order number holds', () => {
    for (const number of ['INK-2026-1001', 'PO/2026\\7', '../../etc/passwd', 'Ørder 5', '', '%2e%2e%2f']) {
      expect(isDownloadFilename(downloadFilename(number)), number).toBe(true);
    }
  });

  it('refuses paths, encodings, other cases and other extensions', () => {
    const token = 'a'.repeat(32);
    for (const name of [
      `../INK-1-${token}.pdf`,
      `..\\INK-1-${token}.pdf`,
      `INK/1-${token}.pdf`,
      `INK%2F1-${token}.pdf`,
      `INK-1-${token.toUpperCase()}.pdf`,
      `INK-1-${token}.PDF`,
      `INK-1-${token}.pdf.exe`,
      `INK-1-${token.slice(1)}.pdf`,
      `INK-1-${'1'.repeat(32)}.pdf`,
      `-${token}.pdf`,
      `INK-1-${token}.pdf\u0000`,
      '',
    ]) {
      expect(isDownloadFilename(name), name).toBe(false);
    }
  });
});

describe('attachmentDisposition', () => {
  it('gives a plain ASCII name as filename only', () => {
    expect(attachmentDisposition('INK-2026-1001.pdf')).toBe('attachment; filename="INK-2026-1001.pdf"');
  });

  it('adds the RFC 5987 name when the name is not plain ASCII, and keeps quotes out of the header', () => {
    expect(attachmentDisposition('Bestelling-Ørsted.pdf')).toBe(
      `attachment; filename="Bestelling-_rsted.pdf"; filename*=UTF-8''Bestelling-%C3%98rsted.pdf`,
    );
    expect(attachmentDisposition('a"b\\c.pdf')).toBe(
      `attachment; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`,
    );
    expect(attachmentDisposition("Café's (1).pdf")).toBe(
      `attachment; filename="Caf_'s (1).pdf"; filename*=UTF-8''Caf%C3%A9%27s%20%281%29.pdf`,
    );
  });
});

describe('pdfLinkUrl', () => {
  it('points at the download route with the name as one path segment and the link token as ?token=', () => {
    expect(pdfLinkUrl('INK-2026-1001-abcdefghijklmnopqrstuvwxyz234567.pdf', 'dl_abc')).toBe(
      '/api/pdf/download/INK-2026-1001-abcdefghijklmnopqrstuvwxyz234567.pdf?token=dl_abc',
    );
    // Whatever the name holds, it cannot climb out of the route or add a parameter.
    expect(pdfLinkUrl('../../etc/passwd?x=1', 'dl_a&b')).toBe(
      '/api/pdf/download/..%2F..%2Fetc%2Fpasswd%3Fx%3D1?token=dl_a%26b',
    );
  });
});
