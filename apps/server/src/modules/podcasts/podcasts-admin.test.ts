import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { adminPodcastListSchema, adminPodcastVideoSchema } from '@oasis/shared/admin/podcasts';
import { podcastVideoListSchema, podcastVideoSchema } from '@oasis/shared/api';
import { beforeAllValue, createTestApp, emptyTables } from '../../../test/helpers.ts';
import { setUpSignIn, signIn } from '../../../test/uploads.ts';
import { seedPodcastVideo } from '../../db/factories.ts';
import { podcastVideos } from '../../db/schema.ts';
import { createPublicSiteData } from '../../site-data.ts';

const t = beforeAllValue(() => createTestApp());
afterAll(() => t.close());
const admin = setUpSignIn(t);

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.headers, ...(payload && { payload }) });

const LINKS = [
  'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
  'https://youtube.com/shorts/dQw4w9WgXcQ',
  'https://www.youtube.com/embed/M7lc1UVf-VE',
];

/** LINKS as new items at the end, the last one coming soon. */
async function addEpisodes() {
  const added = [];
  for (const [i, embeddedUrl] of LINKS.entries()) {
    added.push(await send('POST', '/api/youtube/add', { title: `Episode ${i}`, embeddedUrl, comingSoon: i === 2 }));
  }
  return added;
}

const list = async () =>
  podcastVideoListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/youtube/get' })).json());

describe('podcast videos', () => {
  it('adds items at the end, converting watch, shorts and embed links to the embed URL', async () => {
    await emptyTables(t, podcastVideos);
    const before = t.deps.pageCache.version;
    for (const [i, res] of (await addEpisodes()).entries()) {
      expect(res.statusCode).toBe(201);
      expect(podcastVideoSchema.parse(res.json())).toMatchObject({ position: i, comingSoon: i === 2 });
    }
    expect((await list()).map((p) => p.embeddedUrl)).toEqual([
      'https://www.youtube.com/embed/aqz-KE-bpKQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/M7lc1UVf-VE',
    ]);
    expect(t.deps.pageCache.version).toBeGreaterThan(before);
  });

  it("refuses empty fields ('Please fill in all fields.') and other links ('Invalid YouTube URL.')", async () => {
    for (const payload of [
      { title: '', embeddedUrl: 'https://youtu.be/aqz-KE-bpKQ' },
      { title: 'T', embeddedUrl: ' ' },
      { title: 'T' },
    ]) {
      const res = await send('POST', '/api/youtube/add', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please fill in all fields.');
    }
    for (const embeddedUrl of [
      'https://vimeo.com/76979871',
      'https://www.youtube.com/watch?v=short',
      'https://evil.example/watch?v=aqz-KE-bpKQ',
    ]) {
      const res = await send('POST', '/api/youtube/add', { title: 'T', embeddedUrl });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Invalid YouTube URL.',
        errors: { embeddedUrl: 'Invalid YouTube URL.' },
      });
    }
  });

  it('updates (comingSoon kept when left out), reorders exactly, deletes', async () => {
    await emptyTables(t, podcastVideos);
    await addEpisodes();
    const [first, second, third] = await list();
    const updated = await send('PUT', `/api/youtube/update/${third?._id}`, {
      title: 'Renamed',
      embeddedUrl: 'https://youtu.be/aqz-KE-bpKQ',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      title: 'Renamed',
      comingSoon: true,
      embeddedUrl: 'https://www.youtube.com/embed/aqz-KE-bpKQ',
    });
    expect(
      (await send('PUT', `/api/youtube/update/${third?._id}`, { title: 'R', embeddedUrl: 'nope' })).json().message,
    ).toBe('Invalid YouTube URL.');
    expect(
      (await send('PUT', '/api/youtube/update/nope', { title: 'R', embeddedUrl: 'https://youtu.be/aqz-KE-bpKQ' }))
        .statusCode,
    ).toBe(404);

    const ids = [third?._id, first?._id, second?._id] as string[];
    const reordered = await send('PUT', '/api/youtube/reorder', { ids });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().map((p: { _id: string; position: number }) => [p._id, p.position])).toEqual(
      ids.map((id, i) => [id, i]),
    );
    for (const bad of [ids.slice(1), [...ids, 'extra'], [ids[0], ids[0], ids[1]]]) {
      const res = await send('PUT', '/api/youtube/reorder', { ids: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(ADMIN_MESSAGES.podcastOrderInvalid);
    }

    const before = t.deps.pageCache.version;
    const deleted = await send('DELETE', `/api/youtube/delete/${first?._id}`);
    expect(deleted.json()).toEqual({ message: ADMIN_MESSAGES.podcastDeleted });
    expect((await list()).map((p) => p._id)).toEqual([third?._id, second?._id]);
    expect(t.deps.pageCache.version).toBeGreaterThan(before);
    expect((await send('DELETE', `/api/youtube/delete/${first?._id}`)).statusCode).toBe(404);
  });
});

