import { describe, expect, it } from 'vitest';
import reviewTexts from '@oasis/shared/i18n/ns/reviews';
import { seedCourse, seedReview, seedTestimonial } from '../src/db/factories.ts';
import { pageHtml, setUpBuiltSiteForFile } from './built-site.ts';
import { signIn } from './uploads.ts';

/**
 * Reviews and testimonials on the real pages (docs/product.md#reviews): the rating block and its
 * structured data from three approved reviews only, the catalogue cards, and testimonials where the
 * owner placed them. Approving a review and editing a testimonial change the cached pages at once,
 * through the routes' declared effects only (no hand invalidation after the writes).
 */
const fx = {} as {
  rated: { id: string; slug: string };
  waitingId: string;
  testimonialId: string;
  admin: Record<string, string>;
};

const site = setUpBuiltSiteForFile(async (deps) => {
  const rated = await seedCourse(deps.db, { title: 'A rated course', publishedAt: new Date() });
  await seedReview(deps.db, { courseId: rated.id, rating: 5, userName: 'Aisha Rahman', text: 'Very clear' });
  await seedReview(deps.db, { courseId: rated.id, rating: 4, userName: 'Omar Saleh' });
  await seedReview(deps.db, { courseId: rated.id, rating: 1, status: 'hidden', text: 'Hidden words' });
  const waiting = await seedReview(deps.db, {
    courseId: rated.id,
    rating: 4,
    status: 'waiting',
    userName: 'Mona Aziz',
  });
  const testimonial = await seedTestimonial(deps.db, {
    name: 'Rashid Khan',
    quote: 'The numbers finally made sense.',
    quoteAr: 'أخيرًا فهمت الأرقام.',
    onHome: true,
    onAbout: true,
    courseId: rated.id,
    onCourse: true,
  });
  Object.assign(fx, {
    rated: { id: rated.id, slug: rated.slug },
    waitingId: waiting.id,
    testimonialId: testimonial.id,
    admin: (await signIn(deps.db, 'admin')).headers,
  });
});

const page = (url: string) => pageHtml(site, url);

/** The page's JSON-LD blocks, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1] ?? '{}'),
  );
}

describe('reviews and testimonials on the public pages', () => {
  it('show the rating only from three approved reviews, change at once on approval, and put it in the JSON-LD', async () => {
    const path = `/courses/${fx.rated.slug}`;
    // Two approved (a hidden and a waiting one do not count): no rating block, no AggregateRating.
    const before = await page(path);
    expect(before).not.toContain('data-testid="course-rating"');
    expect(before).not.toContain('Hidden words');
    expect(JSON.stringify(jsonLd(before))).not.toContain('AggregateRating');
    expect(await page('/courses')).not.toContain('data-testid="course-rating"');

    const res = await site.app.inject({
      method: 'PUT',
      url: `/api/admin/reviews/${fx.waitingId}/status`,
      headers: fx.admin,
      payload: { status: 'approved' },
    });
    expect(res.statusCode).toBe(200);

    const after = await page(path);
    expect(after).toContain('4.3 out of 5, 3 reviews');
    expect(after).toContain('Aisha R.');
    expect(after).toContain('Very clear');
    expect(after).not.toContain('Hidden words');
    const course = jsonLd(after).find((block) => block['@type'] === 'Course') as Record<string, unknown>;
    expect(course.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: 4.3, reviewCount: 3 });
    expect(course.review).toHaveLength(3);
    expect(await page('/courses?sort=rating')).toContain('4.3 out of 5, 3 reviews');

    const arabic = await page(`/ar${path}`);
    expect(arabic).toContain('4.3 من 5، 3 مراجعات');
    expect(arabic).toContain(reviewTexts.ar.heading);
  });

  it('show testimonials where placed, and an edit changes the pages at once', async () => {
    for (const path of ['/', '/about', `/courses/${fx.rated.slug}`]) {
      expect(await page(path), path).toContain('The numbers finally made sense.');
    }
    expect(await page('/ar')).toContain('أخيرًا فهمت الأرقام.');
    const res = await site.app.inject({
      method: 'PUT',
      url: `/api/admin/testimonials/${fx.testimonialId}`,
      headers: fx.admin,
      payload: { name: 'Rashid Khan', quote: 'Worth every dirham.', onHome: true },
    });
    expect(res.statusCode).toBe(200);
    const home = await page('/');
    expect(home).toContain('Worth every dirham.');
    expect(home).not.toContain('The numbers finally made sense.');
    // No longer placed on the About page or the course's page.
    expect(await page('/about')).not.toContain('Worth every dirham.');
    expect(await page(`/courses/${fx.rated.slug}`)).not.toContain('Worth every dirham.');
    // Arabic falls back to the English quote when no Arabic one is written.
    expect(await page('/ar')).toContain('Worth every dirham.');
  });
});
