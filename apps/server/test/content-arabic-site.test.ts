import { describe, expect, it } from 'vitest';
import { adminBlogPageSchema } from '@oasis/shared/admin/blogs';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import {
  blogListSchema,
  blogSchema,
  heroSchema,
  introSchema,
  podcastVideoListSchema,
  podcastVideoSchema,
  siteSettingsSchema,
} from '@oasis/shared/api';
import { DEFAULT_SETTINGS } from '../src/modules/settings/defaults.ts';
import { jpeg } from './uploads.ts';
import { expectTitleArTooLong, SAFE_AR, setUpArabicContentTests, unique, XSS_AR } from './content-arabic.fixtures.ts';

// The owner's content in Arabic (rules in content-arabic.fixtures.ts): blog posts, hero and intro, podcast videos and site settings.

const { sendForm, sendJson, getPublic, getAdmin, site } = setUpArabicContentTests();

describe('blog posts in Arabic', () => {
  it('saves the Arabic title and body (sanitised); the admin, public and summary answers carry them', async () => {
    const title = unique('Arabic post');
    const res = await sendForm('POST', '/api/blogs/blogs', {
      title,
      author: 'Owner',
      description: '<p>English body</p>',
      titleAr: ' مقال ',
      descriptionAr: XSS_AR,
      image: { data: await jpeg(), filename: 'post.jpg', type: 'image/jpeg' },
    });
    expect(res.statusCode).toBe(201);
    const blog = blogSchema.parse(res.json());
    expect(blog).toMatchObject({ title, titleAr: 'مقال', descriptionAr: SAFE_AR });
    // A new post is a draft: published before the public answers are read.
    expect((await sendJson('PUT', `/api/blogs/blogs/${blog.slug}/publish`, { published: true })).statusCode).toBe(200);

    expect(blogSchema.parse(await getPublic(`/api/blogs/blogs/${blog.slug}`))).toMatchObject({
      titleAr: 'مقال',
      descriptionAr: SAFE_AR,
    });
    const listed = blogListSchema.parse(await getPublic('/api/blogs/blogs')).find((b) => b._id === blog._id);
    expect(listed).toMatchObject({ titleAr: 'مقال', descriptionAr: SAFE_AR });
    expect(await site().blog(blog.slug)).toMatchObject({ titleAr: 'مقال', descriptionAr: SAFE_AR });
    // Listings: the summary of the Arabic body, as plain text, and no bodies.
    const summary = (await site().blogs()).find((b) => b._id === blog._id);
    expect(summary).toMatchObject({ titleAr: 'مقال', summary: 'English body', summaryAr: 'نص آمن' });
    expect(summary).not.toHaveProperty('descriptionAr');

    const page = adminBlogPageSchema.parse(await getAdmin(`/api/admin/blogs?q=${encodeURIComponent('مقال')}`));
    expect(page.blogs.map((b) => b._id)).toContain(blog._id);
  });

  it('an update keeps the Arabic fields it leaves out and clears those sent empty; limits as in English', async () => {
    const created = blogSchema.parse(
      (
        await sendJson('POST', '/api/blogs/blogs', {
          title: unique('Kept post'),
          author: 'Owner',
          titleAr: 'عنوان',
          descriptionAr: '<p>نص</p>',
        })
      ).json(),
    );
    const url = `/api/blogs/blogs/${created.slug}`;
    await sendJson('PUT', `${url}/publish`, { published: true });
    const kept = await sendJson('PUT', url, { title: created.title, author: 'Owner' });
    expect(kept.json()).toMatchObject({ titleAr: 'عنوان', descriptionAr: '<p>نص</p>' });

    const cleared = await sendForm('PUT', url, {
      title: created.title,
      author: 'Owner',
      titleAr: '',
      descriptionAr: '',
    });
    expect(cleared.json()).toMatchObject({ titleAr: '', descriptionAr: '' });
    const summary = (await site().blogs()).find((b) => b._id === created._id);
    expect(summary).toMatchObject({ titleAr: '', summaryAr: '' });

    await expectTitleArTooLong((titleAr) => sendJson('PUT', url, { title: created.title, author: 'Owner', titleAr }));
  });
});

