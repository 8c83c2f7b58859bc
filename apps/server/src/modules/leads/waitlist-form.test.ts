import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedCourse } from '../../db/factories.ts';
import { leads } from '../../db/schema.ts';
import { setUpLeadTests } from './leads.fixtures.ts';

const { t } = setUpLeadTests();

/** What the course page's plain form sends: urlencoded fields, the page's language among them. */
const postForm = (fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/waitlist',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: `10.8.${Math.floor(Math.random() * 250)}.2`,
  });

const linkOf = (html: string) => /<a href="([^"]+)">([^<]+)<\/a>/.exec(html)?.slice(1);

describe('the waitlist form without JavaScript', () => {
  it('answers a page in the form language that leads back to the course, joined or refused', async () => {
    const course = await seedCourse(t.deps.db, { comingSoon: true, publishedAt: new Date(), priceFils: 0 });

    const joined = await postForm({ courseId: course.id, locale: 'ar', email: 'Visitor@Example.com' });
    expect(joined.statusCode).toBe(200);
    expect(joined.headers['cache-control']).toBe('private, no-store');
    expect(joined.body).toContain('<html lang="ar" dir="rtl">');
    expect(joined.body).toContain('أنت على القائمة');
    expect(linkOf(joined.body)).toEqual([`/ar/courses/${course.slug}`, 'العودة إلى الدورة']);
    const [signup] = await t.deps.db.select().from(leads).where(eq(leads.courseId, course.id));
    expect(signup).toMatchObject({ kind: 'waitlist', email: 'visitor@example.com', locale: 'ar' });

    // A refused address: the reason in Arabic, and the way back is the course page, to try again.
    const refused = await postForm({ courseId: course.id, locale: 'ar', email: 'not-an-address' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('<html lang="ar" dir="rtl">');
    expect(linkOf(refused.body)).toEqual([`/ar/courses/${course.slug}`, 'العودة إلى الدورة']);

    // A course that does not exist: the catalogue, named as such.
    const unknown = await postForm({ courseId: 'no-such-course', locale: 'en', email: 'a@example.com' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<html lang="en" dir="ltr">');
    expect(linkOf(unknown.body)).toEqual(['/courses', 'See all courses']);
    expect(await t.deps.db.select().from(leads)).toHaveLength(1);
  });
});