describe('hidden podcast videos', () => {
  const adminList = async () =>
    adminPodcastListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/admin/podcasts', headers: admin.headers })).json(),
    );

  it('a hidden video stays in the admin list and leaves the public list and pages; shown again, it is back in place', async () => {
    await emptyTables(t, podcastVideos);
    await addEpisodes();
    const [first, second, third] = await list();
    const before = t.deps.pageCache.version;
    const hidden = await send('PUT', `/api/youtube/visibility/${second?._id}`, { hidden: true });
    expect(hidden.statusCode).toBe(200);
    expect(adminPodcastVideoSchema.parse(hidden.json())).toMatchObject({ _id: second?._id, hidden: true });
    expect(t.deps.pageCache.version).toBeGreaterThan(before);

    expect((await list()).map((p) => p._id)).toEqual([first?._id, third?._id]);
    expect((await createPublicSiteData(t.deps).podcasts()).map((p) => p._id)).toEqual([first?._id, third?._id]);
    expect((await adminList()).map((p) => [p._id, p.hidden])).toEqual([
      [first?._id, false],
      [second?._id, true],
      [third?._id, false],
    ]);

    // The order covers hidden videos too.
    const ids = [second?._id, third?._id, first?._id] as string[];
    expect((await send('PUT', '/api/youtube/reorder', { ids })).statusCode).toBe(200);
    expect((await list()).map((p) => p._id)).toEqual([third?._id, first?._id]);

    await send('PUT', `/api/youtube/visibility/${second?._id}`, { hidden: false });
    expect((await list()).map((p) => p._id)).toEqual(ids);
  });

  it('is for admins only, with a boolean, on a video that exists', async () => {
    const video = await seedPodcastVideo(t.deps.db);
    const learner = await signIn(t.deps.db, 'learner');
    for (const headers of [{}, learner.headers]) {
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/youtube/visibility/${video.id}`,
        headers,
        payload: { hidden: true },
      });
      expect([401, 403]).toContain(put.statusCode);
      expect([401, 403]).toContain(
        (await t.app.inject({ method: 'GET', url: '/api/admin/podcasts', headers })).statusCode,
      );
    }
    const listAnswer = await t.app.inject({ method: 'GET', url: '/api/admin/podcasts', headers: admin.headers });
    expect(listAnswer.headers['cache-control']).toBe('private, no-store');
    for (const payload of [{}, { hidden: 'yes' }]) {
      expect((await send('PUT', `/api/youtube/visibility/${video.id}`, payload)).statusCode).toBe(400);
    }
    expect((await send('PUT', '/api/youtube/visibility/nope', { hidden: true })).statusCode).toBe(404);
    const [row] = await t.deps.db.select().from(podcastVideos).where(eq(podcastVideos.id, video.id));
    expect(row?.hidden).toBe(false);
  });
});
