import { and, eq } from 'drizzle-orm';
import { isErrorCode } from '@oasis/shared/error-codes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { adminCoursePageSchema } from '@oasis/shared/admin/courses';
import { MESSAGES } from '@oasis/shared/messages';
import { courseProgressSchema, PROGRESS_MESSAGES, WATCH_RULES, watchReportResultSchema } from '@oasis/shared/progress';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { multipart } from '../../../test/uploads.ts';
import { seedCourse, seedEnrolment, seedModule, seedUser, seedVideo } from '../../db/factories.ts';
import { courses, videoProgress, videos, videoWatchTime } from '../../db/schema.ts';
import { canWatchCourse, type Viewer } from '../access/service.ts';
import { createSession } from '../auth/sessions.ts';
import { creditedSeconds, recordWatchReport } from './service.ts';

let t: TestContext;
/** Callers no test changes: an admin session, and a signed-in learner enrolled in nothing. */
const fx = {} as { admin: Viewer; adminToken: string; strangerToken: string };

beforeAll(async () => {
  t = await createTestApp();
  const admin = await seedUser(t.deps.db, { role: 'admin' });
  fx.admin = admin;
  fx.adminToken = (await createSession(t.deps.db, admin.id, 'admin')).token;
  fx.strangerToken = (await createSession(t.deps.db, (await seedUser(t.deps.db)).id, 'learner')).token;
});
afterAll(() => t.close());

/** A course of two modules (2 + 1 videos) with its own enrolled learner: each test starts afresh. */
async function seedLessons(course: { requireWatching?: boolean; watchSharePercent?: number } = {}) {
  const db = t.deps.db;
  const row = await seedCourse(db, { priceFils: 88800, ...course });
  const m1 = await seedModule(db, { courseId: row.id, position: 0 });
  const m2 = await seedModule(db, { courseId: row.id, position: 1 });
  const videoIds = [
    (await seedVideo(db, { moduleId: m1.id, position: 0 })).id,
    (await seedVideo(db, { moduleId: m1.id, position: 1 })).id,
    (await seedVideo(db, { moduleId: m2.id, position: 0 })).id,
  ];
  const user = await seedUser(db);
  await seedEnrolment(db, { userId: user.id, courseId: row.id });
  const { token } = await createSession(db, user.id, 'learner');
  const learner: Viewer = { id: user.id, role: 'learner' };
  return { course: row, moduleId: m1.id, videoIds, learner, token };
}

