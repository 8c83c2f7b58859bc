import { asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { bulkModulesResultSchema } from '@oasis/shared/admin/modules';
import { moduleSchema } from '@oasis/shared/api';
import { beforeAllValue, createTestApp } from '../../../test/helpers.ts';
import { setUpSignIn } from '../../../test/uploads.ts';
import { seedCourse, seedModule, seedVideo } from '../../db/factories.ts';
import { modules, videos } from '../../db/schema.ts';
import { isPermutation } from './service.ts';

const t = beforeAllValue(() => createTestApp());
afterAll(() => t.close());
const admin = setUpSignIn(t);

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.headers, ...(payload && { payload }) });

async function modulesOf(courseId: string) {
  return t.deps.db
    .select()
    .from(modules)
    .where(eq(modules.courseId, courseId))
    .orderBy(asc(modules.position), asc(modules.createdAt));
}

describe('POST /api/modules/module', () => {
  it('adds an empty module at the end of the course: 201 with _id', async () => {
    const course = await seedCourse(t.deps.db);
    const before = t.deps.pageCache.version;
    const first = await send('POST', '/api/modules/module', { title: ' Basics ', course: course.id });
    expect(first.statusCode).toBe(201);
    expect(moduleSchema.parse(first.json())).toMatchObject({
      title: 'Basics',
      course: course.id,
      position: 0,
      videos: [],
    });
    const second = await send('POST', '/api/modules/module', { title: 'Advanced', course: course.slug });
    expect(second.json()).toMatchObject({ position: 1, course: course.id });
    expect(t.deps.pageCache.version).toBeGreaterThan(before);
  });

  it("refuses a missing title ('Title is required'), no course ('No course selected'), an unknown course (404)", async () => {
    const course = await seedCourse(t.deps.db);
    const noTitle = await send('POST', '/api/modules/module', { title: '  ', course: course.id });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toMatchObject({ message: 'Title is required', errors: { title: 'Title is required' } });
    const noCourse = await send('POST', '/api/modules/module', { title: 'X' });
    expect(noCourse.json()).toMatchObject({ message: 'No course selected' });
    const unknown = await send('POST', '/api/modules/module', { title: 'X', course: 'nope' });
    expect(unknown.statusCode).toBe(404);
    const noBody = await t.app.inject({ method: 'POST', url: '/api/modules/module', headers: admin.headers });
    expect(noBody.statusCode).toBe(400);
    expect(await modulesOf(course.id)).toEqual([]);
  });
});

