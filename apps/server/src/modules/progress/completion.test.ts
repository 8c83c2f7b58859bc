import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courseCompletionFiguresSchema, courseCompletionSchema, PROGRESS_MESSAGES } from '@oasis/shared/progress';
import {
  createQuestions,
  seedCourse,
  seedEnrolment,
  seedModule,
  seedQuiz,
  seedUser,
  seedVideo,
} from '../../db/factories.ts';
import { courseCompletions, outbox, videoWatchTime } from '../../db/schema.ts';
import { settleMail } from '../mail/outbox.ts';
import { createSession } from '../auth/sessions.ts';
import { ALL_RIGHT, NONE_RIGHT } from '../quizzes/quizzes.fixtures.ts';
import { setUpProgressTests } from './progress.fixtures.ts';

const { t, fx } = setUpProgressTests();

/** A course of two lessons (100 s each), with or without a quiz, and its own enrolled learner. */
async function seedFinishCourse(options: { quiz: boolean; requireWatching: boolean; lessonsInOrder?: boolean }) {
  const db = t.deps.db;
  const course = await seedCourse(db, {
    requireWatching: options.requireWatching,
    lessonsInOrder: options.lessonsInOrder ?? false,
  });
  const m = await seedModule(db, { courseId: course.id, position: 0 });
  const videoIds = [
    (await seedVideo(db, { moduleId: m.id, position: 0, durationSeconds: 100 })).id,
    (await seedVideo(db, { moduleId: m.id, position: 1, durationSeconds: 100 })).id,
  ];
  if (options.quiz) await seedQuiz(db, { courseId: course.id, questions: createQuestions(5) });
  const user = await seedUser(db);
  await seedEnrolment(db, { userId: user.id, courseId: course.id });
  const { token } = await createSession(db, user.id, 'learner');
  const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload && { payload }) });
  return {
    course,
    user,
    videoIds,
    complete: (videoId: string) => as('POST', '/api/progress', { videoId }),
    attempt: (answers: number[]) => as('POST', `/api/quiz/course/${course.id}/attempts`, { answers }),
    completion: async () =>
      courseCompletionSchema.parse((await as('GET', `/api/progress/${course.id}/completion`)).json()),
    /** The server has seen the whole lesson watched (what the player's reports add up to). */
    watched: (videoId: string) =>
      db.insert(videoWatchTime).values({ userId: user.id, videoId, watchedSeconds: 100, lastReportAt: new Date() }),
  };
}

async function mailsTo(email: string) {
  await settleMail();
  return t.deps.db.select().from(outbox).where(eq(outbox.to, email));
}

async function completionRows(userId: string) {
  return t.deps.db.select().from(courseCompletions).where(eq(courseCompletions.userId, userId));
}

