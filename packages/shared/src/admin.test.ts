import { describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  checkBlogForm,
  checkBulkModules,
  checkCourseForm,
  checkHeroForm,
  checkIntroForm,
  createVideoInputSchema,
  hasRichContent,
  parseAdminDate,
  parsePriceToFils,
  podcastInputSchema,
  siteSettingsInputSchema,
  checkPodcastForm,
  checkSettingsForm,
} from './admin.ts';

describe('parsePriceToFils', () => {
  it.each([
    ['0', 0],
    ['888', 88_800],
    [' 888.5 ', 88_850],
    ['888.05', 88_805],
    [12.34, 1234],
    ['1000000', 100_000_000],
  ])('%j → %d fils', (input, fils) => {
    expect(parsePriceToFils(input)).toBe(fils);
  });

  it.each(['', '-1', '1.234', 'abc', '1,000', '1e3', '1000000.01', '.5', '5.', 'NaN', 0.1 + 0.2])(
    'refuses %j',
    (input) => {
      expect(parsePriceToFils(input)).toBeNull();
    },
  );
});

describe('checkCourseForm', () => {
  const valid = { title: ' Off Plan ', price: '888', description: '<p>About</p>' };

  it('create: trimmed title, price, description and thumbnail are required, with the spec message', () => {
    for (const missing of ['title', 'price', 'description'] as const) {
      const result = checkCourseForm({ ...valid, [missing]: '   ' }, { mode: 'create', hasThumbnail: true });
      expect(result).toMatchObject({ ok: false, message: ADMIN_MESSAGES.fillRequiredFields });
      expect(result.ok ? {} : result.errors).toHaveProperty(missing);
    }
    const noThumb = checkCourseForm(valid, { mode: 'create', hasThumbnail: false });
    expect(noThumb).toMatchObject({
      ok: false,
      message: ADMIN_MESSAGES.fillRequiredFields,
      errors: { thumbnail: expect.any(String) },
    });
    expect(checkCourseForm({ ...valid, description: '<p></p>' }, { mode: 'create', hasThumbnail: true }).ok).toBe(
      false,
    );
  });

  it('create: cleans the values', () => {
    const result = checkCourseForm(
      { ...valid, comingSoon: 'true', author: '  ', courseOutcome: '<ul><li>x</li></ul>' },
      { mode: 'create', hasThumbnail: true },
    );
    expect(result).toEqual({
      ok: true,
      value: {
        title: 'Off Plan',
        priceFils: 88_800,
        description: '<p>About</p>',
        courseOutcome: '<ul><li>x</li></ul>',
        comingSoon: true,
        author: null,
      },
    });
  });

  it('refuses a bad price and an overlong title', () => {
    expect(checkCourseForm({ ...valid, price: '-5' }, { mode: 'create', hasThumbnail: true })).toMatchObject({
      ok: false,
      message: ADMIN_MESSAGES.priceInvalid,
    });
    expect(
      checkCourseForm({ ...valid, title: 'x'.repeat(201) }, { mode: 'update', hasThumbnail: false }),
    ).toMatchObject({
      ok: false,
      message: ADMIN_MESSAGES.titleTooLong,
    });
  });

  it("update: 'Title cannot be empty'; other fields optional", () => {
    expect(checkCourseForm({ title: '  ' }, { mode: 'update', hasThumbnail: false })).toMatchObject({
      ok: false,
      message: ADMIN_MESSAGES.titleCannotBeEmpty,
    });
    expect(checkCourseForm({ price: '5' }, { mode: 'update', hasThumbnail: false })).toMatchObject({
      ok: false,
      message: ADMIN_MESSAGES.titleCannotBeEmpty,
    });
    expect(checkCourseForm({ title: 'New' }, { mode: 'update', hasThumbnail: false })).toEqual({
      ok: true,
      value: { title: 'New' },
    });
  });
});

describe('other forms', () => {
  it('blog: title and author required; date parsed', () => {
    expect(checkBlogForm({ title: 'T', author: ' ' })).toMatchObject({
      ok: false,
      message: ADMIN_MESSAGES.blogFieldsRequired,
    });
    expect(checkBlogForm({ title: 'T', author: 'A', date: '2025-02-30' })).toMatchObject({
      ok: false,
      message: ADMIN_MESSAGES.dateInvalid,
    });
    expect(checkBlogForm({ title: ' T ', author: 'A', date: '2025-06-29', description: '<p>x</p>' })).toEqual({
      ok: true,
      value: { title: 'T', author: 'A', date: '2025-06-29T08:00:00.000Z', description: '<p>x</p>' },
    });
  });

  it('intro: all fields must be filled; hero: title and subtitle', () => {
    const intro = { heading: 'H', subheading: 'S', paragraph1: 'P1', paragraph2: 'P2' };
    expect(checkIntroForm(intro)).toEqual({ ok: true, value: intro });
    expect(checkIntroForm({ ...intro, paragraph2: ' ' })).toMatchObject({
      ok: false,
      message: 'All fields must be filled',
      errors: { paragraph2: 'All fields must be filled' },
    });
    expect(checkHeroForm({ title: 'T' })).toMatchObject({ ok: false, message: ADMIN_MESSAGES.heroFieldsRequired });
  });

  it('blog: a date outside the allowed years (year 0 above all) is refused with its own message', () => {
    for (const date of ['0000-01-01', '1999-12-31', '2101-01-01', '0000-01-01T00:00:00Z']) {
      expect(checkBlogForm({ title: 'T', author: 'A', date }), date).toMatchObject({
        ok: false,
        errors: { date: ADMIN_MESSAGES.dateOutOfRange },
      });
    }
    expect(checkBlogForm({ title: 'T', author: 'A', date: '2000-01-01' })).toMatchObject({ ok: true });
    expect(checkBlogForm({ title: 'T', author: 'A', date: '2100-12-31' })).toMatchObject({ ok: true });
  });

  it('dates: day or ISO date-time', () => {
    expect(parseAdminDate('2025-06-29T10:00:00Z')).toBe('2025-06-29T10:00:00.000Z');
    expect(parseAdminDate('29/06/2025')).toBeNull();
  });

  it('rich content: the empty editor document is empty', () => {
    expect(hasRichContent('<p></p>')).toBe(false);
    expect(hasRichContent('<p> &nbsp; </p>')).toBe(false);
    expect(hasRichContent('<p><img src="/media/x"></p>')).toBe(true);
  });
});

