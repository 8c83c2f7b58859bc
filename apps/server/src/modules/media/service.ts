import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { inArray, or } from 'drizzle-orm';
import type { fileTypeFromBuffer as FileTypeFromBuffer } from 'file-type';
import type Sharp from 'sharp';
import { API_MESSAGES, IMAGE_MESSAGES } from '@oasis/shared/api-messages';
import { fmt } from '@oasis/shared/i18n';
import { IMAGE_WIDTHS, LIMITS } from '@oasis/shared/limits';
import { type Image, type ImageFormat, imageVariantUrl } from '@oasis/shared/media';
import type { Deps } from '../../deps.ts';
import { blogs, courses, hero, intro, media, mentor, videos } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { deleteMedia, IMAGE_FORMAT_EXT, type MediaRow } from './rows.ts';

type MediaDeps = Pick<Deps, 'db' | 'storage'>;

// Rows, file names and removal live in rows.ts, which seeding uses without the upload rules here.
export { deleteMedia, IMAGE_FORMAT_EXT, type MediaRow } from './rows.ts';

// The refusals' texts live in the shared package, where their translations wrap them.
export { IMAGE_MESSAGES };

const ACCEPTED_MIME = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif']);

// sharp (libvips) and file-type are loaded with the first upload, not at every start of the server.
let sharpLoaded: Promise<typeof Sharp> | undefined;
function loadSharp(): Promise<typeof Sharp> {
  sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    // Each upload is decoded once and encoded at a few widths, then never seen again: libvips's
    // operation cache (up to 50 MB of decoded pixels by default) would only keep memory busy.
    // sharp already runs one libvips thread per image on glibc, which keeps malloc arenas few.
    sharp.cache(false);
    return sharp;
  });
  return sharpLoaded;
}

async function fileTypeFromBuffer(...args: Parameters<typeof FileTypeFromBuffer>) {
  const { fileTypeFromBuffer } = await import('file-type');
  return fileTypeFromBuffer(...args);
}

/** Guards against decompression bombs: a small file that decodes to a huge bitmap. */
const MAX_INPUT_PIXELS = 50_000_000;

export const IMAGE_CONTENT_TYPE: Record<'avif' | 'webp' | 'jpg', string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};
const STORED_FORMATS: ImageFormat[] = ['avif', 'webp', 'jpeg'];
/** The default rendition (`Image.url`) is the largest one that fits this width. */
const DEFAULT_RENDITION_MAX = 960;

/** The widths an image of `sourceWidth` px is stored at: never enlarged, never none. */
export function renditionWidths(sourceWidth: number): number[] {
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w <= sourceWidth);
  return widths.length ? widths : [sourceWidth];
}

export interface StoreImageOptions {
  /**
   * AVIF encoder effort (0-9). Uploads use 4: at 1600 px it costs about 2 s of CPU for files ~7%
   * smaller than effort 2. The demo seed uses 2, so a first start stays quick.
   */
  avifEffort?: number;
}

/**
 * Checks an uploaded image by its content, re-encodes it (auto-oriented, metadata stripped) at
 * every width in IMAGE_WIDTHS up to its own, as AVIF, WebP and JPEG, and records it.
 */
