import { afterAll, describe, expect, it } from 'vitest';
import { courseDetailSchema, courseListSchema } from '@oasis/shared/api';
import { adminReviewListSchema, myReviewSchema, testimonialListSchema, testimonialsFor } from '@oasis/shared/reviews';
import { beforeAllValue, createTestApp, getJson } from '../../../test/helpers.ts';
import { setUpSignIn } from '../../../test/uploads.ts';
import { seedCourse, seedEnrolment, seedModule, seedReview, seedUser, seedVideo } from '../../db/factories.ts';
import { videoProgress } from '../../db/schema.ts';
import { createSession } from '../auth/sessions.ts';

const t = beforeAllValue(() => createTestApp());
afterAll(() => t.close());
const signedIn = setUpSignIn(t);
const admin = () => signedIn.headers;

/** A published course of six lessons, with a learner enrolled who finished `done` of them. */
async function courseWithLearner(done: number, options: { enrolled?: boolean; name?: string } = {}) {
  const db = t.deps.db;
  const course = await seedCourse(db, { publishedAt: new Date() });
  const module = await seedModule(db, { courseId: course.id });
  const lessons = [];
  for (let i = 0; i < 6; i++) lessons.push(await seedVideo(db, { moduleId: module.id, position: i }));
  const user = await seedUser(db, { name: options.name ?? 'Layla Hassan Omar' });
  if (options.enrolled ?? true) await seedEnrolment(db, { userId: user.id, courseId: course.id });
  for (const lesson of lessons.slice(0, done))
    await db.insert(videoProgress).values({ userId: user.id, videoId: lesson.id });
  const headers = { authorization: `Bearer ${(await createSession(db, user.id, 'learner')).token}` };
  return { course, user, headers };
}

