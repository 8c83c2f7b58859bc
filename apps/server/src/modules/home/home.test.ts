import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { heroSchema, introSchema } from '@oasis/shared/api';
import { beforeAllValue, createTestApp, emptyTables, getJson } from '../../../test/helpers.ts';
import { seedHero, seedIntro } from '../../db/factories.ts';
import { hero, intro } from '../../db/schema.ts';
import { storeImage } from '../media/service.ts';
import { DEFAULT_HERO, DEFAULT_INTRO } from './defaults.ts';

const t = beforeAllValue(() => createTestApp());
afterAll(() => t.close());

describe('GET /api/hero/get and /api/intro/intro', () => {
  it('answer sensible defaults before anything is saved', async () => {
    await emptyTables(t, hero, intro);
    expect(heroSchema.parse(await getJson(t, '/api/hero/get'))).toMatchObject({ ...DEFAULT_HERO, image: null });
    expect(introSchema.parse(await getJson(t, '/api/intro/intro'))).toMatchObject({ ...DEFAULT_INTRO, image: null });
  });

  it('answer the saved hero and intro with their images', async () => {
    const { db } = t.deps;
    const picture = await sharp({ create: { width: 1920, height: 1080, channels: 3, background: '#1d4' } })
      .jpeg()
      .toBuffer();
    const image = await storeImage(t.deps, picture);
    await seedHero(db, { title: 'Own title', subtitle: 'Own subtitle', imageId: image.id });
    await seedIntro(db, {
      heading: 'H',
      subheading: 'S',
      paragraph1: 'P1',
      paragraph2: 'P2',
      imageId: image.id,
    });
    // Seeded straight into the database: tell the public cache, as every service write does.
    t.deps.pageCache.invalidate();

    const hero = heroSchema.parse(await getJson(t, '/api/hero/get'));
    expect(hero).toMatchObject({ title: 'Own title', subtitle: 'Own subtitle' });
    expect(hero.image).toMatchObject({ url: `/media/images/${image.id}/960.jpg`, width: 1600, height: 900 });
    expect(new Date(hero.updatedAt).getTime()).toBeGreaterThan(0);

    const intro = introSchema.parse(await getJson(t, '/api/intro/intro'));
    expect(intro).toMatchObject({ heading: 'H', subheading: 'S', paragraph1: 'P1', paragraph2: 'P2' });
    expect(intro.image?.base).toBe(`/media/images/${image.id}`);
  });
});