describe('hero and intro in Arabic', () => {
  it('hero: saves the Arabic title and subtitle; left out keeps them, empty clears them', async () => {
    const saved = await sendJson('PUT', '/api/hero/update', {
      title: 'Invest',
      subtitle: 'Sub',
      titleAr: 'استثمر',
      subtitleAr: 'عنوان فرعي',
    });
    expect(saved.statusCode).toBe(200);
    expect(heroSchema.parse(saved.json())).toMatchObject({ titleAr: 'استثمر', subtitleAr: 'عنوان فرعي' });
    expect(heroSchema.parse(await getPublic('/api/hero/get'))).toMatchObject({ titleAr: 'استثمر' });
    expect(await site().hero()).toMatchObject({ titleAr: 'استثمر', subtitleAr: 'عنوان فرعي' });

    const kept = await sendForm('PUT', '/api/hero/update', { title: 'Invest 2', subtitle: 'Sub', subtitleAr: '' });
    expect(kept.json()).toMatchObject({ title: 'Invest 2', titleAr: 'استثمر', subtitleAr: '' });

    const refused = await sendJson('PUT', '/api/hero/update', {
      title: 'Invest',
      subtitle: 'Sub',
      titleAr: 'ع'.repeat(ADMIN_LIMITS.textMax + 1),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { titleAr: ADMIN_MESSAGES.textTooLong } });
  });

  it('intro: saves the four Arabic texts; left out keeps them', async () => {
    const english = { heading: 'H', subheading: 'S', paragraph1: 'P1', paragraph2: 'P2' };
    const arabic = { headingAr: 'ع', subheadingAr: 'ف', paragraph1Ar: 'فقرة ١', paragraph2Ar: 'فقرة ٢' };
    const saved = await sendJson('PUT', '/api/intro/intro', { ...english, ...arabic });
    expect(saved.statusCode).toBe(200);
    expect(introSchema.parse(saved.json())).toMatchObject(arabic);
    expect(introSchema.parse(await getPublic('/api/intro/intro'))).toMatchObject(arabic);

    const kept = await sendJson('PUT', '/api/intro/intro', { ...english, heading: 'H2', paragraph2Ar: '' });
    expect(kept.json()).toMatchObject({ ...arabic, heading: 'H2', paragraph2Ar: '' });
    expect(await site().intro()).toMatchObject({ heading: 'H2', headingAr: 'ع', paragraph2Ar: '' });
  });
});

describe('podcast videos in Arabic', () => {
  it('saves the Arabic title; left out keeps it, empty clears it, too long is refused', async () => {
    const link = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';
    const added = await sendJson('POST', '/api/youtube/add', { title: 'Episode', titleAr: 'حلقة', embeddedUrl: link });
    expect(added.statusCode).toBe(201);
    const podcast = podcastVideoSchema.parse(added.json());
    expect(podcast.titleAr).toBe('حلقة');
    const listed = podcastVideoListSchema.parse(await getPublic('/api/youtube/get')).find((p) => p._id === podcast._id);
    expect(listed?.titleAr).toBe('حلقة');

    const url = `/api/youtube/update/${podcast._id}`;
    expect((await sendJson('PUT', url, { title: 'Episode 2', embeddedUrl: link })).json()).toMatchObject({
      title: 'Episode 2',
      titleAr: 'حلقة',
    });
    expect((await sendJson('PUT', url, { title: 'Episode 2', titleAr: '', embeddedUrl: link })).json()).toMatchObject({
      titleAr: '',
    });
    expect((await site().podcasts()).find((p) => p._id === podcast._id)?.titleAr).toBe('');

    await expectTitleArTooLong((titleAr) => sendJson('PUT', url, { title: 'Episode 2', titleAr, embeddedUrl: link }));
  });
});

describe('site settings in Arabic', () => {
  it('saves the Arabic address; left out keeps it, empty clears it, too long is refused', async () => {
    const { addressAr: _none, ...settings } = DEFAULT_SETTINGS;
    const saved = await sendJson('PUT', '/api/settings', { ...settings, addressAr: ' دبي، الإمارات ' });
    expect(saved.statusCode).toBe(200);
    expect(siteSettingsSchema.parse(saved.json()).addressAr).toBe('دبي، الإمارات');
    expect(siteSettingsSchema.parse(await getPublic('/api/settings')).addressAr).toBe('دبي، الإمارات');
    expect((await site().settings()).addressAr).toBe('دبي، الإمارات');

    expect((await sendJson('PUT', '/api/settings', settings)).json().addressAr).toBe('دبي، الإمارات');
    expect((await sendJson('PUT', '/api/settings', { ...settings, addressAr: '' })).json().addressAr).toBe('');

    const refused = await sendJson('PUT', '/api/settings', { ...settings, addressAr: 'ع'.repeat(501) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { addressAr: ADMIN_MESSAGES.textTooLong } });
  });
});