describe('bulk modules', () => {
  const good = { title: 'Basics', videos: [{ title: 'Intro', videoUrl: 'https://vimeo.com/76979871' }] };

  it('accepts modules with titled videos and valid links', () => {
    expect(checkBulkModules([good])).toEqual({
      ok: true,
      value: [
        {
          title: 'Basics',
          videos: [{ title: 'Intro', source: 'vimeo', url: 'https://player.vimeo.com/video/76979871' }],
        },
      ],
    });
  });

  it('names every bad field, with the one spec message', () => {
    const result = checkBulkModules([
      good,
      { title: ' ', videos: [] },
      { title: 'X', videos: [{ title: '', videoUrl: 'https://example.com/1' }] },
    ]);
    expect(result).toEqual({
      ok: false,
      message: ADMIN_MESSAGES.modulesInvalid,
      errors: {
        'modules.1.title': ADMIN_MESSAGES.modulesInvalid,
        'modules.1.videos': ADMIN_MESSAGES.modulesInvalid,
        'modules.2.videos.0.title': ADMIN_MESSAGES.modulesInvalid,
        'modules.2.videos.0.videoUrl': ADMIN_MESSAGES.modulesInvalid,
      },
    });
  });
});

describe('JSON schemas', () => {
  it('podcast: fields required, YouTube link converted', () => {
    expect(podcastInputSchema.safeParse({ title: '', embeddedUrl: 'x' }).error?.issues[0]?.message).toBe(
      'Please fill in all fields.',
    );
    expect(
      podcastInputSchema.safeParse({ title: 'T', embeddedUrl: 'https://vimeo.com/1' }).error?.issues[0]?.message,
    ).toBe('Invalid YouTube URL.');
    expect(podcastInputSchema.parse({ title: ' T ', embeddedUrl: 'https://youtu.be/aqz-KE-bpKQ' })).toEqual({
      title: 'T',
      embeddedUrl: 'https://www.youtube.com/embed/aqz-KE-bpKQ',
    });

    // The form's check: a message per field; 'Please fill in all fields.' leads when one is missing.
    expect(checkPodcastForm({ title: '', embeddedUrl: 'https://vimeo.com/1' })).toEqual({
      ok: false,
      message: ADMIN_MESSAGES.podcastFieldsRequired,
      errors: { title: ADMIN_MESSAGES.podcastFieldsRequired, embeddedUrl: ADMIN_MESSAGES.podcastUrlInvalid },
    });
    expect(checkPodcastForm({ title: 'T', embeddedUrl: 'https://vimeo.com/1' })).toMatchObject({
      message: ADMIN_MESSAGES.podcastUrlInvalid,
    });
  });

  it('video: link stored as its player URL', () => {
    expect(createVideoInputSchema.parse({ title: 'A', videoUrl: 'vimeo.com/5', module: 'm' })).toEqual({
      title: 'A',
      videoUrl: { source: 'vimeo', url: 'https://player.vimeo.com/video/5' },
      module: 'm',
    });
  });

  it('settings: validated field by field', () => {
    const valid = {
      brandName: 'Oasis',
      email: 'owner@example.com',
      phone: '+971 50 123 4567',
      address: 'Dubai',
      chatUrl: '',
      brandSiteUrl: 'https://oasis.example',
      social: { linkedin: '', youtube: 'https://youtube.com/@x', instagram: '', tiktok: '', facebook: '' },
    };
    expect(siteSettingsInputSchema.safeParse(valid).success).toBe(true);
    const bad = siteSettingsInputSchema.safeParse({
      ...valid,
      email: 'nope',
      phone: '12',
      social: { ...valid.social, facebook: 'javascript:alert(1)' },
    });
    const messages = Object.fromEntries(bad.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);
    expect(messages).toEqual({
      email: ADMIN_MESSAGES.settingsEmailInvalid,
      phone: ADMIN_MESSAGES.settingsPhoneInvalid,
      'social.facebook': ADMIN_MESSAGES.settingsUrlInvalid,
    });

    // The form's check: the same messages per field, the first one to say above the buttons.
    const check = checkSettingsForm({ ...valid, email: 'nope', social: { ...valid.social, facebook: 'http://x.y' } });
    expect(check).toEqual({
      ok: false,
      message: ADMIN_MESSAGES.settingsEmailInvalid,
      errors: { email: ADMIN_MESSAGES.settingsEmailInvalid, 'social.facebook': ADMIN_MESSAGES.settingsUrlInvalid },
    });
    expect(checkSettingsForm({ ...valid, brandName: '  Oasis  ' })).toEqual({
      ok: true,
      value: { ...valid, brandName: 'Oasis' },
    });
  });
});
