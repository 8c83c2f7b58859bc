import { eq } from 'drizzle-orm';
import { afterAll } from 'vitest';
import { beforeAllValue, createTestApp } from '../../../test/helpers.ts';
import { seedCourse, seedEnrolment, seedModule, seedUser, seedVideo } from '../../db/factories.ts';
import { videoProgress, videoWatchTime } from '../../db/schema.ts';
import type { Viewer } from '../access/service.ts';
import { createSession } from '../auth/sessions.ts';
import { setUpCallers } from '../../../test/uploads.ts';

export const T0 = new Date('2030-01-01T08:00:00Z');
export const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

/** The app for the progress tests of one file, built in its beforeAll, with the calls they make on it. */
export function setUpProgressTests() {
  const t = beforeAllValue(() => createTestApp());
  afterAll(() => t.close());

  const fx = setUpCallers(t);

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

  return { t, fx, seedLessons, post, get, watch, storedRows, watchRows };
}
