import { isErrorCode } from '@oasis/shared/error-codes';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { adminCoursePageSchema } from '@oasis/shared/admin/courses';
import { MESSAGES } from '@oasis/shared/messages';
import { courseProgressSchema, PROGRESS_MESSAGES, WATCH_RULES } from '@oasis/shared/progress';
import { multipart } from '../../../test/uploads.ts';
import { seedCourse, seedEnrolment, seedModule, seedUser, seedVideo } from '../../db/factories.ts';
import { courses, videoProgress } from '../../db/schema.ts';
import { canWatchCourse } from '../access/service.ts';
import { createSession } from '../auth/sessions.ts';
import { creditedSeconds } from './service.ts';
import { at, setUpProgressTests, T0 } from './progress.fixtures.ts';

const { t, fx, seedLessons, post, get, storedRows } = setUpProgressTests();

describe('canWatchCourse', () => {
  it('lets admins and enrolled learners in, nobody else', async () => {
    const db = t.deps.db;
    const { course, learner } = await seedLessons();
    const other = await seedCourse(db);
    expect(await canWatchCourse(db, null, course.id)).toBe(false);
    expect(await canWatchCourse(db, learner, course.id)).toBe(true);
    expect(await canWatchCourse(db, learner, other.id)).toBe(false);
    expect(await canWatchCourse(db, fx.admin, other.id)).toBe(true);
  });
});