const review = (courseId: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/reviews/courses/${courseId}/mine`, headers, payload });
const setStatus = (id: string, status: string) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/reviews/${id}/status`, headers: admin(), payload: { status } });
const adminReviews = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/reviews?${query}`, headers: admin() });
  expect(res.statusCode).toBe(200);
  return adminReviewListSchema.parse(res.json());
};
const publicCourse = async (slug: string) =>
  courseDetailSchema.parse(await getJson(t, `/api/courses/course/slug/${slug}`));

describe('who may review', () => {
  it('refuses a learner not enrolled, and one enrolled below a third of the lessons', async () => {
    const stranger = await courseWithLearner(6, { enrolled: false });
    const res = await review(stranger.course.id, stranger.headers, { rating: 5 });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('reviewRules.notEnrolled');

    const early = await courseWithLearner(1);
    const mine = myReviewSchema.parse(
      (await t.app.inject({ url: `/api/reviews/courses/${early.course.id}/mine`, headers: early.headers })).json(),
    );
    expect(mine).toMatchObject({ completed: 1, lessons: 6, canReview: false, review: null });
    const refused = await review(early.course.id, early.headers, { rating: 4 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('reviewRules.tooEarly');
    expect(await adminReviews(`course=${early.course.id}`)).toEqual([]);
    expect((await review(early.course.id, {}, { rating: 4 })).statusCode).toBe(401);
  });

  it('takes a rating from exactly a third, once: a second submit edits the same review', async () => {
    const { course, headers } = await courseWithLearner(2);
    const first = await review(course.id, headers, { rating: 4, text: 'Useful' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(myReviewSchema.parse(first.json()).review).toMatchObject({ rating: 4, text: 'Useful', status: 'waiting' });
    const second = await review(course.id, headers, { rating: 2, text: 'Changed my mind' });
    expect(myReviewSchema.parse(second.json()).review).toMatchObject({ rating: 2, text: 'Changed my mind' });
    const listed = await adminReviews(`course=${course.id}`);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ rating: 2, reviewer: 'Layla O.', status: 'waiting' });
  });

  it('refuses ratings outside 1 to 5 and texts over the bound; strips markup from the text', async () => {
    const { course, headers } = await courseWithLearner(6);
    for (const rating of [0, 6, 3.5, '5', null]) {
      const res = await review(course.id, headers, { rating });
      expect(res.statusCode, String(rating)).toBe(400);
      expect(res.json().code).toBe('reviewRules.ratingInvalid');
    }
    const long = await review(course.id, headers, { rating: 5, text: 'a'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().code).toBe('reviewRules.textTooLong');
    expect(await adminReviews(`course=${course.id}`)).toEqual([]);
    const res = await review(course.id, headers, {
      rating: 5,
      text: 'دورة <b>ممتازة</b><script>alert(1)</script> <img src=x onerror=alert(1)>جدًا',
    });
    expect(res.statusCode).toBe(200);
    expect(myReviewSchema.parse(res.json()).review?.text).toBe('دورة ممتازة جدًا');
  });
  it('bounds an Arabic text like an English one, and refuses NUL bytes and wrong types without writing', async () => {
    const { course, headers } = await courseWithLearner(2);
    for (const payload of [
      { rating: 4, text: 'ب'.repeat(2001) },
      { rating: 4, text: 'good\u0000course' },
      { rating: 4, text: 42 },
      { rating: 4, text: ['a'] },
      { rating: 4, text: 'x'.repeat(100_000) },
    ]) {
      const res = await review(course.id, headers, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await adminReviews(`course=${course.id}`)).toEqual([]);
    const longest = await review(course.id, headers, { rating: 4, text: 'ب'.repeat(2000) });
    expect(longest.statusCode).toBe(200);
    expect(myReviewSchema.parse(longest.json()).review?.text).toHaveLength(2000);
  });
});

describe('only approved reviews are public', () => {
  it('shows the rating from three approved reviews, counts no hidden or waiting one, and sends an edited approved review back', async () => {
    const { course, headers } = await courseWithLearner(3, { name: 'Omar Saleh' });
    await seedReview(t.deps.db, { courseId: course.id, rating: 5, userName: 'Aisha Rahman' });
    await seedReview(t.deps.db, { courseId: course.id, rating: 4 });
    await seedReview(t.deps.db, { courseId: course.id, rating: 1, status: 'hidden' });
    await seedReview(t.deps.db, { courseId: course.id, rating: 1, status: 'waiting' });
    t.deps.pageCache.invalidate();
    // Two approved: no rating at all.
    expect((await publicCourse(course.slug)).rating).toBeUndefined();
    expect((await publicCourse(course.slug)).reviews).toBeUndefined();

    const mine = myReviewSchema.parse((await review(course.id, headers, { rating: 4, text: 'Clear' })).json());
    expect(mine.review?.status).toBe('waiting');
    const [waiting] = await adminReviews(`course=${course.id}&status=waiting`).then((list) =>
      list.filter((r) => r.reviewer === 'Omar S.'),
    );
    expect(waiting).toBeDefined();
    // Approving it through the route shows the rating at once: (5 + 4 + 4) / 3.
    expect((await setStatus(waiting?._id ?? '', 'approved')).statusCode).toBe(200);
    const shown = await publicCourse(course.slug);
    expect(shown.rating).toEqual({ average: 4.3, count: 3 });
    expect(shown.reviews?.map((r) => r.reviewer)).toContain('Aisha R.');
    expect(shown.reviews?.map((r) => r.text)).toContain('Clear');
    expect(shown.reviews).toHaveLength(3);

    // An edit takes it back to waiting, and the rating goes.
    await review(course.id, headers, { rating: 5, text: 'Clearer' });
    expect((await adminReviews(`course=${course.id}&status=waiting`)).map((r) => r.text)).toContain('Clearer');
    expect((await publicCourse(course.slug)).rating).toBeUndefined();

    // Hiding an approved one likewise.
    await setStatus(waiting?._id ?? '', 'approved');
    expect((await publicCourse(course.slug)).rating?.count).toBe(3);
    const [approved] = await adminReviews(`course=${course.id}&status=approved`);
    expect((await setStatus(approved?._id ?? '', 'hidden')).statusCode).toBe(200);
    expect((await publicCourse(course.slug)).rating).toBeUndefined();
  });

  it('lists waiting reviews first and refuses an unknown review or state', async () => {
    const course = await seedCourse(t.deps.db, { publishedAt: new Date() });
    await seedReview(t.deps.db, { courseId: course.id, status: 'approved' });
    await seedReview(t.deps.db, { courseId: course.id, status: 'waiting' });
    expect((await adminReviews(`course=${course.id}`)).map((r) => r.status)).toEqual(['waiting', 'approved']);
    expect((await setStatus('no-such-review', 'approved')).statusCode).toBe(404);
    const [one] = await adminReviews(`course=${course.id}`);
    expect((await setStatus(one?._id ?? '', 'waiting')).statusCode).toBe(400);
    const anonymous = await t.app.inject({ url: '/api/admin/reviews' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('catalogue sort by rating', () => {
  it('puts rated courses first, best average first, and unrated ones after', async () => {
    const db = t.deps.db;
    const [low, high, unrated] = [
      await seedCourse(db, { publishedAt: new Date(), title: 'Rated low' }),
      await seedCourse(db, { publishedAt: new Date(), title: 'Rated high' }),
      await seedCourse(db, { publishedAt: new Date(), title: 'Not rated yet' }),
    ];
    for (const rating of [3, 3, 4]) await seedReview(db, { courseId: low.id, rating });
    for (const rating of [5, 5, 4]) await seedReview(db, { courseId: high.id, rating });
    // Two approved only: shown as unrated.
    for (const rating of [5, 5]) await seedReview(db, { courseId: unrated.id, rating });
    t.deps.pageCache.invalidate();
    const sorted = courseListSchema.parse(await getJson(t, '/api/courses/course?sort=rating'));
    const titles = sorted.map((c) => c.title).filter((title) => [low, high, unrated].some((c) => c.title === title));
    expect(titles).toEqual(['Rated high', 'Rated low', 'Not rated yet']);
    expect(sorted.find((c) => c.title === 'Rated high')?.rating).toEqual({ average: 4.7, count: 3 });
    expect(sorted.find((c) => c.title === 'Not rated yet')?.rating).toBeUndefined();
  });
});

describe('testimonials', () => {
  const body = (overrides: object = {}) => ({ name: 'Noor A.', quote: 'It worked.', onHome: true, ...overrides });
  const create = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/admin/testimonials', headers: admin(), payload });
  const publicList = async () => testimonialListSchema.parse(await getJson(t, '/api/testimonials'));

  it('are placed where the owner picks, in the owner order, and change at once on edit, reorder and delete', async () => {
    const course = await seedCourse(t.deps.db, { publishedAt: new Date() });
    const a = (await create(body({ name: 'First', nameAr: 'الأول', onAbout: true }))).json();
    const b = (await create(body({ name: 'Second', onHome: false, courseId: course.id, onCourse: true }))).json();
    const c = (await create(body({ name: 'Third <b>x</b>', onHome: false }))).json();
    expect(c.name).toBe('Third x');
    let list = (await publicList()).filter((x) => [a._id, b._id, c._id].includes(x._id));
    // Shown nowhere: not public.
    expect(list.map((x) => x.name)).toEqual(['First', 'Second']);
    expect(testimonialsFor(list, 'home').map((x) => x.name)).toEqual(['First']);
    expect(testimonialsFor(list, 'about').map((x) => x.name)).toEqual(['First']);
    expect(testimonialsFor(list, 'course', course.id).map((x) => x.name)).toEqual(['Second']);
    expect(testimonialsFor(list, 'course', 'another').map((x) => x.name)).toEqual([]);

    const all = testimonialListSchema.parse(
      (await t.app.inject({ url: '/api/admin/testimonials', headers: admin() })).json(),
    );
    const ids = all.map((x) => x._id);
    const reordered = [...ids].reverse();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/testimonials/reorder',
      headers: admin(),
      payload: { ids: reordered },
    });
    expect(res.statusCode).toBe(200);
    list = (await publicList()).filter((x) => [a._id, b._id].includes(x._id));
    expect(list.map((x) => x.name)).toEqual(['Second', 'First']);
    const partial = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/testimonials/reorder',
      headers: admin(),
      payload: { ids: reordered.slice(1) },
    });
    expect(partial.statusCode).toBe(400);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/testimonials/${a._id}`,
      headers: admin(),
      payload: body({ name: 'First, edited', onHome: false, onAbout: false }),
    });
    expect(edited.statusCode).toBe(200);
    expect((await publicList()).map((x) => x._id)).not.toContain(a._id);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/admin/testimonials/${b._id}`, headers: admin() });
    expect(deleted.statusCode).toBe(200);
    expect((await publicList()).map((x) => x._id)).not.toContain(b._id);
  });

  it('refuses a missing name or quote, an unknown photo or course, and writes nothing', async () => {
    const before = testimonialListSchema.parse(
      (await t.app.inject({ url: '/api/admin/testimonials', headers: admin() })).json(),
    ).length;
    const cases: [object, string][] = [
      [{ name: '  ' }, 'reviewRules.testimonialNameRequired'],
      [{ quote: '<p></p>' }, 'reviewRules.testimonialQuoteRequired'],
      [{ quote: 'q'.repeat(1001) }, 'reviewRules.testimonialTooLong'],
      [{ photo: '/media/images/not-uploaded' }, 'reviewRules.testimonialPhotoInvalid'],
      [{ courseId: 'no-such-course' }, 'reviewRules.testimonialCourseInvalid'],
    ];
    for (const [overrides, code] of cases) {
      const res = await create(body(overrides));
      expect(res.statusCode, code).toBe(400);
      expect(res.json().code, JSON.stringify(overrides)).toBe(code);
    }
    const after = testimonialListSchema.parse(
      (await t.app.inject({ url: '/api/admin/testimonials', headers: admin() })).json(),
    ).length;
    expect(after).toBe(before);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/testimonials', payload: body() })).statusCode).toBe(
      401,
    );
  });
});
