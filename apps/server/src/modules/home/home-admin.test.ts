import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { heroSchema, introSchema } from '@oasis/shared/api';
import { beforeAllValue, createTestApp } from '../../../test/helpers.ts';
import { jpeg, multipart, setUpSignIn } from '../../../test/uploads.ts';
import { media } from '../../db/schema.ts';
import { createPublicSiteData } from '../../site-data.ts';

const t = beforeAllValue(() => createTestApp());
afterAll(() => t.close());
const admin = setUpSignIn(t);

async function put(url: string, fields: Parameters<typeof multipart>[0]) {
  const form = await multipart(fields, admin.headers);
  return t.app.inject({ method: 'PUT', url, ...form });
}

const imageCount = async () => (await t.deps.db.select().from(media)).length;

describe('PUT /api/hero/update', () => {
  it('saves title, subtitle and image on first use; a new image replaces the old files', async () => {
    const before = t.deps.pageCache.version;
    // Other tests store images too (the intro's).
    const imagesBefore = await imageCount();
    const first = await put('/api/hero/update', {
      title: ' Invest ',
      subtitle: 'Subtitle',
      image: { data: await jpeg(1000, 500), filename: 'hero.jpg', type: 'image/jpeg' },
    });
    expect(first.statusCode).toBe(200);
    const hero = heroSchema.parse(first.json());
    expect(hero).toMatchObject({ title: 'Invest', subtitle: 'Subtitle' });
    expect(hero.image).not.toBeNull();
    expect(t.deps.pageCache.version).toBeGreaterThan(before);

    const second = await put('/api/hero/update', {
      title: 'Invest again',
      subtitle: 'New',
      image: { data: await jpeg(900, 500, '#222'), filename: 'hero2.jpg' },
    });
    expect(second.json().image.base).not.toBe(hero.image?.base);
    expect(await t.deps.storage.size(`${hero.image?.base.replace('/media/', '')}/320.jpg`)).toBeNull();
    expect(await imageCount()).toBe(imagesBefore + 1);

    // Without an image the current one stays; JSON works too.
    const third = await t.app.inject({
      method: 'PUT',
      url: '/api/hero/update',
      headers: admin.headers,
      payload: { title: 'Text only', subtitle: 'Still' },
    });
    expect(third.json()).toMatchObject({ title: 'Text only', image: { base: second.json().image.base } });
    expect((await createPublicSiteData(t.deps).hero()).title).toBe('Text only');
  });

  it('refuses a missing title or subtitle, and a disguised image', async () => {
    const res = await put('/api/hero/update', { title: 'Only title' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: ADMIN_MESSAGES.heroFieldsRequired,
      errors: { subtitle: ADMIN_MESSAGES.heroFieldsRequired },
    });
    const disguised = await put('/api/hero/update', {
      title: 'T',
      subtitle: 'S',
      image: { data: Buffer.from('GIF89a but not really'), filename: 'x.gif', type: 'image/gif' },
    });
    expect(disguised.statusCode).toBe(415);
  });
});

describe('PUT /api/intro/intro', () => {
  const intro = { heading: 'Meet me', subheading: 'Sub', paragraph1: 'One', paragraph2: 'Two' };

  it('saves every field and an optional image', async () => {
    const before = t.deps.pageCache.version;
    const res = await put('/api/intro/intro', { ...intro, image: { data: await jpeg(), filename: 'me.jpg' } });
    expect(res.statusCode).toBe(200);
    expect(introSchema.parse(res.json())).toMatchObject({
      ...intro,
      image: expect.objectContaining({ url: expect.any(String) }),
    });
    expect(t.deps.pageCache.version).toBeGreaterThan(before);
    expect((await createPublicSiteData(t.deps).intro()).heading).toBe('Meet me');
  });

  it.each(['heading', 'subheading', 'paragraph1', 'paragraph2'])(
    "refuses an empty %s with 'All fields must be filled'",
    async (field) => {
      const res = await put('/api/intro/intro', { ...intro, [field]: '  ' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'All fields must be filled',
        errors: { [field]: 'All fields must be filled' },
      });
    },
  );
});
