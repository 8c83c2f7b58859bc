import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@oasis/shared/api';
import { IMAGE_WIDTHS, LIMITS } from '@oasis/shared/limits';
import { imageSchema } from '@oasis/shared/media';
import { beforeAllValue, createTestApp } from '../../../test/helpers.ts';
import { media } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { deleteMedia, IMAGE_MESSAGES, renditionWidths, storeImage, toImage, withUploadedImage } from './service.ts';

const t = beforeAllValue(() => createTestApp());
afterAll(() => t.close());

function gradient(width: number, height: number, channels: 3 | 4 = 3) {
  const data = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      data[i] = (x * 255) / width;
      data[i + 1] = (y * 255) / height;
      data[i + 2] = 128;
      if (channels === 4) data[i + 3] = x < width / 2 ? 255 : 0;
    }
  }
  return sharp(data, { raw: { width, height, channels } });
}

async function expectAppError(promise: Promise<unknown>, status: number, message: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(status);
  expect((error as AppError).message).toBe(message);
}

const FORMAT_OF_EXT = { avif: 'heif', webp: 'webp', jpg: 'jpeg' } as const;

describe('renditionWidths', () => {
  it('never enlarges and never answers nothing', () => {
    expect(renditionWidths(4000)).toEqual([...IMAGE_WIDTHS]);
    expect(renditionWidths(1600)).toEqual([320, 640, 960, 1600]);
    expect(renditionWidths(700)).toEqual([320, 640]);
    expect(renditionWidths(320)).toEqual([320]);
    expect(renditionWidths(200)).toEqual([200]);
  });
});

describe('storeImage', () => {
  it('stores a PNG at every width and format and serves each rendition', async () => {
    const png = await gradient(1800, 1000, 4).png().toBuffer();
    const row = await storeImage(t.deps, png);
    expect(row).toMatchObject({ kind: 'image', mime: 'image/png', widths: [320, 640, 960, 1600], width: 1600 });
    expect(row.height).toBe(Math.round((1000 / 1800) * 1600));
    expect(row.formats.sort()).toEqual(['avif', 'jpeg', 'webp']);

    const image = imageSchema.parse(toImage(row));
    expect(image.base).toBe(`/media/images/${row.id}`);
    expect(image.url).toBe(`/media/images/${row.id}/960.jpg`);

    for (const width of row.widths) {
      for (const ext of ['avif', 'webp', 'jpg'] as const) {
        const res = await t.app.inject({ method: 'GET', url: `${image.base}/${width}.${ext}` });
        expect(res.statusCode, `${width}.${ext}`).toBe(200);
        expect(res.headers['content-type']).toBe(ext === 'jpg' ? 'image/jpeg' : `image/${ext}`);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta.format).toBe(FORMAT_OF_EXT[ext]);
        expect(meta.width).toBe(width);
      }
    }
    // JPEG has no alpha channel: the transparent half is flattened onto white, not black.
    const jpeg = await t.app.inject({ method: 'GET', url: `${image.base}/320.jpg` });
    const { data } = await sharp(jpeg.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const lastPixel = data.subarray(data.length - 3);
    expect(Math.min(...lastPixel)).toBeGreaterThan(240);
  });

  it('stores a small JPEG at its own width only', async () => {
    const jpeg = await gradient(200, 120).jpeg().toBuffer();
    const row = await storeImage(t.deps, jpeg);
    expect(row.widths).toEqual([200]);
    expect(toImage(row)?.url).toBe(`/media/images/${row.id}/200.jpg`);
  });

  it('picks the largest width up to 960 as the default rendition', async () => {
    const webp = await gradient(700, 400).webp().toBuffer();
    const row = await storeImage(t.deps, webp);
    expect(row.widths).toEqual([320, 640]);
    expect(row.width).toBe(640);
    expect(toImage(row)?.url).toBe(`/media/images/${row.id}/640.jpg`);
  });

  it('strips EXIF metadata and applies the orientation', async () => {
    const jpeg = await gradient(400, 200)
      .jpeg()
      .withMetadata({
        orientation: 6,
        exif: { IFD0: { Copyright: 'SECRET-OWNER', Artist: 'SECRET-ARTIST' }, IFD3: { GPSLatitudeRef: 'N' } },
      })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.exif).toBeDefined();
    expect(jpeg.includes('SECRET-OWNER')).toBe(true);

    const row = await storeImage(t.deps, jpeg);
    // Orientation 6 turns the 400×200 source upright into 200×400.
    expect(row).toMatchObject({ width: 200, height: 400, widths: [200] });
    for (const ext of ['jpg', 'webp', 'avif']) {
      const res = await t.app.inject({ method: 'GET', url: `/media/images/${row.id}/200.${ext}` });
      expect(res.statusCode).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.exif, ext).toBeUndefined();
      expect(meta.orientation ?? 1, ext).toBe(1);
      expect(res.rawPayload.includes('SECRET-OWNER'), ext).toBe(false);
      expect(res.rawPayload.includes('SECRET-ARTIST'), ext).toBe(false);
    }
  });

  it('refuses a text file named .jpg with 415', async () => {
    const text = Buffer.from('This is not an image, whatever its name says.\n'.repeat(20));
    await expectAppError(storeImage(t.deps, text), 415, IMAGE_MESSAGES.unsupported);
  });

  it('refuses other real formats (SVG, PDF, TIFF) with 415', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    await expectAppError(storeImage(t.deps, svg), 415, IMAGE_MESSAGES.unsupported);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    await expectAppError(storeImage(t.deps, pdf), 415, IMAGE_MESSAGES.unsupported);
    const tiff = await gradient(50, 50).tiff().toBuffer();
    await expectAppError(storeImage(t.deps, tiff), 415, IMAGE_MESSAGES.unsupported);
  });

  it('refuses a truncated image with 415 and leaves nothing behind', async () => {
    const jpeg = await gradient(800, 600).jpeg().toBuffer();
    const before = await t.deps.db.select().from(media);
    await expectAppError(storeImage(t.deps, jpeg.subarray(0, 600)), 415, IMAGE_MESSAGES.unsupported);
    const after = await t.deps.db.select().from(media);
    expect(after.length).toBe(before.length);
  });

  it('refuses an oversize buffer with 413', async () => {
    const big = Buffer.alloc(LIMITS.imageMaxBytes + 1);
    await expectAppError(storeImage(t.deps, big), 413, IMAGE_MESSAGES.tooLarge);
  });
});

