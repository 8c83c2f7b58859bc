import type { CatalogueCourse, Course, PodcastVideo } from '@oasis/shared/api';
import { cataloguePage, toCatalogueCourse } from '@oasis/shared/catalogue-search';
import { describe, expect, it } from 'vitest';
import { messagesFor } from '@oasis/shared/i18n/catalogue';
import { buildHead, type RootData } from '../../../lib/seo';
import { catalogHref } from './catalog';
import { placeholderCourses, TEASER_QUERY, teaserCourses, toCourseCard } from './course-teaser';
import { heroView, introView } from './home-content';
import { videoSection, youtubeId } from './video-items';

/** A catalogue course as the read model hands it to pages, from a whole course's fields. */
function course(overrides: Partial<Course> = {}): CatalogueCourse {
  return toCatalogueCourse({
    _id: overrides.slug ?? 'c1',
    slug: 'c1',
    title: 'A Course',
    titleAr: '',
    description: '<p>Short <strong>text</strong>.</p>',
    descriptionAr: '',
    courseOutcome: '',
    courseOutcomeAr: '',
    tagline: '',
    taglineAr: '',
    level: 'all',
    language: 'en',
    outcomes: [],
    outcomesAr: [],
    faq: [],
    publishedAt: '2025-01-01T00:00:00.000Z',
    price: 100,
    thumbnailUrl: '',
    thumbnail: null,
    author: '',
    authorAr: '',
    students: 0,
    comingSoon: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  });
}

