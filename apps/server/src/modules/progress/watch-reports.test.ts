import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { PROGRESS_MESSAGES, WATCH_RULES, watchReportResultSchema } from '@oasis/shared/progress';
import { seedEnrolment, seedUser } from '../../db/factories.ts';
import { courses, videos } from '../../db/schema.ts';
import { createSession } from '../auth/sessions.ts';
import { recordWatchReport } from './service.ts';
import { at, setUpProgressTests, T0 } from './progress.fixtures.ts';

const { t, fx, seedLessons, post, get, watch, storedRows, watchRows } = setUpProgressTests();

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