describe('PUT and DELETE /api/modules/module/:id', () => {
  it('renames a module and answers it with its videos', async () => {
    const course = await seedCourse(t.deps.db);
    const module = await seedModule(t.deps.db, { courseId: course.id, title: 'Old' });
    await seedVideo(t.deps.db, { moduleId: module.id, title: 'Lesson' });
    const res = await send('PUT', `/api/modules/module/${module.id}`, { title: 'New' });
    expect(res.statusCode).toBe(200);
    const body = moduleSchema.parse(res.json());
    expect(body).toMatchObject({ _id: module.id, title: 'New' });
    expect(body.videos[0]).toMatchObject({ title: 'Lesson', videoUrl: 'https://player.vimeo.com/video/76979871' });
  });

  it("refuses an empty title with 'Title is required'; unknown module is 404", async () => {
    const course = await seedCourse(t.deps.db);
    const module = await seedModule(t.deps.db, { courseId: course.id, title: 'Keep' });
    const res = await send('PUT', `/api/modules/module/${module.id}`, { title: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Title is required');
    expect((await send('PUT', '/api/modules/module/nope', { title: 'X' })).statusCode).toBe(404);
    expect((await send('DELETE', '/api/modules/module/nope')).json()).toMatchObject({ message: 'Module not found' });
  });

  it('deletes a module with its videos', async () => {
    const course = await seedCourse(t.deps.db);
    const module = await seedModule(t.deps.db, { courseId: course.id });
    await seedVideo(t.deps.db, { moduleId: module.id });
    const before = t.deps.pageCache.version;
    const res = await send('DELETE', `/api/modules/module/${module.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ADMIN_MESSAGES.moduleDeleted });
    expect(await t.deps.db.select().from(videos).where(eq(videos.moduleId, module.id))).toEqual([]);
    expect(t.deps.pageCache.version).toBeGreaterThan(before);
  });
});

describe('PUT /api/modules/reorder', () => {
  it('sets positions 0..n-1 in the order sent', async () => {
    const course = await seedCourse(t.deps.db);
    const a = await seedModule(t.deps.db, { courseId: course.id, title: 'A', position: 5 });
    const b = await seedModule(t.deps.db, { courseId: course.id, title: 'B', position: 9 });
    const c = await seedModule(t.deps.db, { courseId: course.id, title: 'C', position: 12 });
    const res = await send('PUT', '/api/modules/reorder', { course: course.id, moduleIds: [c.id, a.id, b.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((m: { title: string; position: number }) => [m.title, m.position])).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ]);
    expect((await modulesOf(course.id)).map((m) => m.title)).toEqual(['C', 'A', 'B']);
  });

  it('refuses anything but exactly the current set, and changes nothing', async () => {
    const course = await seedCourse(t.deps.db);
    const other = await seedCourse(t.deps.db);
    const a = await seedModule(t.deps.db, { courseId: course.id, title: 'A', position: 0 });
    const b = await seedModule(t.deps.db, { courseId: course.id, title: 'B', position: 1 });
    const foreign = await seedModule(t.deps.db, { courseId: other.id });
    for (const moduleIds of [[a.id], [a.id, b.id, foreign.id], [a.id, a.id], [b.id, foreign.id], []]) {
      const res = await send('PUT', '/api/modules/reorder', { course: course.id, moduleIds });
      expect(res.statusCode, JSON.stringify(moduleIds)).toBe(400);
      expect(res.json().message).toBe(ADMIN_MESSAGES.moduleOrderInvalid);
    }
    expect((await modulesOf(course.id)).map((m) => m.title)).toEqual(['A', 'B']);
  });

  it('isPermutation', () => {
    expect(isPermutation(['b', 'a'], ['a', 'b'])).toBe(true);
    expect(isPermutation(['a', 'a'], ['a', 'b'])).toBe(false);
    expect(isPermutation(['a'], ['a', 'b'])).toBe(false);
    expect(isPermutation(['a', 'c'], ['a', 'b'])).toBe(false);
  });
});

describe('POST /api/modules/bulk', () => {
  const vimeo = 'https://vimeo.com/76979871';

  it('saves several modules with their videos after the existing ones, links stored as player URLs', async () => {
    const course = await seedCourse(t.deps.db);
    await seedModule(t.deps.db, { courseId: course.id, title: 'Existing', position: 0 });
    const before = t.deps.pageCache.version;
    const res = await send('POST', '/api/modules/bulk', {
      course: course.id,
      modules: [
        {
          title: ' Basics ',
          videos: [
            { title: 'Welcome', videoUrl: vimeo },
            { title: 'Tour', videoUrl: 'https://youtu.be/aqz-KE-bpKQ' },
          ],
        },
        { title: 'Payment plans', videos: [{ title: 'Plans', videoUrl: 'player.vimeo.com/video/22439234' }] },
      ],
    });
    expect(res.statusCode).toBe(201);
    const { modules: created } = bulkModulesResultSchema.parse(res.json());
    expect(created.map((m) => [m.title, m.position])).toEqual([
      ['Basics', 1],
      ['Payment plans', 2],
    ]);
    expect(created[0]?.videos).toEqual([
      expect.objectContaining({
        title: 'Welcome',
        source: 'vimeo',
        position: 0,
        videoUrl: 'https://player.vimeo.com/video/76979871',
      }),
      expect.objectContaining({
        title: 'Tour',
        source: 'youtube',
        position: 1,
        videoUrl: 'https://www.youtube.com/embed/aqz-KE-bpKQ',
      }),
    ]);
    expect(t.deps.pageCache.version).toBeGreaterThan(before);
    // The course detail shows them to an admin in order.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/courses/course/slug/${course.slug}`,
      headers: admin.headers,
    });
    expect(detail.json().modules.map((m: { title: string }) => m.title)).toEqual([
      'Existing',
      'Basics',
      'Payment plans',
    ]);
  });

  it.each([
    ['a module without a title', [{ title: ' ', videos: [{ title: 'V', videoUrl: vimeo }] }], 'modules.0.title'],
    ['a module without videos', [{ title: 'M', videos: [] }], 'modules.0.videos'],
    ['a video without a title', [{ title: 'M', videos: [{ title: '', videoUrl: vimeo }] }], 'modules.0.videos.0.title'],
    [
      'a video with a bad link',
      [{ title: 'M', videos: [{ title: 'V', videoUrl: 'https://example.com/123' }] }],
      'modules.0.videos.0.videoUrl',
    ],
    ['a video without a link', [{ title: 'M', videos: [{ title: 'V' }] }], 'modules.0.videos.0.videoUrl'],
  ])('refuses %s with the one form message and writes nothing', async (_name, bad, path) => {
    const course = await seedCourse(t.deps.db);
    const res = await send('POST', '/api/modules/bulk', {
      course: course.id,
      modules: [{ title: 'Good', videos: [{ title: 'Fine', videoUrl: vimeo }] }, ...bad],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('Please fill all required module and video fields with valid Vimeo URLs.');
    expect(Object.keys(body.errors)).toContain(path.replace('modules.0', 'modules.1'));
    expect(await modulesOf(course.id)).toEqual([]);
  });

  it('refuses an empty list and wrong types with the same message; an unknown course is 404', async () => {
    const course = await seedCourse(t.deps.db);
    for (const modulesValue of [[], [{ title: 5, videos: [] }], 'nope']) {
      const res = await send('POST', '/api/modules/bulk', { course: course.id, modules: modulesValue });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(ADMIN_MESSAGES.modulesInvalid);
    }
    const unknown = await send('POST', '/api/modules/bulk', {
      course: 'nope',
      modules: [{ title: 'M', videos: [{ title: 'V', videoUrl: vimeo }] }],
    });
    expect(unknown.statusCode).toBe(404);
  });
});
