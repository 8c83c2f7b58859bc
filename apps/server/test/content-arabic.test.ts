import { describe, expect, it } from 'vitest';
import { adminCoursePageSchema } from '@oasis/shared/admin/courses';
import { adminVideoSchema, bulkModulesResultSchema } from '@oasis/shared/admin/modules';
import { courseDetailSchema, courseListSchema, courseSchema, moduleSchema } from '@oasis/shared/api';
import { seedCourse, seedModule, seedVideo } from '../src/db/factories.ts';
import { jpeg } from './uploads.ts';
import { expectTitleArTooLong, SAFE_AR, setUpArabicContentTests, unique, XSS_AR } from './content-arabic.fixtures.ts';

// The owner's content in Arabic (rules in content-arabic.fixtures.ts): courses, their modules and lessons.

const { t, admin, sendForm, sendJson, getPublic, getAdmin, site } = setUpArabicContentTests();

describe('courses in Arabic', () => {
  async function createCourse(fields: Record<string, string>) {
    const res = await sendForm('POST', '/api/courses/course', {
      price: '100',
      description: '<p>About</p>',
      thumbnail: { data: await jpeg(), filename: 'thumb.jpg', type: 'image/jpeg' },
      ...fields,
    });
    // A course made in the admin is a draft; these tests read it back from the public answers.
    if (res.statusCode === 201) {
      const url = `/api/admin/courses/${res.json()._id}/publish`;
      await t.app.inject({ method: 'POST', url, headers: admin.headers });
    }
    return res;
  }

  it('saves the Arabic title and description (sanitised); the admin and public answers carry them', async () => {
    const title = unique('Arabic course');
    const res = await createCourse({ title, titleAr: ' دورة العقارات ', descriptionAr: XSS_AR });
    expect(res.statusCode).toBe(201);
    const course = courseSchema.parse(res.json());
    expect(course).toMatchObject({ title, titleAr: 'دورة العقارات', descriptionAr: SAFE_AR });

    const detail = courseDetailSchema.parse(await getPublic(`/api/courses/course/slug/${course.slug}`));
    expect(detail).toMatchObject({ titleAr: 'دورة العقارات', descriptionAr: SAFE_AR });
    const listed = courseListSchema.parse(await getPublic('/api/courses/course')).find((c) => c._id === course._id);
    expect(listed).toMatchObject({ titleAr: 'دورة العقارات', descriptionAr: SAFE_AR });
    expect(await site().course(course.slug)).toMatchObject({ titleAr: 'دورة العقارات', descriptionAr: SAFE_AR });

    const page = adminCoursePageSchema.parse(await getAdmin(`/api/admin/courses?q=${encodeURIComponent(title)}`));
    expect(page.courses[0]).toMatchObject({ titleAr: 'دورة العقارات', descriptionAr: SAFE_AR });
  });

  it('a course saved without Arabic answers empty Arabic fields; the slug is made from the English', async () => {
    const res = await createCourse({ title: 'Plain English Course', titleAr: 'دورة' });
    expect(courseSchema.parse(res.json())).toMatchObject({ slug: 'plain-english-course', descriptionAr: '' });
    const plain = courseSchema.parse((await createCourse({ title: unique('No Arabic') })).json());
    expect(plain).toMatchObject({ titleAr: '', descriptionAr: '' });
  });

  it('an update keeps the Arabic fields it leaves out and clears those sent empty', async () => {
    const created = courseSchema.parse(
      (await createCourse({ title: unique('Kept'), titleAr: 'عنوان', descriptionAr: '<p>وصف</p>' })).json(),
    );
    const url = `/api/courses/courses/course/${created.slug}`;

    const renamed = await sendForm('PUT', url, { title: 'Kept renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Kept renamed', titleAr: 'عنوان', descriptionAr: '<p>وصف</p>' });

    // JSON works as multipart does; the editor's empty document counts as empty.
    const cleared = await sendJson('PUT', url, { title: 'Kept renamed', titleAr: '', descriptionAr: '<p></p>' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ titleAr: '', descriptionAr: '' });
    expect(await site().course(created.slug)).toMatchObject({ titleAr: '', descriptionAr: '' });

    const changed = await sendForm('PUT', url, { title: 'Kept renamed', descriptionAr: XSS_AR });
    expect(changed.json()).toMatchObject({ titleAr: '', descriptionAr: SAFE_AR });
  });

  it('refuses a too long Arabic title with the field error, on create and on update', async () => {
    await expectTitleArTooLong((titleAr) => createCourse({ title: unique('Too long'), titleAr }));

    const course = await seedCourse(t.deps.db, { title: unique('Long update') });
    await expectTitleArTooLong((titleAr) =>
      sendForm('PUT', `/api/courses/courses/course/${course.slug}`, { title: course.title, titleAr }),
    );
  });

  it('the catalogue search (API, pages and the admin list) finds a course by its Arabic title', async () => {
    const course = await seedCourse(t.deps.db, { title: unique('Searchable'), titleAr: 'التأشيرة الذهبية في دبي' });
    t.deps.pageCache.invalidate();
    const found = courseListSchema.parse(
      await getPublic(`/api/courses/course?search=${encodeURIComponent('الذهبية')}`),
    );
    expect(found.map((c) => c._id)).toEqual([course.id]);
    expect((await site().courses({ search: ' الذهبية ' })).map((c) => c._id)).toEqual([course.id]);
    // The English title still matches.
    expect((await site().courses({ search: course.title })).map((c) => c._id)).toEqual([course.id]);

    const page = adminCoursePageSchema.parse(await getAdmin(`/api/admin/courses?q=${encodeURIComponent('الذهبية')}`));
    expect(page.courses.map((c) => c._id)).toEqual([course.id]);
  });
});

