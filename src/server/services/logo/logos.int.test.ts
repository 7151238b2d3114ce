import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, logoMessages } from '../../../shared/logo';
import { openTestDatabase, type TestDatabase } from '../../../test/db';
import { noisePng, pngBomb, SVG_LOGO, solidImage } from '../../../test/logo-images';
import { createSignedInUser } from '../../../test/users';
import { AppError } from '../../errors';
import { deleteLogo, findLogo, getLogo, logoDataUrl, logoInfo, saveLogo } from './logos';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const now = new Date('2026-11-26T10:00:00Z');

async function refusal(promise: Promise<unknown>) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('saving a logo', () => {
  it('re-encodes a JPEG with EXIF to a PNG without any metadata', async () => {
    const { user } = await createSignedInUser(database.db);
    const upload = await solidImage(120, 60, 'jpeg', { Copyright: 'Geheim 52.37N 4.89E', Artist: 'Jan' });
    expect((await sharp(upload).metadata()).exif).toBeDefined();

    await saveLogo(database.db, user.id, { content: upload, contentType: 'image/jpeg' }, now);
    const stored = await getLogo(database.db, user.id);
    const meta = await sharp(stored.content).metadata();
    expect(stored.contentType).toBe('image/png');
    expect(meta.format).toBe('png');
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.content.includes('Geheim')).toBe(false);
    expect([stored.width, stored.height]).toEqual([120, 60]);
  });

  it('fits a large logo within 800 × 400 keeping its aspect, and leaves a small one its size', async () => {
    const { user } = await createSignedInUser(database.db);
    const wide = await saveLogo(
      database.db,
      user.id,
      { content: await solidImage(2400, 600, 'webp'), contentType: 'image/webp' },
      now,
    );
    expect([wide.width, wide.height]).toEqual([800, 200]);
    const tall = await saveLogo(
      database.db,
      user.id,
      { content: await solidImage(1000, 2000, 'png'), contentType: 'image/png' },
      now,
    );
    expect([tall.width, tall.height]).toEqual([200, 400]);
    const meta = await sharp((await getLogo(database.db, user.id)).content).metadata();
    expect([meta.width, meta.height]).toEqual([200, 400]);
  });

  it('reads the type from the bytes: a PNG sent as image/jpeg is taken as the PNG it is', async () => {
    const { user } = await createSignedInUser(database.db);
    const info = await saveLogo(
      database.db,
      user.id,
      { content: await solidImage(40, 20, 'png'), contentType: 'image/jpeg' },
      now,
    );
    expect(info.width).toBe(40);
  });

  it('refuses SVG, whatever the header says, and other types, with the Dutch reason as details', async () => {
    const { user } = await createSignedInUser(database.db);
    for (const contentType of ['image/svg+xml', 'image/png', 'image/gif', 'application/octet-stream']) {
      const err = await refusal(saveLogo(database.db, user.id, { content: SVG_LOGO, contentType }, now));
      expect(err.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(err.message).toBe(logoMessages.wrongType);
      expect(err.extra.details).toEqual({ logo: logoMessages.wrongType });
    }
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect(
      (await refusal(saveLogo(database.db, user.id, { content: gif, contentType: 'image/png' }, now))).code,
    ).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await findLogo(database.db, user.id)).toBeNull();
  });

  it('refuses a file over 1 MB', async () => {
    const { user } = await createSignedInUser(database.db);
    const big = await noisePng(700);
    expect(big.length).toBeGreaterThan(LOGO_MAX_BYTES);
    const err = await refusal(
      saveLogo(database.db, user.id, { content: big, contentType: 'image/png' }, now),
    );
    expect(err.code).toBe('PAYLOAD_TOO_LARGE');
    expect(err.message).toBe(logoMessages.tooLarge);
  });

  it('refuses a decompression bomb by its header, before decoding it', async () => {
    const { user } = await createSignedInUser(database.db);
    const bomb = pngBomb(100_000);
    expect(bomb.length).toBeLessThan(10_000);
    const before = process.memoryUsage().rss;
    const err = await refusal(
      saveLogo(database.db, user.id, { content: bomb, contentType: 'image/png' }, now),
    );
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.message).toBe(logoMessages.tooManyPixels);
    // 100 000² pixels would be 30 GB; nothing near that was allocated.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses bytes that only start like an image', async () => {
    const { user } = await createSignedInUser(database.db);
    const broken = (await solidImage(40, 20, 'png')).subarray(0, 40);
    const err = await refusal(
      saveLogo(database.db, user.id, { content: broken, contentType: 'image/png' }, now),
    );
    expect(err.message).toBe(logoMessages.unreadable);
  });
});

describe('one company, one logo', () => {
  it('keeps each user’s logo apart: reading, replacing and removing touch only one’s own', async () => {
    const a = await createSignedInUser(database.db);
    const b = await createSignedInUser(database.db);
    const upload = async (w: number) => ({
      content: await solidImage(w, 10, 'png'),
      contentType: 'image/png',
    });
    await saveLogo(database.db, a.user.id, await upload(30), now);
    expect(await findLogo(database.db, b.user.id)).toBeNull();
    expect(await logoInfo(database.db, b.user.id)).toBeNull();
    expect((await refusal(getLogo(database.db, b.user.id))).message).toBe(logoMessages.notFound);
    expect((await refusal(deleteLogo(database.db, b.user.id))).code).toBe('NOT_FOUND');

    await saveLogo(database.db, b.user.id, await upload(50), now);
    expect((await getLogo(database.db, a.user.id)).width).toBe(30);
    expect((await getLogo(database.db, b.user.id)).width).toBe(50);

    await deleteLogo(database.db, a.user.id);
    expect(await findLogo(database.db, a.user.id)).toBeNull();
    expect((await getLogo(database.db, b.user.id)).width).toBe(50);
  });

  it('names a new version when the logo changes, and gives the PDF a data: URL', async () => {
    const { user } = await createSignedInUser(database.db);
    const first = await saveLogo(
      database.db,
      user.id,
      { content: await solidImage(30, 10, 'png'), contentType: 'image/png' },
      now,
    );
    const second = await saveLogo(
      database.db,
      user.id,
      { content: await solidImage(31, 10, 'png'), contentType: 'image/png' },
      now,
    );
    expect(first.version).not.toBe(second.version);
    expect((await logoInfo(database.db, user.id))?.version).toBe(second.version);
    expect(logoDataUrl(await getLogo(database.db, user.id))).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
  });
});