function post(token: string | null, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/progress',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: payload as object,
  });
}
function get(token: string | null, courseId: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/progress/${courseId}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}
function watch(token: string | null, videoId: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/api/progress/videos/${videoId}/watch`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: payload as object,
  });
}
async function storedRows(userId: string) {
  return t.deps.db.select().from(videoProgress).where(eq(videoProgress.userId, userId));
}
async function watchRows(userId: string) {
  return t.deps.db.select().from(videoWatchTime).where(eq(videoWatchTime.userId, userId));
}

const T0 = new Date('2030-01-01T08:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

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

describe('POST /api/progress/videos/:videoId/watch', () => {
  it('refuses anonymous callers, learners without the course, unknown videos and bad reports', async () => {
    const { videoIds, token } = await seedLessons({ requireWatching: true });
    const strangerUser = await seedLessons();
    const report = { position: 5, duration: 100 };
    expect((await watch(null, videoIds[0]!, report)).statusCode).toBe(401);
    const foreign = await watch(strangerUser.token, videoIds[0]!, report);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(PROGRESS_MESSAGES.noAccess);
    expect(await watchRows(strangerUser.learner.id)).toHaveLength(0);
    expect((await watch(fx.strangerToken, videoIds[0]!, report)).statusCode).toBe(403);
    const unknown = await watch(token, 'no-such-video', report);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(PROGRESS_MESSAGES.videoNotFound);
    for (const payload of [
      {},
      { position: -1, duration: 100 },
      { position: 'ten', duration: 100 },
      { position: 5, duration: WATCH_RULES.maxDurationSeconds + 1 },
      { position: 5, duration: -3 },
    ]) {
      const res = await watch(token, videoIds[0]!, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(PROGRESS_MESSAGES.watchReportInvalid);
    }
  });

  it('starts the clock with the first report and keeps the first credible length for good', async () => {
    const { videoIds, learner } = await seedLessons({ requireWatching: true });
    const videoId = videoIds[0]!;
    const first = await recordWatchReport(t.deps, learner, videoId, { position: 0, duration: 0 }, T0);
    expect(first).toMatchObject({ watchedSeconds: 0, durationSeconds: null, requiredSeconds: null, completed: false });
    const second = await recordWatchReport(t.deps, learner, videoId, { position: 10, duration: 600 }, at(10));
    expect(second).toMatchObject({ watchedSeconds: 10, durationSeconds: 600, requiredSeconds: 540 });
    // A later, shorter length cannot bring completion nearer.
    const third = await recordWatchReport(t.deps, learner, videoId, { position: 20, duration: 5 }, at(20));
    expect(third).toMatchObject({ watchedSeconds: 20, durationSeconds: 600, completed: false });
  });

  it("keeps the first credible reported length as the lesson's length, once, unless the owner entered one", async () => {
    // Any course: the length is what the course page shows, whether or not it requires watching.
    const { videoIds, token } = await seedLessons();
    const [unknown, entered] = [videoIds[0]!, videoIds[1]!];
    await t.deps.db.update(videos).set({ durationSeconds: 300 }).where(eq(videos.id, entered));
    const invalidate = vi.spyOn(t.deps.pageCache, 'invalidate');
    try {
      const lengthOf = async (id: string) =>
        (await t.deps.db.select().from(videos).where(eq(videos.id, id)))[0]?.durationSeconds;
      expect((await watch(token, unknown, { position: 0, duration: 0 })).statusCode).toBe(200);
      expect(await lengthOf(unknown)).toBeNull();
      expect(invalidate).not.toHaveBeenCalled();

      expect((await watch(token, unknown, { position: 3, duration: 612.4 })).statusCode).toBe(200);
      expect(await lengthOf(unknown)).toBe(612);
      expect(invalidate).toHaveBeenCalledTimes(1);
      expect(invalidate).toHaveBeenCalledWith(['catalogue']);

      // Later reports (another length, another learner's player) change nothing and refresh nothing.
      expect((await watch(token, unknown, { position: 9, duration: 20 })).statusCode).toBe(200);
      expect(await lengthOf(unknown)).toBe(612);
      expect((await watch(token, entered, { position: 1, duration: 99 })).statusCode).toBe(200);
      expect(await lengthOf(entered)).toBe(300);
      expect(invalidate).toHaveBeenCalledTimes(1);
    } finally {
      invalidate.mockRestore();
    }
  });

  it('accumulates reports spaced in real elapsed time, never the position the player claims', async () => {
    const { videoIds, learner } = await seedLessons({ requireWatching: true });
    const videoId = videoIds[0]!;
    await recordWatchReport(t.deps, learner, videoId, { position: 0, duration: 600 }, T0);
    for (const [seconds, position] of [
      [10, 500],
      [20, 590],
      [25, 599],
    ] as const) {
      await recordWatchReport(t.deps, learner, videoId, { position, duration: 600 }, at(seconds));
    }
    // A long pause (or a tab left open without reporting) counts as the cap, not as the gap.
    const after = await recordWatchReport(t.deps, learner, videoId, { position: 599, duration: 600 }, at(3600));
    expect(after).toMatchObject({ watchedSeconds: 25 + WATCH_RULES.maxCreditSeconds, completed: false });
  });

  it('adds at most the cap for a burst of reports within one second', async () => {
    const { videoIds, learner } = await seedLessons({ requireWatching: true });
    const videoId = videoIds[0]!;
    await recordWatchReport(t.deps, learner, videoId, { position: 0, duration: 600 }, T0);
    let last = null;
    for (let i = 0; i < 10; i++) {
      last = await recordWatchReport(t.deps, learner, videoId, { position: 600, duration: 600 }, at(300 + i / 10));
    }
    expect(last?.watchedSeconds).toBe(WATCH_RULES.maxCreditSeconds);
  });

  it('adds at most the cap for reports arriving in parallel after a gap', async () => {
    const { videoIds, learner } = await seedLessons({ requireWatching: true });
    const videoId = videoIds[0]!;
    await recordWatchReport(t.deps, learner, videoId, { position: 0, duration: 600 }, T0);
    await Promise.all(
      Array.from({ length: 10 }, () =>
        recordWatchReport(t.deps, learner, videoId, { position: 60, duration: 600 }, at(60)),
      ),
    );
    expect((await watchRows(learner.id))[0]?.watchedSeconds).toBe(WATCH_RULES.maxCreditSeconds);
  });

  it('adds nothing for reports sent in parallel, through the API', async () => {
    const { videoIds, learner, token } = await seedLessons({ requireWatching: true });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => watch(token, videoIds[0]!, { position: 600, duration: 600 })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers[0]!.headers['cache-control']).toContain('no-store');
    watchReportResultSchema.parse(answers[0]!.json());
    expect((await watchRows(learner.id))[0]).toMatchObject({ watchedSeconds: 0 });
    expect(answers.map((a) => a.json().durationSeconds)).toEqual(Array(10).fill(600));
  });

  it("never lets a learner's short length stand for a lesson's stored one, however many reports race", async () => {
    // The attack: the first report claims a one-second lesson, and two seconds later the next
    // report would complete it. Every lesson of the course, its first reports sent in parallel.
    const { course, videoIds, learner, token } = await seedLessons({ requireWatching: true });
    for (const id of videoIds)
      await t.deps.db.update(videos).set({ durationSeconds: 372, durationSource: 'owner' }).where(eq(videos.id, id));
    const first = await Promise.all(
      videoIds.flatMap((id) => Array.from({ length: 4 }, () => watch(token, id, { position: 0, duration: 1 }))),
    );
    expect(first.map((a) => a.statusCode)).toEqual(Array(first.length).fill(200));
    expect(first.map((a) => a.json().durationSeconds)).toEqual(Array(first.length).fill(372));
    const later = new Date(Date.now() + 2500);
    for (const id of videoIds) {
      const next = await recordWatchReport(t.deps, learner, id, { position: 372, duration: 1 }, later);
      expect(next).toMatchObject({ durationSeconds: 372, requiredSeconds: 335, completed: false });
      const refused = await post(token, { videoId: id });
      expect(refused.statusCode).toBe(409);
    }
    expect(await storedRows(learner.id)).toHaveLength(0);
    expect((await get(token, course.id)).json()).toMatchObject({ completedVideoIds: [], completed: false });
    const [lesson] = await t.deps.db.select().from(videos).where(eq(videos.id, videoIds[0]!));
    expect(lesson).toMatchObject({ durationSeconds: 372, durationSource: 'owner' });
  });

  it('gives a lesson without a length one length for every learner when first reports race', async () => {
    const { course, videoIds, token } = await seedLessons({ requireWatching: true });
    const other = await seedUser(t.deps.db);
    await seedEnrolment(t.deps.db, { userId: other.id, courseId: course.id });
    const otherToken = (await createSession(t.deps.db, other.id, 'learner')).token;
    const videoId = videoIds[0]!;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 === 0
          ? watch(token, videoId, { position: 0, duration: 372 })
          : watch(otherToken, videoId, { position: 0, duration: 1 }),
      ),
    );
    const [lesson] = await t.deps.db.select().from(videos).where(eq(videos.id, videoId));
    expect([1, 372]).toContain(lesson?.durationSeconds);
    expect(lesson?.durationSource).toBe('player');
    // Whichever report came first, every learner's lesson has that one length, not their own.
    expect(answers.map((a) => a.json().durationSeconds)).toEqual(Array(6).fill(lesson?.durationSeconds));

    // The owner sees where the length came from and corrects it; the correction counts at once.
    const corrected = await t.app.inject({
      method: 'PUT',
      url: `/api/videos/videos/${videoId}`,
      headers: { authorization: `Bearer ${fx.adminToken}` },
      payload: { title: 'Lesson', length: '6:12' },
    });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json()).toMatchObject({ durationSeconds: 372, durationSource: 'owner' });
    const next = await watch(otherToken, videoId, { position: 5, duration: 1 });
    expect(next.json()).toMatchObject({ durationSeconds: 372, requiredSeconds: 335, completed: false });
  });

  it('completes the lesson once the share is watched, and only then accepts "completed"', async () => {
    const { course, videoIds, learner, token } = await seedLessons({ requireWatching: true, watchSharePercent: 90 });
    const videoId = videoIds[0]!;
    const refused = await post(token, { videoId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: PROGRESS_MESSAGES.watchFirst, code: 'progress.watchFirst' });

    await recordWatchReport(t.deps, learner, videoId, { position: 0, duration: 100 }, T0);
    for (let s = 10; s <= 80; s += 10) {
      const report = await recordWatchReport(t.deps, learner, videoId, { position: s, duration: 100 }, at(s));
      expect(report.completed).toBe(false);
    }
    expect((await post(token, { videoId })).statusCode).toBe(409);
    expect(await storedRows(learner.id)).toHaveLength(0);

    const done = await recordWatchReport(t.deps, learner, videoId, { position: 90, duration: 100 }, at(90));
    expect(done).toMatchObject({ watchedSeconds: 90, requiredSeconds: 90, completed: true });
    expect(done.progress).toMatchObject({ courseId: course.id, completedVideoIds: [videoId], completed: false });
    const accepted = await post(token, { videoId });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().completedVideoIds).toEqual([videoId]);
  });

  it('leaves courses without the setting as they were: completed when the player says so', async () => {
    const { videoIds, learner, token } = await seedLessons();
    const report = await watch(token, videoIds[0]!, { position: 1, duration: 100 });
    expect(report.statusCode).toBe(200);
    expect(report.json()).toMatchObject({ requiredSeconds: null, completed: false });
    const res = await post(token, { videoId: videoIds[0] });
    expect(res.statusCode).toBe(200);
    expect(await storedRows(learner.id)).toHaveLength(1);
  });

  it('keeps a lesson completed before the owner switched the setting on', async () => {
    const { course, videoIds, token } = await seedLessons();
    await post(token, { videoId: videoIds[0] });
    await t.deps.db.update(courses).set({ requireWatching: true }).where(eq(courses.id, course.id));
    expect((await post(token, { videoId: videoIds[0] })).statusCode).toBe(200);
    expect((await post(token, { videoId: videoIds[1] })).statusCode).toBe(409);
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