export async function storeImage(deps: MediaDeps, buffer: Buffer, options: StoreImageOptions = {}): Promise<MediaRow> {
  if (buffer.length > LIMITS.imageMaxBytes) throw new AppError(413, 'imageUpload.tooLarge');
  const type = await fileTypeFromBuffer(buffer);
  if (!type || !ACCEPTED_MIME.has(type.mime)) throw new AppError(415, 'imageUpload.unsupported');

  const sharp = await loadSharp();
  const open = () => sharp(buffer, { autoOrient: true, failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS });
  let sourceWidth: number;
  try {
    const meta = await open().metadata();
    sourceWidth = meta.autoOrient.width;
    if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new AppError(413, 'imageUpload.tooManyPixels');
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(415, 'imageUpload.unsupported');
  }

  const id = randomUUID();
  const key = `images/${id}`;
  const widths = renditionWidths(sourceWidth);
  const renditions: { key: string; data: Buffer }[] = [];
  let largest = { width: 0, height: 0 };
  try {
    // One width at a time keeps memory and CPU modest on a small server.
    for (const width of widths) {
      const resized = open().resize({ width, withoutEnlargement: true });
      const outputs = await Promise.all([
        resized
          .clone()
          .avif({ quality: 50, effort: options.avifEffort ?? 4 })
          .toBuffer({ resolveWithObject: true }),
        resized.clone().webp({ quality: 75 }).toBuffer({ resolveWithObject: true }),
        // JPEG has no alpha: transparent areas become white rather than black.
        resized
          .clone()
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 78, mozjpeg: true })
          .toBuffer({ resolveWithObject: true }),
      ]);
      for (const [index, output] of outputs.entries()) {
        const format = STORED_FORMATS[index] as ImageFormat;
        renditions.push({ key: `${key}/${width}.${IMAGE_FORMAT_EXT[format]}`, data: output.data });
      }
      const info = outputs[2]?.info;
      if (info) largest = { width: info.width, height: info.height };
    }
  } catch {
    // libvips rejects pixel data that the signature check let through (truncated, corrupt).
    throw new AppError(415, 'imageUpload.unsupported');
  }

  return recordStored(deps, key, async () => {
    let bytes = 0;
    for (const rendition of renditions) {
      await deps.storage.put(rendition.key, rendition.data);
      bytes += rendition.data.length;
    }
    return { id, kind: 'image', key, mime: type.mime, bytes, ...largest, widths, formats: STORED_FORMATS };
  });
}

/**
 * Runs `store`, which puts the files under `key` in storage and says what they are, then records
 * them in the media table. When anything fails, whatever was stored under `key` is removed.
 */
async function recordStored(
  deps: MediaDeps,
  key: string,
  store: () => Promise<typeof media.$inferInsert>,
): Promise<MediaRow> {
  try {
    const [row] = await deps.db
      .insert(media)
      .values(await store())
      .returning();
    if (!row) throw new Error('media insert returned no row');
    return row;
  } catch (error) {
    await deps.storage.remove(key).catch(() => {});
    throw error;
  }
}

/** The shared `Image` shape for a stored image row; null for no row (or a video row). */
export function toImage(row: MediaRow | null | undefined): Image | null {
  if (row?.kind !== 'image' || !row.widths.length) return null;
  const base = `/media/${row.key}`;
  const fitting = row.widths.filter((w) => w <= DEFAULT_RENDITION_MAX);
  const defaultWidth = fitting.length ? Math.max(...fitting) : Math.min(...row.widths);
  return {
    url: imageVariantUrl(base, defaultWidth, 'jpeg'),
    base,
    width: row.width ?? defaultWidth,
    height: row.height ?? 0,
    widths: row.widths,
    formats: row.formats,
  };
}

/** The video containers browsers play natively, by the MIME type file-type detects. */
const VIDEO_TYPES: Record<string, { ext: 'mp4' | 'webm'; mime: string }> = {
  'video/mp4': { ext: 'mp4', mime: 'video/mp4' },
  // An .m4v is an MP4 container with another brand.
  'video/x-m4v': { ext: 'mp4', mime: 'video/mp4' },
  'video/webm': { ext: 'webm', mime: 'video/webm' },
};
/** Enough of the start of a file for file-type to recognise MP4 and WebM. */
const VIDEO_SNIFF_BYTES = 4100;

async function drain(chunks: AsyncIterator<Buffer>) {
  try {
    while (!(await chunks.next()).done) {}
  } catch {
    // The upload was cut off: nothing left to read.
  }
}

/** The refusal of a video over `maxBytes`, its size written '2 GB' or '500 MB'. */
export function videoTooLarge(maxBytes: number) {
  const gb = maxBytes / 1024 ** 3;
  const size = gb >= 1 ? `${Number(gb.toFixed(1))} GB` : `${Math.max(1, Math.round(maxBytes / 1024 ** 2))} MB`;
  return { code: 'api.videoTooLarge', values: { size } } as const;
}

