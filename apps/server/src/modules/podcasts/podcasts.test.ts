import { afterAll, describe, expect, it } from 'vitest';
import { podcastVideoListSchema } from '@oasis/shared/api';
import { beforeAllValue, createTestApp, emptyTables, getJson } from '../../../test/helpers.ts';
import { seedPodcastVideo } from '../../db/factories.ts';
import { podcastVideos } from '../../db/schema.ts';

const t = beforeAllValue(() => createTestApp());
afterAll(() => t.close());

describe('GET /api/youtube/get', () => {
  it('answers an empty list when there are no items', async () => {
    await emptyTables(t, podcastVideos);
    expect(podcastVideoListSchema.parse(await getJson(t, '/api/youtube/get'))).toEqual([]);
  });

  it('lists items by position', async () => {
    const { db } = t.deps;
    await emptyTables(t, podcastVideos);
    await seedPodcastVideo(db, { title: 'Third', position: 3, comingSoon: true, embeddedUrl: '' });
    await seedPodcastVideo(db, { title: 'First', position: 1 });
    await seedPodcastVideo(db, { title: 'Second', position: 2 });
    // Seeded straight into the database: tell the public cache, as every service write does.
    t.deps.pageCache.invalidate();
    const list = podcastVideoListSchema.parse(await getJson(t, '/api/youtube/get'));
    expect(list.map((p) => p.title)).toEqual(['First', 'Second', 'Third']);
    expect(list[0]).toMatchObject({ embeddedUrl: 'https://www.youtube.com/embed/aqz-KE-bpKQ', comingSoon: false });
    expect(list[2]).toMatchObject({ comingSoon: true });
  });
});