/** An intro row with every text empty unless given. */
const introRow = (overrides: Partial<Parameters<typeof introView>[0]> = {}): Parameters<typeof introView>[0] => ({
  heading: '',
  headingAr: '',
  subheading: '',
  subheadingAr: '',
  paragraph1: '',
  paragraph1Ar: '',
  paragraph2: '',
  paragraph2Ar: '',
  image: null,
  imageFocus: { x: 50, y: 50 },
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

describe('home course teaser', () => {
  it('shows the six placeholder courses only when the catalogue could not be read, the 888 AED course first', () => {
    expect(teaserCourses([])).toEqual([]);
    const cards = teaserCourses(null);
    expect(cards).toHaveLength(6);
    expect(cards[0]).toMatchObject({ title: 'Introduction to Off Plan', price: 888, comingSoon: false });
    expect(cards.slice(1).every((c) => c.comingSoon && c.price === 0)).toBe(true);
    expect(cards.every((c) => c.imageUrl === '/default-thumbnail.jpg')).toBe(true);
  });

  it('shows a short catalogue as it is, without placeholders', () => {
    const cards = teaserCourses([course({ slug: 'introduction-to-off-plan', title: 'Introduction to Off Plan' })]);
    expect(cards.map((c) => c.slug)).toEqual(['introduction-to-off-plan']);
    expect(cards.some((c) => placeholderCourses('en').some((p) => p.key === c.key))).toBe(false);
  });

  it('fills from further real courses, courses on sale before coming-soon ones, six at most', () => {
    const real = Array.from({ length: 8 }, (_, i) =>
      course({ slug: `c${i}`, title: `Course ${i}`, comingSoon: i < 2, price: i < 2 ? 0 : 50 }),
    );
    const cards = teaserCourses(cataloguePage(real, TEASER_QUERY).courses);
    expect(cards.map((c) => c.slug)).toEqual(['c2', 'c3', 'c4', 'c5', 'c6', 'c7']);
  });

  it('strips HTML from descriptions and cuts them to 100 characters', () => {
    const long = `<h2>Title</h2><p>${'word '.repeat(60)}</p>`;
    const [card] = teaserCourses([course({ description: long })]);
    expect(card?.summary).not.toMatch(/[<>]/);
    expect(card?.summary.length).toBeLessThanOrEqual(101);
    expect(card?.summary.endsWith('…')).toBe(true);
    expect(teaserCourses([course()])[0]?.summary).toBe('Short text.');
  });
});

describe('course cards on Arabic pages', () => {
  const arabic = course({
    slug: 'off-plan',
    title: 'Introduction to Off Plan',
    titleAr: 'مقدمة في العقارات على الخارطة',
    descriptionAr: '<p>دورة <strong>قصيرة</strong>.</p>',
  });

  it.each([
    {
      name: 'shows the Arabic title and summary, stripped of HTML, with no attributes',
      locale: 'ar',
      texts: { title: 'مقدمة في العقارات على الخارطة', summary: 'دورة قصيرة.' },
    },
    {
      name: 'keeps English pages as they were: the English texts, no attributes',
      locale: 'en',
      texts: { title: 'Introduction to Off Plan', summary: 'Short text.' },
    },
  ] as const)('$name', ({ locale, texts }) => {
    expect(toCourseCard(arabic, locale)).toMatchObject({ ...texts, titleAttrs: {}, summaryAttrs: {} });
  });

  it('falls back to the English field by field, marked as English', () => {
    const card = toCourseCard(course({ titleAr: 'دورة', descriptionAr: '<p> </p>' }), 'ar');
    expect(card).toMatchObject({ title: 'دورة', titleAttrs: {}, summary: 'Short text.' });
    expect(card.summaryAttrs).toEqual({ lang: 'en', dir: 'auto' });
    expect(toCourseCard(course(), 'ar').titleAttrs).toEqual({ lang: 'en', dir: 'auto' });
    // Arabic typed in the English field: only its direction is left to the browser.
    expect(toCourseCard(course({ title: 'دورة الاستثمار' }), 'ar').titleAttrs).toEqual({ dir: 'auto' });
  });

  it('shows the Arabic titles, and the Arabic placeholders when the catalogue could not be read', () => {
    const cards = teaserCourses([arabic], 'ar');
    expect(cards.map((c) => c.title)).toEqual(['مقدمة في العقارات على الخارطة']);
    expect(teaserCourses(null, 'ar').map((c) => c.title)).toEqual(placeholderCourses('ar').map((p) => p.title));
  });
});

describe('home hero and intro', () => {
  const t = messagesFor('ar').home;
  const hero = {
    title: 'Invest in Dubai',
    titleAr: 'استثمر في دبي',
    subtitle: 'With a guide',
    subtitleAr: '',
    image: null,
    imageFocus: { x: 50, y: 50 },
    updatedAt: '2025-01-01T00:00:00.000Z',
  };

  it('shows the Arabic, else the English marked as English, else the page wording', () => {
    const view = heroView(hero, t, 'ar');
    expect(view.title).toEqual({ text: 'استثمر في دبي', attrs: {} });
    expect(view.subtitle).toEqual({ text: 'With a guide', attrs: { lang: 'en', dir: 'auto' } });
    expect(heroView({ ...hero, title: ' ', titleAr: '' }, t, 'ar').title).toEqual({
      text: t.heroFallbackTitle,
      attrs: {},
    });
    expect(heroView(hero, messagesFor('en').home).title).toEqual({ text: 'Invest in Dubai', attrs: {} });
  });

  it('reads each intro field on its own', () => {
    const intro = introRow({
      heading: 'About me',
      headingAr: 'من أنا',
      subheading: 'Sub',
      subheadingAr: 'فرعي',
      paragraph1: 'One',
    });
    const view = introView(intro, t, 'ar');
    expect([view.heading.text, view.subheading.text, view.paragraph1.text]).toEqual(['من أنا', 'فرعي', 'One']);
    expect(view.paragraph1.attrs).toEqual({ lang: 'en', dir: 'auto' });
    expect(view.paragraph2).toEqual({ text: t.introFallbackParagraph2, attrs: {} });
  });

  it('drops the eyebrow over a heading that already says it', () => {
    const en = messagesFor('en').home;
    const intro = (heading: string) => introRow({ heading });
    // The demo heading: 'Meet your mentor' over it would say the same thing twice.
    expect(introView(intro('Meet Your Dubai Property Mentor'), en).eyebrow).toBeNull();
    expect(introView(intro('Twenty-six years in property'), en).eyebrow).toBe('Meet your mentor');
  });
});

describe('video section', () => {
  const video = (overrides: Partial<PodcastVideo>): PodcastVideo => ({
    _id: 'v',
    title: 'Video',
    titleAr: '',
    embeddedUrl: 'https://www.youtube.com/embed/aqz-KE-bpKQ',
    comingSoon: false,
    position: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  });

  it('falls back to three coming-soon placeholders, one on /consult', () => {
    expect(videoSection([]).items).toHaveLength(3);
    expect(videoSection([]).items.every((v) => v.comingSoon)).toBe(true);
    expect(videoSection([], 'consult').items).toHaveLength(1);
  });

  it('on /consult hides the coming-soon items and uses its own wording', () => {
    const items = [
      video({ _id: 'a' }),
      video({ _id: 'b', comingSoon: true, embeddedUrl: '' }),
      video({ _id: 'c', comingSoon: true }),
    ];
    expect(videoSection(items).items.map((v) => v.key)).toEqual(['a', 'b', 'c']);
    const consult = videoSection(items, 'consult');
    expect(consult.items.map((v) => v.key)).toEqual(['a']);
    expect(consult.title).not.toBe(videoSection(items).title);
    expect(videoSection(items).title).toBe('Learn On the Go');
  });

  it('reads the video id from embed, watch, short and youtu.be links', () => {
    for (const url of [
      'https://www.youtube.com/embed/aqz-KE-bpKQ',
      'https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=10',
      'https://youtube.com/shorts/aqz-KE-bpKQ',
      'https://youtu.be/aqz-KE-bpKQ',
    ]) {
      expect(youtubeId(url)).toBe('aqz-KE-bpKQ');
    }
    expect(youtubeId('https://vimeo.com/123')).toBeNull();
    expect(videoSection([video({ embeddedUrl: 'not a link' })]).items[0]?.comingSoon).toBe(true);
  });

  it('titles the videos in Arabic on Arabic pages, the English marked as such where there is none', () => {
    const items = [video({ _id: 'a', titleAr: 'حلقة' }), video({ _id: 'b' })];
    const [translated, untranslated] = videoSection(items, 'default', 'ar').items;
    expect(translated).toEqual({ key: 'a', title: 'حلقة', youtubeId: 'aqz-KE-bpKQ', comingSoon: false });
    expect(untranslated).toMatchObject({ title: 'Video', titleAttrs: { lang: 'en', dir: 'auto' } });
    // English pages: the English titles, and the island's props exactly as before.
    expect(videoSection(items).items[0]).toEqual({
      key: 'a',
      title: 'Video',
      youtubeId: 'aqz-KE-bpKQ',
      comingSoon: false,
    });
  });
});

describe('catalogue address', () => {
  it('leaves defaults out so results can be shared', () => {
    expect(catalogHref({ q: '', sort: 'latest', page: 1 })).toBe('/courses');
    expect(catalogHref({ q: 'off plan', sort: 'priceLow', page: 2 })).toBe('/courses?q=off+plan&sort=priceLow&page=2');
    expect(catalogHref({ q: 'a&b', sort: 'latest', page: 1 })).toBe('/courses?q=a%26b');
  });
});

describe('page head', () => {
  const root: RootData = {
    settings: {
      brandName: 'Oasis',
      email: 'e@x.test',
      phone: '+971',
      address: 'Dubai',
      addressAr: '',
      chatUrl: '',
      brandSiteUrl: '',
      social: { linkedin: '', youtube: '', instagram: '', tiktok: '', facebook: '' },
      arabicCurrency: 'AED',
      enrolmentThreshold: 10,
      whatsappNumber: '',
    },
    siteUrl: 'https://oasis.test',
    publicConfig: { siteUrl: 'https://oasis.test', googleSignIn: false, paymentProvider: 'sandbox' },
    locale: 'en',
  };

  it('has title, description, canonical, Open Graph, Twitter and JSON-LD with absolute URLs', () => {
    const head = buildHead(root, {
      title: 'Courses',
      description: 'All courses.',
      path: '/courses',
      image: { url: '/media/x/960.jpg', width: 960, height: 540 },
      jsonLd: [{ '@type': 'Thing' }],
    });
    expect(head).toContainEqual({ title: 'Courses | Oasis' });
    expect(head).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://oasis.test/courses' });
    expect(head).toContainEqual({ property: 'og:image', content: 'https://oasis.test/media/x/960.jpg' });
    expect(head).toContainEqual({ name: 'twitter:image', content: 'https://oasis.test/media/x/960.jpg' });
    expect(head).toContainEqual({ 'script:ld+json': { '@type': 'Thing' } });
    expect(head.some((t) => 'name' in t && t.name === 'robots')).toBe(false);
  });

  it('uses the default share image and can keep a page out of indexes', () => {
    const head = buildHead(root, { title: 'X', description: 'Y', path: '/x', noindex: true });
    expect(head).toContainEqual({ property: 'og:image', content: 'https://oasis.test/og-default.jpg' });
    expect(head).toContainEqual({ name: 'robots', content: 'noindex' });
  });
});