describe('course completion', () => {
  it.each([
    { quiz: false, requireWatching: false },
    { quiz: false, requireWatching: true },
    { quiz: true, requireWatching: false },
    { quiz: true, requireWatching: true },
  ])('quiz $quiz, require watching $requireWatching: complete only after every part', async (options) => {
    const c = await seedFinishCourse(options);
    const [first, second] = c.videoIds as [string, string];
    expect(await c.completion()).toMatchObject({ complete: false, completedAt: null, lessonsDone: 0, lessonsTotal: 2 });

    if (options.requireWatching) {
      // Not watched yet: the lesson does not complete, so neither does the course.
      const refused = await c.complete(second);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('progress.watchFirst');
      await c.watched(first);
      await c.watched(second);
    }
    expect((await c.complete(first)).statusCode).toBe(200);
    expect(await c.completion()).toMatchObject({ complete: false, lessonsDone: 1 });
    expect((await c.complete(second)).statusCode).toBe(200);

    if (options.quiz) {
      // Every lesson done, the quiz not passed: not complete.
      expect(await c.completion()).toMatchObject({ complete: false, lessonsDone: 2, hasQuiz: true, quizPassed: false });
      expect((await c.attempt(NONE_RIGHT)).json()).toMatchObject({ passed: false });
      expect(await c.completion()).toMatchObject({ complete: false, quizPassed: false });
      expect(await completionRows(c.user.id)).toHaveLength(0);
      expect((await c.attempt(ALL_RIGHT)).json()).toMatchObject({ passed: true });
    }

    const done = await c.completion();
    expect(done).toMatchObject({ complete: true, lessonsDone: 2, lessonsTotal: 2, hasQuiz: options.quiz });
    expect(done.completedAt).not.toBeNull();
    const rows = await completionRows(c.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.completedAt.toISOString()).toBe(done.completedAt);
    // The certificate, issued with the completion and offered on the completion screen; the
    // completion e-mail, once, in the learner's language, with the certificate's check page.
    expect(done.certificateId).toMatch(/^[\w-]{20,}$/);
    const mails = await mailsTo(c.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your certificate: ${c.course.title}`);
    expect(mails[0]!.text).toContain(`/certificates/${done.certificateId}`);
  });

  it('records the completion once when the last lesson is sent many times at once', async () => {
    const c = await seedFinishCourse({ quiz: false, requireWatching: false });
    const [first, second] = c.videoIds as [string, string];
    await c.complete(first);
    const answers = await Promise.all(Array.from({ length: 8 }, () => c.complete(second)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(await completionRows(c.user.id)).toHaveLength(1);
    expect(await mailsTo(c.user.email)).toHaveLength(1);
  });

  it('records the completion once when passing attempts arrive at once', async () => {
    const c = await seedFinishCourse({ quiz: true, requireWatching: false });
    for (const id of c.videoIds) await c.complete(id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => c.attempt(ALL_RIGHT)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(5).fill(201));
    expect(await completionRows(c.user.id)).toHaveLength(1);
    expect(await mailsTo(c.user.email)).toHaveLength(1);
  });

  it('shows the completion to the learner only, privately', async () => {
    const c = await seedFinishCourse({ quiz: false, requireWatching: false });
    const stranger = await createSession(t.deps.db, (await seedUser(t.deps.db)).id, 'learner');
    const url = `/api/progress/${c.course.id}/completion`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const refused = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${stranger.token}` } });
    expect(refused.statusCode).toBe(403);
    await c.complete(c.videoIds[0]!);
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${(await createSession(t.deps.db, c.user.id, 'learner')).token}` },
    });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toMatchObject({ complete: false, lessonsDone: 1 });
  });
});

describe('lessons in order', () => {
  it('refuses a lesson before the one ahead of it is complete, and the quiz before all are', async () => {
    const c = await seedFinishCourse({ quiz: true, requireWatching: false, lessonsInOrder: true });
    const [first, second] = c.videoIds as [string, string];
    const early = await c.complete(second);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'progress.lessonLocked', message: PROGRESS_MESSAGES.lessonLocked });
    const watch = await t.app.inject({
      method: 'POST',
      url: `/api/progress/videos/${second}/watch`,
      headers: { authorization: `Bearer ${(await createSession(t.deps.db, c.user.id, 'learner')).token}` },
      payload: { position: 0, duration: 100 },
    });
    expect(watch.statusCode).toBe(409);
    const quiz = await c.attempt(ALL_RIGHT);
    expect(quiz.statusCode).toBe(403);
    expect(quiz.json().code).toBe('quiz.locked');
    expect(await c.completion()).toMatchObject({ lessonsDone: 0 });

    expect((await c.complete(first)).json()).toMatchObject({ lessonsInOrder: true, completedVideoIds: [first] });
    expect((await c.complete(second)).statusCode).toBe(200);
    expect((await c.attempt(ALL_RIGHT)).statusCode).toBe(201);
    expect(await c.completion()).toMatchObject({ complete: true });
  });

  it('leaves lessons open in any order when the course does not ask for order', async () => {
    const c = await seedFinishCourse({ quiz: false, requireWatching: false });
    expect((await c.complete(c.videoIds[1]!)).statusCode).toBe(200);
  });
});

describe('GET /api/admin/dashboard/completions', () => {
  it('counts enrolled, started and completed learners per course, with the median days', async () => {
    const c = await seedFinishCourse({ quiz: false, requireWatching: false });
    // A second learner who never started.
    await seedEnrolment(t.deps.db, { userId: (await seedUser(t.deps.db)).id, courseId: c.course.id });
    for (const id of c.videoIds) await c.complete(id);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard/completions',
      headers: { authorization: `Bearer ${fx.adminToken}` },
    });
    expect(res.statusCode).toBe(200);
    const row = courseCompletionFiguresSchema.parse(res.json()).courses.find((r) => r.courseId === c.course.id);
    expect(row).toMatchObject({ enrolled: 2, started: 1, completed: 1 });
    expect(row!.medianDays).toBeGreaterThanOrEqual(0);
    expect(row!.medianDays).toBeLessThan(1);
  });
});
