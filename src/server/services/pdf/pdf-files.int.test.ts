import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../../db/schema';
import { openTestDatabase, type TestDatabase } from '../../../test/db';
import { createSignedInUser } from '../../../test/users';
import {
  deleteExpiredPdfs,
  documentHash,
  downloadFilename,
  downloadName,
  findDownload,
  findStoredPdf,
  PDF_FILE_TTL_MS,
  storePdf,
} from './pdf-files';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function orderOf(organizationId: string, orderNumber: string) {
  const [row] = await database.db
    .insert(orders)
    .values({ organizationId, orderNumber, subtotal: '1.00', vat: '0.21', total: '1.21' })
    .returning({ id: orders.id });
  return row!.id;
}

const pdf = (text: string) => Buffer.from(`%PDF-1.7 ${text}`);

describe('names', () => {
  it('a URL name keeps the order number readable, adds 160 random bits, and can never hold a path', () => {
    const a = downloadFilename('INK-2026-1001');
    const b = downloadFilename('INK-2026-1001');
    expect(a).toMatch(/^INK-2026-1001-[a-z2-7]{32}\.pdf$/);
    expect(a).not.toBe(b);
    expect(downloadFilename('../../etc/passwd')).toMatch(/^etc-passwd-[a-z2-7]{32}\.pdf$/);
    expect(downloadFilename('///')).toMatch(/^order-[a-z2-7]{32}\.pdf$/);
  });
  it('the saved name is the order number', () => {
    expect(downloadName('INK-2026-1001')).toBe('INK-2026-1001.pdf');
    expect(downloadName('A/B"\r\nC')).toBe('A-B-C.pdf');
  });
  it('the same HTML has the same key, other HTML another', () => {
    expect(documentHash('<p>a</p>')).toBe(documentHash('<p>a</p>'));
    expect(documentHash('<p>a</p>')).not.toBe(documentHash('<p>b</p>'));
  });
});

describe('stored PDFs', () => {
  it('are found again by owner, order and document hash while fresh', async () => {
    const { user } = await createSignedInUser(database.db);
    const orderId = await orderOf(user.id, 'INK-1');
    const stored = await storePdf(
      database.db,
      {
        organizationId: user.id,
        orderId,
        orderNumber: 'INK-1',
        htmlHash: 'h1',
        content: pdf('een'),
      },
      new Date(),
    );
    expect(stored.size).toBe(pdf('een').length);
    const again = await findStoredPdf(
      database.db,
      { organizationId: user.id, orderId, htmlHash: 'h1' },
      new Date(),
    );
    expect(again).toEqual({ id: stored.id, filename: stored.filename, downloadName: 'INK-1.pdf' });
    const file = await findDownload(database.db, user.id, stored.filename, new Date());
    expect(Buffer.compare(file!.content, pdf('een'))).toBe(0);
    expect(
      await findStoredPdf(database.db, { organizationId: user.id, orderId, htmlHash: 'h2' }, new Date()),
    ).toBeNull();
    const tomorrow = new Date(Date.now() + PDF_FILE_TTL_MS + 1000);
    expect(
      await findStoredPdf(database.db, { organizationId: user.id, orderId, htmlHash: 'h1' }, tomorrow),
    ).toBeNull();
  });

  it('download only by the owner, with the exact name, within a day', async () => {
    const owner = await createSignedInUser(database.db);
    const other = await createSignedInUser(database.db);
    const orderId = await orderOf(owner.user.id, 'INK-2');
    const stored = await storePdf(
      database.db,
      {
        organizationId: owner.user.id,
        orderId,
        orderNumber: 'INK-2',
        htmlHash: 'h',
        content: pdf('twee'),
      },
      new Date(),
    );
    expect((await findDownload(database.db, owner.user.id, stored.filename, new Date()))?.id).toBe(stored.id);
    expect(await findDownload(database.db, other.user.id, stored.filename, new Date())).toBeNull();
    expect(
      await findDownload(database.db, owner.user.id, stored.filename.toUpperCase(), new Date()),
    ).toBeNull();
    expect(await findDownload(database.db, owner.user.id, 'INK-2.pdf', new Date())).toBeNull();
    const later = new Date(Date.now() + PDF_FILE_TTL_MS + 1000);
    expect(await findDownload(database.db, owner.user.id, stored.filename, later)).toBeNull();
  });

  it('older than a day are removed, newer ones stay', async () => {
    const { user } = await createSignedInUser(database.db);
    const orderId = await orderOf(user.id, 'INK-3');
    const file = await storePdf(
      database.db,
      {
        organizationId: user.id,
        orderId,
        orderNumber: 'INK-3',
        htmlHash: 'h',
        content: pdf('drie'),
      },
      new Date(),
    );
    expect(await deleteExpiredPdfs(database.db, new Date())).toBe(0);
    const later = new Date(file.createdAt.getTime() + PDF_FILE_TTL_MS + 1000);
    expect(await deleteExpiredPdfs(database.db, later)).toBeGreaterThanOrEqual(1);
    expect(await findDownload(database.db, user.id, file.filename, new Date())).toBeNull();
  });
});
