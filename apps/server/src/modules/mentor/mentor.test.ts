import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { MENTOR_MESSAGES } from '@oasis/shared/admin/mentor';
import { heroSchema, introSchema, mentorSchema } from '@oasis/shared/api';
import { beforeAllValue, createTestApp, emptyTables, getJson } from '../../../test/helpers.ts';
import { jpeg, multipart, setUpSignIn } from '../../../test/uploads.ts';
import { intro, media, mentor } from '../../db/schema.ts';
import { seedIntro } from '../../db/factories.ts';
import { createPublicSiteData } from '../../site-data.ts';

const t = beforeAllValue(() => createTestApp());
afterAll(() => t.close());
const admin = setUpSignIn(t);

const putJson = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url, headers: admin.headers, payload });

async function putForm(url: string, fields: Parameters<typeof multipart>[0]) {
  const form = await multipart(fields, admin.headers);
  return t.app.inject({ method: 'PUT', url, ...form });
}

const publicMentor = async () => mentorSchema.nullable().parse(await getJson(t, '/api/mentor'));

const profile = {
  name: ' Sarah Whitfield ',
  nameAr: 'سارة ويتفيلد',
  jobTitle: 'Property mentor',
  bio: 'Twenty-six years in property.',
  credentials: 'RERA broker no. 12345\n\n  CeMAP (UK)  \n',
  credentialsAr: 'وسيطة لدى ريرا برقم 12345',
  linkedin: 'https://www.linkedin.com/in/sarah',
  website: '',
  aboutHtml: '<p>My story<script>alert(1)</script></p><p onclick="x()">More</p>',
  aboutHtmlAr: '<p>قصتي</p>',
};