describe('POST /api/progress', () => {
  it('refuses anonymous callers', async () => {
    const { videoIds } = await seedLessons();
    expect((await post(null, { videoId: videoIds[0] })).statusCode).toBe(401);
  });

  it('refuses a video of a course the learner has not bought, and stores nothing', async () => {
    const { learner, token } = await seedLessons();
    const other = await seedLessons();
    const res = await post(token, { videoId: other.videoIds[0] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: PROGRESS_MESSAGES.noAccess, code: 'progress.noAccess' });
    expect(await storedRows(learner.id)).toHaveLength(0);
  });

  it('refuses a signed-in stranger for any lesson video', async () => {
    const { videoIds } = await seedLessons();
    expect((await post(fx.strangerToken, { videoId: videoIds[0] })).statusCode).toBe(403);
  });

  it('answers 404 for an unknown video and 400 without a video id', async () => {
    const { token } = await seedLessons();
    const unknown = await post(token, { videoId: 'no-such-video' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(PROGRESS_MESSAGES.videoNotFound);
    const missing = await post(token, {});
    expect(missing.statusCode).toBe(400);
    expect(isErrorCode(missing.json().code)).toBe(true);
  });

  it('records a completed video once, however often it is sent', async () => {
    const { course, videoIds, learner, token } = await seedLessons();
    const first = await post(token, { videoId: videoIds[1] });
    expect(first.statusCode).toBe(200);
    const body = courseProgressSchema.parse(first.json());
    expect(body).toEqual({
      courseId: course.id,
      completedVideoIds: [videoIds[1]],
      totalVideos: 3,
      completed: false,
      requireWatching: false,
      watchSharePercent: 90,
      lessonsInOrder: false,
    });
    const again = await post(token, { videoId: videoIds[1] });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
    expect(await storedRows(learner.id)).toHaveLength(1);
  });

  it('reports completion once every video is done, in course order', async () => {
    const { videoIds, token } = await seedLessons();
    await post(token, { videoId: videoIds[2] });
    await post(token, { videoId: videoIds[1] });
    const res = await post(token, { videoId: videoIds[0] });
    expect(res.json()).toMatchObject({ completedVideoIds: videoIds, totalVideos: 3, completed: true });
  });

  it('lets an admin record progress without buying', async () => {
    const { videoIds } = await seedLessons();
    const res = await post(fx.adminToken, { videoId: videoIds[0] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ completedVideoIds: [videoIds[0]], completed: false });
  });
});

describe('GET /api/progress/:courseId', () => {
  it('reads the stored progress back, from another session of the same learner too', async () => {
    const { course, videoIds, learner, token } = await seedLessons();
    const otherDevice = (await createSession(t.deps.db, learner.id, 'learner')).token;
    for (const videoId of videoIds) await post(token, { videoId });
    for (const session of [token, otherDevice]) {
      const res = await get(session, course.id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toContain('no-store');
      expect(res.json()).toMatchObject({ courseId: course.id, completedVideoIds: videoIds, completed: true });
    }
  });

  it('is kept per learner', async () => {
    const { course, videoIds, token } = await seedLessons();
    await post(token, { videoId: videoIds[0] });
    const res = await get(fx.adminToken, course.id);
    expect(res.json()).toMatchObject({ completedVideoIds: [], totalVideos: 3, completed: false });
  });

  it('refuses a course the learner has not bought, anonymous callers, and unknown courses', async () => {
    const { course, token } = await seedLessons();
    const other = await seedLessons();
    const foreign = await get(token, other.course.id);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(PROGRESS_MESSAGES.noAccess);
    expect((await get(fx.strangerToken, course.id)).statusCode).toBe(403);
    expect((await get(null, course.id)).statusCode).toBe(401);
    const unknown = await get(token, 'no-such-course');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.courseNotFound);
  });

  it('re-opens a finished course when a video is added to it', async () => {
    const learner = await seedUser(t.deps.db);
    const course = await seedCourse(t.deps.db);
    const mod = await seedModule(t.deps.db, { courseId: course.id });
    const video = await seedVideo(t.deps.db, { moduleId: mod.id });
    await seedEnrolment(t.deps.db, { userId: learner.id, courseId: course.id });
    const { token } = await createSession(t.deps.db, learner.id, 'learner');
    expect((await post(token, { videoId: video.id })).json().completed).toBe(true);
    await seedVideo(t.deps.db, { moduleId: mod.id });
    expect((await get(token, course.id)).json()).toMatchObject({ totalVideos: 2, completed: false });
    const rows = await t.deps.db
      .select()
      .from(videoProgress)
      .where(and(eq(videoProgress.userId, learner.id), eq(videoProgress.videoId, video.id)));
    expect(rows).toHaveLength(1);
  });

  it('tells the player whether the course requires watching, and how much', async () => {
    const { course, token } = await seedLessons({ requireWatching: true, watchSharePercent: 75 });
    expect((await get(token, course.id)).json()).toMatchObject({ requireWatching: true, watchSharePercent: 75 });
  });
});

describe('creditedSeconds', () => {
  it('credits the time elapsed between reports, capped, and nothing for reports too close together', () => {
    expect(creditedSeconds(T0, at(10))).toBe(10);
    expect(creditedSeconds(T0, at(WATCH_RULES.minGapSeconds))).toBe(WATCH_RULES.minGapSeconds);
    expect(creditedSeconds(T0, at(WATCH_RULES.minGapSeconds - 0.1))).toBe(0);
    expect(creditedSeconds(T0, at(3600))).toBe(WATCH_RULES.maxCreditSeconds);
    // A clock that went back adds nothing.
    expect(creditedSeconds(T0, at(-60))).toBe(0);
  });
});

describe("the owner's 'require watching' setting", () => {
  async function putCourse(slug: string, fields: Record<string, string>) {
    const form = await multipart(fields, { authorization: `Bearer ${fx.adminToken}` });
    return t.app.inject({ method: 'PUT', url: `/api/courses/courses/course/${slug}`, ...form });
  }

  it('is off by default, and the course edit switches it on with a share from 50 to 100 %', async () => {
    const { course, token } = await seedLessons();
    expect((await get(token, course.id)).json()).toMatchObject({ requireWatching: false, watchSharePercent: 90 });

    const res = await putCourse(course.slug, { title: course.title, requireWatching: 'true', watchSharePercent: '80' });
    expect(res.statusCode).toBe(200);
    expect((await get(token, course.id)).json()).toMatchObject({ requireWatching: true, watchSharePercent: 80 });
    const list = adminCoursePageSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/courses',
          headers: { authorization: `Bearer ${fx.adminToken}` },
        })
      ).json(),
    ).courses;
    expect(list.find((c) => c._id === course.id)).toMatchObject({ requireWatching: true, watchSharePercent: 80 });

    // Fields left out keep their value.
    expect((await putCourse(course.slug, { title: 'Renamed' })).statusCode).toBe(200);
    expect((await get(token, course.id)).json()).toMatchObject({ requireWatching: true, watchSharePercent: 80 });
  });

  it('refuses a share outside 50 to 100 % with the shared message, changing nothing', async () => {
    const { course } = await seedLessons();
    for (const share of ['49', '101', '85.5', 'abc', '']) {
      const res = await putCourse(course.slug, {
        title: course.title,
        requireWatching: 'true',
        watchSharePercent: share,
      });
      expect(res.statusCode, share).toBe(400);
      expect(res.json().errors.watchSharePercent).toBe(ADMIN_MESSAGES.watchShareRange);
    }
    const [row] = await t.deps.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row).toMatchObject({ requireWatching: false, watchSharePercent: 90 });
  });
});
