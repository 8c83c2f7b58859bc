import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { adminVideoSchema } from '@oasis/shared/admin/modules';
import { courseDetailSchema, moduleSchema } from '@oasis/shared/api';
import { beforeAllValue, createTestApp } from '../../../test/helpers.ts';
import { fakeMp4, fakeWebm, findMedia, multipart, patterned, signIn, setUpSignIn } from '../../../test/uploads.ts';
import { seedCourse, seedEnrolment, seedModule, seedVideo } from '../../db/factories.ts';
import { media, videos } from '../../db/schema.ts';
import { checkVideoStreamSignature, signVideoStreamUrl } from '../../lib/signed-urls.ts';
import { storeVideo, videoTooLargeMessage } from '../media/service.ts';
import { parseRange } from './service.ts';

/** Small on purpose, so the size limit can be crossed in a test. */
const MAX_VIDEO_BYTES = 300_000;

const t = beforeAllValue(() => createTestApp({ env: { MAX_VIDEO_BYTES: String(MAX_VIDEO_BYTES) } }));
afterAll(() => t.close());
const admin = setUpSignIn(t);

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.headers, ...(payload && { payload }) });

async function lessonModule() {
  const course = await seedCourse(t.deps.db);
  const module = await seedModule(t.deps.db, { courseId: course.id });
  return { course, module };
}