describe('modules and lessons in Arabic', () => {
  it('module: create and rename with the Arabic title; left out keeps it, empty clears it', async () => {
    const course = await seedCourse(t.deps.db, { title: unique('Modules course') });
    const created = await sendJson('POST', '/api/modules/module', {
      title: 'Basics',
      titleAr: ' الأساسيات ',
      course: course.id,
    });
    expect(created.statusCode).toBe(201);
    const module = moduleSchema.parse(created.json());
    expect(module.titleAr).toBe('الأساسيات');

    const renamed = await sendJson('PUT', `/api/modules/module/${module._id}`, { title: 'Basics 2' });
    expect(renamed.json()).toMatchObject({ title: 'Basics 2', titleAr: 'الأساسيات' });
    await expectTitleArTooLong((titleAr) =>
      sendJson('PUT', `/api/modules/module/${module._id}`, { title: 'Basics 2', titleAr }),
    );
    const cleared = await sendJson('PUT', `/api/modules/module/${module._id}`, { title: 'Basics 2', titleAr: '' });
    expect(cleared.json()).toMatchObject({ titleAr: '' });
  });

  it('lesson: the Arabic title through every write, and on the public course details', async () => {
    const course = await seedCourse(t.deps.db, { title: unique('Lessons course') });
    const module = await seedModule(t.deps.db, { courseId: course.id, titleAr: 'الوحدة الأولى' });
    const created = await sendJson('POST', '/api/vimeo/create', {
      title: 'Lesson',
      titleAr: 'الدرس',
      videoUrl: 'https://vimeo.com/76979871',
      module: module.id,
    });
    expect(created.statusCode).toBe(201);
    const video = adminVideoSchema.parse(created.json());
    expect(video.titleAr).toBe('الدرس');

    const relinked = await sendJson('PUT', `/api/videos/videos/${video._id}`, { title: 'Lesson 2' });
    expect(relinked.json()).toMatchObject({ title: 'Lesson 2', titleAr: 'الدرس' });
    await expectTitleArTooLong((titleAr) =>
      sendJson('PUT', `/api/videos/videos/${video._id}`, { title: 'Lesson 2', titleAr }),
    );

    // The module edit modal's multipart form.
    const other = await seedVideo(t.deps.db, { moduleId: module.id, titleAr: 'قديم', position: 1 });
    const url = `/api/vimeo/update/${other.id}`;
    const kept = await sendForm('PUT', url, { title: 'Other', videoUrl: 'https://vimeo.com/1' });
    expect(kept.json()).toMatchObject({ title: 'Other', titleAr: 'قديم' });
    const renamed = await sendForm('PUT', url, { title: 'Other', titleAr: 'درس آخر', videoUrl: 'https://vimeo.com/1' });
    expect(renamed.json()).toMatchObject({ titleAr: 'درس آخر' });
    await expectTitleArTooLong((titleAr) =>
      sendForm('PUT', url, { title: 'Other', titleAr, videoUrl: 'https://vimeo.com/1' }),
    );

    const detail = courseDetailSchema.parse(await getPublic(`/api/courses/course/slug/${course.slug}`));
    expect(detail.modules[0]).toMatchObject({
      titleAr: 'الوحدة الأولى',
      videos: [{ title: 'Lesson 2', titleAr: 'الدرس' }, { titleAr: 'درس آخر' }],
    });
    const fromPages = await site().course(course.slug);
    expect(fromPages?.modules[0]?.videos.map((v) => v.titleAr)).toEqual(['الدرس', 'درس آخر']);
  });

  it('Add Modules: Arabic titles of modules and lessons, never required', async () => {
    const course = await seedCourse(t.deps.db, { title: unique('Bulk course') });
    const res = await sendJson('POST', '/api/modules/bulk', {
      course: course.id,
      modules: [
        {
          title: 'One',
          titleAr: 'الأولى',
          videos: [
            { title: 'A', titleAr: 'أ', videoUrl: 'https://vimeo.com/1' },
            { title: 'B', videoUrl: 'https://vimeo.com/2' },
          ],
        },
        { title: 'Two', videos: [{ title: 'C', videoUrl: 'https://vimeo.com/3' }] },
      ],
    });
    expect(res.statusCode).toBe(201);
    const { modules } = bulkModulesResultSchema.parse(res.json());
    expect(modules.map((m) => [m.titleAr, m.videos.map((v) => v.titleAr)])).toEqual([
      ['الأولى', ['أ', '']],
      ['', ['']],
    ]);
    const detail = courseDetailSchema.parse(await getPublic(`/api/courses/course/slug/${course.slug}`));
    expect(detail.modules.map((m) => m.titleAr)).toEqual(['الأولى', '']);
  });
});