describe('mentor profile', () => {
  // Each test starts without a profile (the tests run in any order).
  beforeEach(() => emptyTables(t, mentor));

  it('is null for visitors, and empty for the admin, until the owner saves one', async () => {
    expect(await publicMentor()).toBeNull();
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/mentor', headers: admin.headers });
    expect(mentorSchema.parse(res.json())).toMatchObject({ name: '', credentials: [], portrait: null });
  });

  it('saves the texts with their Arabic twins, credentials one a line, https links, the story sanitised', async () => {
    const before = t.deps.pageCache.version;
    const res = await putJson('/api/admin/mentor', profile);
    expect(res.statusCode).toBe(200);
    const saved = mentorSchema.parse(res.json());
    expect(saved).toMatchObject({
      name: 'Sarah Whitfield',
      nameAr: 'سارة ويتفيلد',
      credentials: ['RERA broker no. 12345', 'CeMAP (UK)'],
      credentialsAr: ['وسيطة لدى ريرا برقم 12345'],
      social: { linkedin: 'https://www.linkedin.com/in/sarah' },
      portraitFocus: { x: 50, y: 50 },
    });
    expect(saved.social).not.toHaveProperty('website');
    expect(saved.aboutHtml).toBe('<p>My story</p><p>More</p>');
    // Stored sanitised too, not only on display.
    const [row] = await t.deps.db.select().from(mentor);
    expect(row?.aboutHtml).toBe('<p>My story</p><p>More</p>');
    // Pages showing the mentor are dropped, and visitors see the new profile.
    expect(t.deps.pageCache.version).toBeGreaterThan(before);
    expect(await publicMentor()).toMatchObject({ name: 'Sarah Whitfield', aboutHtmlAr: '<p>قصتي</p>' });
    expect(await createPublicSiteData(t.deps).mentor()).toMatchObject({ jobTitle: 'Property mentor' });
  });

  it('keeps an Arabic twin left out, and clears one sent empty', async () => {
    expect((await putJson('/api/admin/mentor', profile)).statusCode).toBe(200);
    const kept = mentorSchema.parse((await putJson('/api/admin/mentor', { name: 'Sarah', bioAr: '' })).json());
    expect(kept).toMatchObject({ name: 'Sarah', nameAr: 'سارة ويتفيلد', bio: '', bioAr: '', credentials: [] });
    expect(kept.credentialsAr).toEqual(['وسيطة لدى ريرا برقم 12345']);
  });

  it('takes a portrait with its focal point; a new portrait replaces the old files', async () => {
    const first = await putForm('/api/admin/mentor', {
      name: 'Sarah',
      focusX: '30',
      focusY: '20.25',
      portrait: { data: await jpeg(600, 800), filename: 'me.jpg', type: 'image/jpeg' },
    });
    expect(first.statusCode).toBe(200);
    const saved = mentorSchema.parse(first.json());
    expect(saved.portrait).not.toBeNull();
    expect(saved.portraitFocus).toEqual({ x: 30, y: 20.3 });

    const second = await putForm('/api/admin/mentor', {
      name: 'Sarah',
      portrait: { data: await jpeg(500, 700, '#222'), filename: 'me2.jpg', type: 'image/jpeg' },
    });
    const replaced = mentorSchema.parse(second.json());
    expect(replaced.portrait?.base).not.toBe(saved.portrait?.base);
    // The focal point left out stays.
    expect(replaced.portraitFocus).toEqual({ x: 30, y: 20.3 });
    expect(await t.deps.storage.size(`${saved.portrait?.base.replace('/media/', '')}/320.jpg`)).toBeNull();
  });

  it.each([
    ['name', { name: '  ' }, MENTOR_MESSAGES.nameRequired],
    ['linkedin', { name: 'S', linkedin: 'javascript:alert(1)' }, ADMIN_MESSAGES.settingsUrlInvalid],
    ['website', { name: 'S', website: 'http://example.com' }, ADMIN_MESSAGES.settingsUrlInvalid],
    ['focusX', { name: 'S', focusX: '101', focusY: '5' }, MENTOR_MESSAGES.focusInvalid],
    ['focusY', { name: 'S', focusX: '10' }, MENTOR_MESSAGES.focusInvalid],
    ['bio', { name: 'S', bio: 'b'.repeat(1001) }, MENTOR_MESSAGES.bioTooLong],
    [
      'credentials',
      { name: 'S', credentials: Array.from({ length: 11 }, (_, i) => `C${i}`).join('\n') },
      MENTOR_MESSAGES.credentialsTooMany,
    ],
    ['credentials', { name: 'S', credentials: `ok\n${'c'.repeat(201)}` }, MENTOR_MESSAGES.credentialTooLong],
  ])('refuses a bad %s with a message under it, writing nothing', async (field, payload, message) => {
    const before = await t.deps.db.select().from(mentor);
    const res = await putJson('/api/admin/mentor', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ [field]: message });
    expect(await t.deps.db.select().from(mentor)).toEqual(before);
  });

  it('stores no image when the texts are refused', async () => {
    const images = (await t.deps.db.select().from(media)).length;
    const res = await putForm('/api/admin/mentor', {
      name: '',
      portrait: { data: await jpeg(), filename: 'me.jpg', type: 'image/jpeg' },
    });
    expect(res.statusCode).toBe(400);
    expect((await t.deps.db.select().from(media)).length).toBe(images);
  });

  it('answers refusals in Arabic to an Arabic page', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/mentor',
      headers: { ...admin.headers, 'accept-language': 'ar' },
      payload: { name: '' },
    });
    expect(res.json().message).not.toBe(MENTOR_MESSAGES.nameRequired);
    expect(res.json().message).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('image focal points of the hero and the intro', () => {
  it('are saved, shown publicly and kept when left out', async () => {
    const hero = await putJson('/api/hero/update', { title: 'T', subtitle: 'S', focusX: '20', focusY: '80' });
    expect(heroSchema.parse(hero.json()).imageFocus).toEqual({ x: 20, y: 80 });
    expect((await createPublicSiteData(t.deps).hero()).imageFocus).toEqual({ x: 20, y: 80 });
    const kept = await putJson('/api/hero/update', { title: 'T2', subtitle: 'S' });
    expect(heroSchema.parse(kept.json()).imageFocus).toEqual({ x: 20, y: 80 });

    const intro = { heading: 'H', subheading: 'S', paragraph1: 'P1', paragraph2: 'P2' };
    const saved = await putJson('/api/intro/intro', { ...intro, focusX: '35', focusY: '10' });
    expect(introSchema.parse(saved.json()).imageFocus).toEqual({ x: 35, y: 10 });
  });

  it('refuses a focal point outside the image', async () => {
    const res = await putJson('/api/hero/update', { title: 'T', subtitle: 'S', focusX: '-5', focusY: '10' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ focusX: MENTOR_MESSAGES.focusInvalid });
  });

  it('a portrait shared with the intro stays while the intro is given a new image', async () => {
    const shared = await putForm('/api/admin/mentor', {
      name: 'Sarah',
      portrait: { data: await jpeg(400, 500), filename: 'p.jpg', type: 'image/jpeg' },
    });
    const [row] = await t.deps.db.select().from(mentor);
    await t.deps.db.delete(intro);
    await seedIntro(t.deps.db, { imageId: row?.portraitId ?? null });
    const replaced = await putForm('/api/intro/intro', {
      heading: 'H',
      subheading: 'S',
      paragraph1: 'P1',
      paragraph2: 'P2',
      image: { data: await jpeg(800, 600), filename: 'i.jpg', type: 'image/jpeg' },
    });
    expect(replaced.statusCode).toBe(200);
    const base = mentorSchema.parse(shared.json()).portrait?.base ?? '';
    expect(await t.deps.storage.size(`${base.replace('/media/', '')}/320.jpg`)).not.toBeNull();
  });
});