/** Files under the storage's videos folder. */
function storedVideoFiles(): string[] {
  const dir = path.join(t.deps.config.mediaDir, 'videos');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

async function videoRow(id: string) {
  const [row] = await t.deps.db.select().from(videos).where(eq(videos.id, id));
  return row;
}

describe('POST /api/vimeo/create', () => {
  it('adds a Vimeo lesson at the end of a module, stored as the player URL', async () => {
    const { module } = await lessonModule();
    await seedVideo(t.deps.db, { moduleId: module.id, position: 0 });
    const before = t.deps.pageCache.version;
    const res = await send('POST', '/api/vimeo/create', {
      title: ' Welcome ',
      videoUrl: 'https://vimeo.com/76979871',
      module: module.id,
    });
    expect(res.statusCode).toBe(201);
    expect(adminVideoSchema.parse(res.json())).toMatchObject({
      title: 'Welcome',
      source: 'vimeo',
      position: 1,
      module: module.id,
      videoUrl: 'https://player.vimeo.com/video/76979871',
    });
    expect(t.deps.pageCache.version).toBeGreaterThan(before);
  });

  it('accepts YouTube links as source youtube, stored as the embed URL', async () => {
    const { module } = await lessonModule();
    const res = await send('POST', '/api/vimeo/create', {
      title: 'Short',
      videoUrl: 'https://www.youtube.com/shorts/aqz-KE-bpKQ',
      module: module.id,
    });
    expect(res.json()).toMatchObject({ source: 'youtube', videoUrl: 'https://www.youtube.com/embed/aqz-KE-bpKQ' });
  });

  it('refuses a bad link, a missing title and an unknown module', async () => {
    const { module } = await lessonModule();
    for (const videoUrl of ['https://example.com/123', 'https://vimeo.com/abc', '']) {
      const res = await send('POST', '/api/vimeo/create', { title: 'X', videoUrl, module: module.id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: ADMIN_MESSAGES.videoUrlInvalid,
        errors: { videoUrl: ADMIN_MESSAGES.videoUrlInvalid },
      });
    }
    const noTitle = await send('POST', '/api/vimeo/create', {
      title: '',
      videoUrl: 'https://vimeo.com/1',
      module: module.id,
    });
    expect(noTitle.json().message).toBe('Title is required');
    const unknown = await send('POST', '/api/vimeo/create', {
      title: 'X',
      videoUrl: 'https://vimeo.com/1',
      module: 'nope',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ADMIN_MESSAGES.moduleNotFound);
    expect(await t.deps.db.select().from(videos).where(eq(videos.moduleId, module.id))).toEqual([]);
  });
});

describe('PUT /api/vimeo/update/:videoId', () => {
  async function upload(videoId: string, fields: Parameters<typeof multipart>[0]) {
    const form = await multipart(fields, admin.headers);
    return t.app.inject({ method: 'PUT', url: `/api/vimeo/update/${videoId}`, ...form });
  }

  it('an uploaded MP4 becomes the source (streamed to videos/{id}.mp4); a later link deletes the file', async () => {
    const { module } = await lessonModule();
    const video = await seedVideo(t.deps.db, { moduleId: module.id });
    const bytes = fakeMp4(120_000);
    const res = await upload(video.id, {
      title: 'Uploaded',
      video: { data: bytes, filename: 'lesson.mp4', type: 'video/mp4' },
    });
    expect(res.statusCode).toBe(200);
    const body = adminVideoSchema.parse(res.json());
    expect(body).toMatchObject({ _id: video.id, title: 'Uploaded', source: 'file' });
    expect(body.videoUrl).toMatch(new RegExp(`^/api/videos/${video.id}/stream\\?exp=\\d+&sig=[\\w-]{43}$`));

    const row = await videoRow(video.id);
    expect(row).toMatchObject({ source: 'file', url: null });
    const file = await findMedia(t.deps.db, row?.mediaId);
    expect(file).toMatchObject({
      kind: 'video',
      mime: 'video/mp4',
      bytes: bytes.length,
      key: `videos/${file?.id}.mp4`,
    });
    const stored = await t.deps.storage.get(file?.key ?? '');
    expect(stored?.size).toBe(bytes.length);
    stored?.stream.destroy();

    // Back to a Vimeo link: the uploaded file goes.
    const back = await upload(video.id, { title: 'Linked', videoUrl: 'https://vimeo.com/22439234' });
    expect(back.json()).toMatchObject({ source: 'vimeo', videoUrl: 'https://player.vimeo.com/video/22439234' });
    expect(await t.deps.storage.size(file?.key ?? '')).toBeNull();
    expect(await findMedia(t.deps.db, file?.id)).toBeUndefined();
  });

  it('accepts WebM and JSON with a link', async () => {
    const { module } = await lessonModule();
    const video = await seedVideo(t.deps.db, { moduleId: module.id });
    const res = await upload(video.id, {
      title: 'WebM',
      file: { data: fakeWebm(), filename: 'x.webm', type: 'video/webm' },
    });
    expect(res.statusCode).toBe(200);
    const file = await findMedia(t.deps.db, (await videoRow(video.id))?.mediaId);
    expect(file).toMatchObject({ mime: 'video/webm' });
    expect(file?.key).toMatch(/\.webm$/);
    const json = await send('PUT', `/api/vimeo/update/${video.id}`, {
      title: 'JSON',
      videoUrl: 'https://youtu.be/aqz-KE-bpKQ',
    });
    expect(json.json()).toMatchObject({ title: 'JSON', source: 'youtube' });
  });

  it('refuses text or HTML named .mp4 with 415 and leaves no file behind', async () => {
    const { module } = await lessonModule();
    const video = await seedVideo(t.deps.db, { moduleId: module.id, title: 'Untouched' });
    const filesBefore = storedVideoFiles().length;
    const mediaBefore = (await t.deps.db.select().from(media)).length;
    for (const data of [
      Buffer.from('<html><script>alert(1)</script></html>'),
      Buffer.from('plain text '.repeat(1000)),
    ]) {
      const res = await upload(video.id, { title: 'Evil', video: { data, filename: 'lesson.mp4', type: 'video/mp4' } });
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe('Please upload an MP4 or WebM video.');
    }
    expect(storedVideoFiles().length).toBe(filesBefore);
    expect((await t.deps.db.select().from(media)).length).toBe(mediaBefore);
    expect((await videoRow(video.id))?.title).toBe('Untouched');
  });

  it('refuses a video over MAX_VIDEO_BYTES with 413 and removes the partial file', async () => {
    const { module } = await lessonModule();
    const video = await seedVideo(t.deps.db, { moduleId: module.id });
    const filesBefore = storedVideoFiles().length;
    const res = await upload(video.id, {
      title: 'Huge',
      video: { data: fakeMp4(MAX_VIDEO_BYTES + 10_000), filename: 'huge.mp4', type: 'video/mp4' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(videoTooLargeMessage(MAX_VIDEO_BYTES));
    expect(storedVideoFiles().length).toBe(filesBefore);
    expect((await videoRow(video.id))?.source).toBe('vimeo');
  });

  it("'Either upload a video file or provide a Vimeo URL'; 'Title is required'; a refused request keeps no upload", async () => {
    const { module } = await lessonModule();
    const video = await seedVideo(t.deps.db, { moduleId: module.id });
    const neither = await upload(video.id, { title: 'No source' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toMatchObject({ message: 'Either upload a video file or provide a Vimeo URL' });
    const emptyFile = await upload(video.id, {
      title: 'Empty',
      video: { data: Buffer.alloc(0), filename: '', type: 'application/octet-stream' },
    });
    expect(emptyFile.json().message).toBe('Either upload a video file or provide a Vimeo URL');

    const filesBefore = storedVideoFiles().length;
    const noTitle = await upload(video.id, { title: ' ', video: { data: fakeMp4(), filename: 'a.mp4' } });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe('Title is required');
    expect(storedVideoFiles().length).toBe(filesBefore);

    const badLink = await upload(video.id, { title: 'Bad', videoUrl: 'https://example.com/1' });
    expect(badLink.json().message).toBe(ADMIN_MESSAGES.videoUrlInvalid);
    expect((await upload('nope', { title: 'X', videoUrl: 'https://vimeo.com/1' })).statusCode).toBe(404);
  });
});

describe('PUT, DELETE /api/videos/videos/:id and PUT /api/videos/reorder', () => {
  it('renames, optionally relinks, and deletes (with the uploaded file)', async () => {
    const { module } = await lessonModule();
    const video = await seedVideo(t.deps.db, { moduleId: module.id, title: 'Old' });
    const renamed = await send('PUT', `/api/videos/videos/${video.id}`, { title: 'New' });
    expect(renamed.json()).toMatchObject({ title: 'New', videoUrl: 'https://player.vimeo.com/video/76979871' });
    const relinked = await send('PUT', `/api/videos/videos/${video.id}`, { title: 'New', videoUrl: 'vimeo.com/5' });
    expect(relinked.json()).toMatchObject({ videoUrl: 'https://player.vimeo.com/video/5' });
    expect((await send('PUT', `/api/videos/videos/${video.id}`, { title: '' })).json().message).toBe(
      'Title is required',
    );
    expect((await send('PUT', `/api/videos/videos/${video.id}`, { title: 'X', videoUrl: 'nope' })).statusCode).toBe(
      400,
    );

    const file = await storeVideo(t.deps, Readable.from([fakeMp4()]), 1e9);
    const uploaded = await seedVideo(t.deps.db, { moduleId: module.id, source: 'file', url: null, mediaId: file?.id });
    const before = t.deps.pageCache.version;
    const res = await send('DELETE', `/api/videos/videos/${uploaded.id}`);
    expect(res.json()).toEqual({ message: ADMIN_MESSAGES.videoDeleted });
    expect(await t.deps.storage.size(file?.key ?? '')).toBeNull();
    expect(t.deps.pageCache.version).toBeGreaterThan(before);
    expect((await send('DELETE', `/api/videos/videos/${uploaded.id}`)).statusCode).toBe(404);
  });

  it('reorders a module exactly; refuses a partial, foreign or duplicated list', async () => {
    const { module } = await lessonModule();
    const other = await lessonModule();
    const a = await seedVideo(t.deps.db, { moduleId: module.id, title: 'A', position: 3 });
    const b = await seedVideo(t.deps.db, { moduleId: module.id, title: 'B', position: 7 });
    const foreign = await seedVideo(t.deps.db, { moduleId: other.module.id });
    const res = await send('PUT', '/api/videos/reorder', { module: module.id, videoIds: [b.id, a.id] });
    expect(res.statusCode).toBe(200);
    expect(moduleSchema.parse(res.json()).videos.map((v) => [v.title, v.position])).toEqual([
      ['B', 0],
      ['A', 1],
    ]);
    for (const videoIds of [[a.id], [a.id, foreign.id], [a.id, a.id], [a.id, b.id, foreign.id]]) {
      const bad = await send('PUT', '/api/videos/reorder', { module: module.id, videoIds });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(ADMIN_MESSAGES.videoOrderInvalid);
    }
  });
});

describe('GET /api/videos/:videoId/stream', () => {
  let streamUrl: string;
  let bytes: Buffer;
  let videoId: string;
  let learner: Awaited<ReturnType<typeof signIn>>;
  let courseSlug: string;

  beforeAll(async () => {
    const { course, module } = await lessonModule();
    courseSlug = course.slug;
    bytes = fakeMp4(100_000);
    const file = await storeVideo(t.deps, Readable.from([bytes.subarray(0, 5000), bytes.subarray(5000)]), 1e9);
    videoId = (await seedVideo(t.deps.db, { moduleId: module.id, source: 'file', url: null, mediaId: file?.id })).id;
    learner = await signIn(t.deps.db, 'learner');
    await seedEnrolment(t.deps.db, { userId: learner.user.id, courseId: course.id });
    const detail = courseDetailSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: `/api/courses/course/slug/${course.slug}`, headers: learner.headers })
      ).json(),
    );
    streamUrl = detail.modules[0]?.videos[0]?.videoUrl ?? '';
  });

  it('course detail gives a signed link to enrolled learners only', async () => {
    expect(streamUrl).toMatch(new RegExp(`^/api/videos/${videoId}/stream\\?exp=\\d+&sig=`));
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/courses/course/slug/${courseSlug}` });
    expect(anonymous.json().modules[0].videos[0].videoUrl).toBeUndefined();
    const stranger = await signIn(t.deps.db, 'learner');
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/courses/course/slug/${courseSlug}`,
      headers: stranger.headers,
    });
    expect(other.json().modules[0].videos[0].videoUrl).toBeUndefined();
  });

  it('streams the whole file with its type, private caching and range support announced', async () => {
    const res = await t.app.inject({ method: 'GET', url: streamUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe('private');
    expect(Number(res.headers['content-length'])).toBe(bytes.length);
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=1000-1999', 1000, 1999],
    ['bytes=99000-', 99000, 100_031],
    ['bytes=-500', 99_532, 100_031],
    ['bytes=100000-999999999', 100_000, 100_031],
  ])('%s → 206 with the right bytes', async (range, start, end) => {
    const res = await t.app.inject({ method: 'GET', url: streamUrl, headers: { range } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${bytes.length}`);
    expect(Number(res.headers['content-length'])).toBe(end - start + 1);
    expect(res.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
  });

  it.each(['bytes=200000-', 'bytes=500-100', 'bytes=-0', 'bytes=abc', 'bytes=-'])('%s → 416', async (range) => {
    const res = await t.app.inject({ method: 'GET', url: streamUrl, headers: { range } });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect(res.json().message).toBe(ADMIN_MESSAGES.rangeNotSatisfiable);
  });

  it('refuses missing, forged, tampered and expired signatures with 403', async () => {
    const url = new URL(streamUrl, 'http://x');
    const exp = url.searchParams.get('exp') ?? '';
    const sig = url.searchParams.get('sig') ?? '';
    const base = `/api/videos/${videoId}/stream`;
    for (const bad of [
      base,
      `${base}?exp=${exp}`,
      `${base}?exp=${exp}&sig=${'A'.repeat(43)}`,
      `${base}?exp=${Number(exp) + 3600}&sig=${sig}`,
      `/api/videos/${(await seedVideo(t.deps.db, { moduleId: (await lessonModule()).module.id })).id}/stream?exp=${exp}&sig=${sig}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: bad });
      expect(res.statusCode, bad).toBe(403);
      expect(res.json().message).toBe(ADMIN_MESSAGES.videoLinkInvalid);
    }
    const expired = signVideoStreamUrl(t.deps.config.mediaSigningSecret, videoId, Date.now() - 6 * 3600 * 1000);
    const res = await t.app.inject({ method: 'GET', url: expired });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ADMIN_MESSAGES.videoLinkExpired);
    // Another secret (another server) does not sign for this one.
    const foreign = signVideoStreamUrl('another-secret-that-is-long-enough-000000', videoId);
    expect((await t.app.inject({ method: 'GET', url: foreign })).statusCode).toBe(403);
  });

  it('a signed link to a video that is not an upload, or is gone, is a 404', async () => {
    const { module } = await lessonModule();
    const vimeo = await seedVideo(t.deps.db, { moduleId: module.id });
    const res = await t.app.inject({
      method: 'GET',
      url: signVideoStreamUrl(t.deps.config.mediaSigningSecret, vimeo.id),
    });
    expect(res.statusCode).toBe(404);
  });

  it('signatures: valid 4 to 5 hours, checked before expiry', () => {
    const now = Date.UTC(2025, 0, 1, 10, 30);
    const url = new URL(signVideoStreamUrl('s'.repeat(32), 'v1', now), 'http://x');
    const exp = Number(url.searchParams.get('exp'));
    expect(exp * 1000 - now).toBeGreaterThanOrEqual(4 * 3600 * 1000);
    expect(exp * 1000 - now).toBeLessThanOrEqual(5 * 3600 * 1000);
    const sig = url.searchParams.get('sig') ?? '';
    expect(checkVideoStreamSignature('s'.repeat(32), 'v1', String(exp), sig, now)).toBe('ok');
    expect(checkVideoStreamSignature('s'.repeat(32), 'v1', String(exp), sig, exp * 1000 + 1)).toBe('expired');
    expect(checkVideoStreamSignature('s'.repeat(32), 'v2', String(exp), sig, now)).toBe('invalid');
  });

  it('parseRange', () => {
    expect(parseRange(undefined, 10)).toBeNull();
    expect(parseRange('items=0-1', 10)).toBeNull();
    expect(parseRange('bytes=0-1,3-4', 10)).toBeNull();
    expect(parseRange('bytes=2-', 10)).toEqual({ start: 2, end: 9 });
    expect(parseRange('bytes=0-0', 0)).toBe('unsatisfiable');
    expect(patterned(4).length).toBe(4);
  });
});
