import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@oasis/shared/messages';
import { courseProgressSchema, PROGRESS_MESSAGES } from '@oasis/shared/progress';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { seedCourse, seedEnrolment, seedModule, seedUser, seedVideo } from '../../db/factories.ts';
import { videoProgress } from '../../db/schema.ts';
import { canWatchCourse } from '../access/service.ts';
import { createSession } from '../auth/sessions.ts';

let t: TestContext;

/** A bought course of two modules (2 + 1 videos), a course not bought, and four callers. */
const fx = {} as {
  course: { id: string };
  videos: { id: string }[];
  otherCourse: { id: string };
  otherVideo: { id: string };
  learner: { id: string; role: 'learner' | 'admin' };
  learnerToken: string;
  learnerOtherDevice: string;
  strangerToken: string;
  admin: { id: string; role: 'learner' | 'admin' };
  adminToken: string;
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  fx.course = await seedCourse(db, { title: 'Off Plan Basics', priceFils: 88800 });
  const m1 = await seedModule(db, { courseId: fx.course.id, position: 0 });
  const m2 = await seedModule(db, { courseId: fx.course.id, position: 1 });
  fx.videos = [
    await seedVideo(db, { moduleId: m1.id, position: 0 }),
    await seedVideo(db, { moduleId: m1.id, position: 1 }),
    await seedVideo(db, { moduleId: m2.id, position: 0 }),
  ];
  fx.otherCourse = await seedCourse(db, { title: 'Golden Visa', priceFils: 50000 });
  const om = await seedModule(db, { courseId: fx.otherCourse.id });
  fx.otherVideo = await seedVideo(db, { moduleId: om.id });

  fx.learner = await seedUser(db);
  await seedEnrolment(db, { userId: fx.learner.id, courseId: fx.course.id });
  fx.learnerToken = (await createSession(db, fx.learner.id, 'learner')).token;
  fx.learnerOtherDevice = (await createSession(db, fx.learner.id, 'learner')).token;
  const stranger = await seedUser(db);
  fx.strangerToken = (await createSession(db, stranger.id, 'learner')).token;
  fx.admin = await seedUser(db, { role: 'admin' });
  fx.adminToken = (await createSession(db, fx.admin.id, 'admin')).token;
});
afterAll(() => t.close());

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
async function storedRows(userId: string) {
  return t.deps.db.select().from(videoProgress).where(eq(videoProgress.userId, userId));
}

describe('canWatchCourse', () => {
  it('lets admins and enrolled learners in, nobody else', async () => {
    const db = t.deps.db;
    expect(await canWatchCourse(db, null, fx.course.id)).toBe(false);
    expect(await canWatchCourse(db, fx.learner, fx.course.id)).toBe(true);
    expect(await canWatchCourse(db, fx.learner, fx.otherCourse.id)).toBe(false);
    expect(await canWatchCourse(db, fx.admin, fx.otherCourse.id)).toBe(true);
  });
});

describe('POST /api/progress', () => {
  it('refuses anonymous callers', async () => {
    const res = await post(null, { videoId: fx.videos[0]!.id });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a video of a course the learner has not bought, and stores nothing', async () => {
    const res = await post(fx.learnerToken, { videoId: fx.otherVideo.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: PROGRESS_MESSAGES.noAccess, code: 'FORBIDDEN' });
    expect(await storedRows(fx.learner.id)).toHaveLength(0);
  });

  it('refuses a signed-in stranger for any lesson video', async () => {
    const res = await post(fx.strangerToken, { videoId: fx.videos[0]!.id });
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 for an unknown video and 400 without a video id', async () => {
    const unknown = await post(fx.learnerToken, { videoId: 'no-such-video' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(PROGRESS_MESSAGES.videoNotFound);
    const missing = await post(fx.learnerToken, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('VALIDATION');
  });

  it('records a completed video once, however often it is sent', async () => {
    const first = await post(fx.learnerToken, { videoId: fx.videos[1]!.id });
    expect(first.statusCode).toBe(200);
    const body = courseProgressSchema.parse(first.json());
    expect(body).toEqual({
      courseId: fx.course.id,
      completedVideoIds: [fx.videos[1]!.id],
      totalVideos: 3,
      completed: false,
    });
    const again = await post(fx.learnerToken, { videoId: fx.videos[1]!.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
    expect(await storedRows(fx.learner.id)).toHaveLength(1);
  });

  it('reports completion once every video is done, in course order', async () => {
    await post(fx.learnerToken, { videoId: fx.videos[2]!.id });
    const res = await post(fx.learnerToken, { videoId: fx.videos[0]!.id });
    expect(res.json()).toEqual({
      courseId: fx.course.id,
      completedVideoIds: fx.videos.map((v) => v.id),
      totalVideos: 3,
      completed: true,
    });
  });

  it('lets an admin record progress without buying', async () => {
    const res = await post(fx.adminToken, { videoId: fx.otherVideo.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ completedVideoIds: [fx.otherVideo.id], completed: true });
  });
});

describe('GET /api/progress/:courseId', () => {
  it('reads the stored progress back, from another session of the same learner too', async () => {
    for (const token of [fx.learnerToken, fx.learnerOtherDevice]) {
      const res = await get(token, fx.course.id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toContain('no-store');
      expect(res.json()).toEqual({
        courseId: fx.course.id,
        completedVideoIds: fx.videos.map((v) => v.id),
        totalVideos: 3,
        completed: true,
      });
    }
  });

  it('is kept per learner', async () => {
    const res = await get(fx.adminToken, fx.course.id);
    expect(res.json()).toMatchObject({ completedVideoIds: [], totalVideos: 3, completed: false });
  });

  it('refuses a course the learner has not bought, anonymous callers, and unknown courses', async () => {
    const foreign = await get(fx.learnerToken, fx.otherCourse.id);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(PROGRESS_MESSAGES.noAccess);
    expect((await get(fx.strangerToken, fx.course.id)).statusCode).toBe(403);
    expect((await get(null, fx.course.id)).statusCode).toBe(401);
    const unknown = await get(fx.learnerToken, 'no-such-course');
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
});