describe('deleteMedia', () => {
  it('removes the files and the row', async () => {
    const row = await storeImage(t.deps, await gradient(400, 300).png().toBuffer());
    const url = `/media/images/${row.id}/320.webp`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    await deleteMedia(t.deps, row.id);
    expect(await t.deps.db.select().from(media).where(eq(media.id, row.id))).toEqual([]);
    expect(await t.deps.storage.size(`images/${row.id}/320.webp`)).toBeNull();
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /media/*', () => {
  it('answers 404 with a message for anything but an image rendition', async () => {
    const row = await storeImage(t.deps, await gradient(330, 200).png().toBuffer());
    await t.deps.storage.put('videos/secret/lesson.mp4', Buffer.from('not for everyone'));
    for (const url of [
      '/media',
      '/media/',
      '/media/videos/secret/lesson.mp4',
      `/media/images/${row.id}`,
      `/media/images/${row.id}/320.png`,
      `/media/images/${row.id}/999.jpg`,
      `/media/images/${row.id}/..%2F..%2Fvideos%2Fsecret%2Flesson.mp4`,
      '/media/images/..%2Fvideos/lesson.mp4',
      '/media/images/nope/320.jpg',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(apiErrorSchema.parse(res.json()).message, url).toBeTruthy();
    }
    const post = await t.app.inject({ method: 'POST', url: `/media/images/${row.id}/320.jpg` });
    expect(post.statusCode).toBe(404);
  });

  it('answers HEAD for a rendition', async () => {
    const row = await storeImage(t.deps, await gradient(330, 200).png().toBuffer());
    const res = await t.app.inject({ method: 'HEAD', url: `/media/images/${row.id}/320.avif` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/avif');
  });
});

describe('withUploadedImage', () => {
  it('deletes the new image when the write fails, so nothing is left half-way', async () => {
    const before = await t.deps.db.select().from(media);
    let stored = '';
    const failing = withUploadedImage(t.deps, await gradient(400, 300).png().toBuffer(), async (image) => {
      stored = image?.id ?? '';
      throw new Error('the write failed');
    });
    await expect(failing).rejects.toThrow('the write failed');
    expect(stored).not.toBe('');
    expect(await t.deps.db.select().from(media)).toHaveLength(before.length);
    expect(await t.deps.storage.size(`images/${stored}/320.webp`)).toBeNull();
  });

  it('releases the image it replaced once written, and keeps the new one', async () => {
    const old = await storeImage(t.deps, await gradient(400, 300).png().toBuffer());
    const fresh = await withUploadedImage(
      t.deps,
      await gradient(400, 300).jpeg().toBuffer(),
      async (image) => image,
      old.id,
    );
    expect(fresh).not.toBeNull();
    expect(await t.deps.db.select().from(media).where(eq(media.id, old.id))).toEqual([]);
    expect(
      await t.deps.db
        .select()
        .from(media)
        .where(eq(media.id, fresh?.id ?? '')),
    ).toHaveLength(1);
  });

  it('without an upload, writes with null and releases nothing', async () => {
    const kept = await storeImage(t.deps, await gradient(400, 300).png().toBuffer());
    expect(await withUploadedImage(t.deps, null, async (image) => image, kept.id)).toBeNull();
    expect(await t.deps.db.select().from(media).where(eq(media.id, kept.id))).toHaveLength(1);
  });
});