export function videoTooLargeMessage(maxBytes: number): string {
  return fmt(API_MESSAGES.videoTooLarge, videoTooLarge(maxBytes).values);
}

/** A file stream as multipart hands it over: `truncated` is set when it hit the size limit. */
type UploadStream = Readable & { truncated?: boolean };

/**
 * Streams an uploaded lesson video to storage (`videos/{id}.{ext}`) without holding it in memory,
 * after checking by its first bytes that it is MP4 or WebM. An empty file part (a form sent with no
 * file chosen) is null. Whatever fails, nothing is left behind in storage.
 */
export async function storeVideo(deps: MediaDeps, stream: UploadStream, maxBytes: number): Promise<MediaRow | null> {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < VIDEO_SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headBytes += next.value.length;
  }
  const start = Buffer.concat(head);
  if (start.length === 0) return null;
  const detected = await fileTypeFromBuffer(start);
  const type = detected ? VIDEO_TYPES[detected.mime] : undefined;
  if (!type) {
    // Read the rest away, so the browser gets this answer rather than a broken connection.
    if (!ended) void drain(chunks);
    throw new AppError(415, 'admin.videoUnsupported');
  }

  const id = randomUUID();
  const key = `videos/${id}.${type.ext}`;
  const body = Readable.from(
    (async function* () {
      yield start;
      if (ended) return;
      for (;;) {
        const next = await chunks.next();
        if (next.done) return;
        yield next.value;
      }
    })(),
  );
  return recordStored(deps, key, async () => {
    const { size } = await deps.storage.put(key, body);
    if (stream.truncated) throw new AppError(413, videoTooLarge(maxBytes));
    return { id, kind: 'video', key, mime: type.mime, bytes: size };
  });
}

/**
 * Deletes media that nothing refers to any more (a replaced image, a deleted course's thumbnail or
 * uploaded videos). An image the demo seed shares between courses stays while one still uses it.
 */
export async function releaseMedia(deps: MediaDeps, ids: readonly (string | null | undefined)[]): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (!wanted.length) return;
  const { db } = deps;
  const [inCourses, inBlogs, inHero, inIntro, inVideos, inMentor] = await Promise.all([
    db.select({ id: courses.thumbnailId }).from(courses).where(inArray(courses.thumbnailId, wanted)),
    db
      .select({ image: blogs.imageId, author: blogs.authorImageId })
      .from(blogs)
      .where(or(inArray(blogs.imageId, wanted), inArray(blogs.authorImageId, wanted))),
    db.select({ id: hero.imageId }).from(hero).where(inArray(hero.imageId, wanted)),
    db.select({ id: intro.imageId }).from(intro).where(inArray(intro.imageId, wanted)),
    db.select({ id: videos.mediaId }).from(videos).where(inArray(videos.mediaId, wanted)),
    db.select({ id: mentor.portraitId }).from(mentor).where(inArray(mentor.portraitId, wanted)),
  ]);
  const used = new Set<string | null>([
    ...inCourses.map((r) => r.id),
    ...inBlogs.flatMap((r) => [r.image, r.author]),
    ...inHero.map((r) => r.id),
    ...inIntro.map((r) => r.id),
    ...inVideos.map((r) => r.id),
    ...inMentor.map((r) => r.id),
  ]);
  for (const id of wanted) {
    if (!used.has(id)) await deleteMedia(deps, id);
  }
}

/**
 * Writes a record that takes a newly uploaded image. The image is stored (checked and re-encoded)
 * and handed to `write`; if the write fails it is deleted again, so nothing is left half-way. Once
 * written, the image it replaced (`replaced`) is released. Without an upload `write` gets null.
 */
export async function withUploadedImage<T>(
  deps: MediaDeps,
  upload: Buffer | null | undefined,
  write: (image: MediaRow | null) => Promise<T>,
  replaced?: string | null,
): Promise<T> {
  const image = upload ? await storeImage(deps, upload) : null;
  let result: T;
  try {
    result = await write(image);
  } catch (error) {
    if (image) await deleteMedia(deps, image.id);
    throw error;
  }
  if (image) await releaseMedia(deps, [replaced]);
  return result;
}
