import { describe, expect, it } from 'vitest';
import { adminBlogPageSchema } from '@oasis/shared/admin/blogs';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { adminCoursePageSchema } from '@oasis/shared/admin/courses';
import { adminVideoSchema, bulkModulesResultSchema } from '@oasis/shared/admin/modules';
import {
  blogListSchema,
  blogSchema,
  courseDetailSchema,
  courseListSchema,
  courseSchema,
  heroSchema,
  introSchema,
  moduleSchema,
  podcastVideoListSchema,
  podcastVideoSchema,
  siteSettingsSchema,
} from '@oasis/shared/api';
import { adminQuizSchema, courseQuizSchema, QUIZ_LIMITS, QUIZ_MESSAGES, questionInLocale } from '@oasis/shared/quiz';
import { seedCourse, seedEnrolment, seedModule, seedVideo } from '../src/db/factories.ts';
import { videoProgress } from '../src/db/schema.ts';
import { DEFAULT_SETTINGS } from '../src/modules/settings/defaults.ts';
import { createPublicSiteData } from '../src/site-data.ts';
import { setUpTestApp } from './helpers.ts';
import { jpeg, multipart, setUpSignIn, signIn } from './uploads.ts';

/**
 * The owner's content in Arabic (docs/i18n.md#content): every Arabic twin an admin saves reaches the
 * admin answers, the public API and the pages' read model; left out on an update it keeps its
 * value, '' clears it; rich Arabic is sanitised like the English; limits are the English twin's.
 */

const t = setUpTestApp();
const admin = setUpSignIn(t);

const XSS_AR = '<p dir="rtl">نص <strong>آمن</strong></p><script>alert("x")</script><img src="x" onerror="alert(1)">';
const SAFE_AR = '<p dir="rtl">نص <strong>آمن</strong></p>';
const TOO_LONG_TITLE = 'ع'.repeat(ADMIN_LIMITS.titleMax + 1);

let counter = 0;
/** A title no other test uses. */
const unique = (text: string) => `${text} ${++counter}`;

async function sendForm(method: 'POST' | 'PUT', url: string, fields: Parameters<typeof multipart>[0]) {
  const form = await multipart(fields, admin.headers);
  return t.app.inject({ method, url, ...form });
}

const sendJson = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: admin.headers, payload });

/** An anonymous read of the public API. */
async function getPublic(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.json();
}

const site = () => createPublicSiteData(t.deps);

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

    const page = adminCoursePageSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/courses?q=${encodeURIComponent(title)}`,
          headers: admin.headers,
        })
      ).json(),
    );
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
    const res = await createCourse({ title: unique('Too long'), titleAr: TOO_LONG_TITLE });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { titleAr: ADMIN_MESSAGES.titleTooLong } });

    const course = await seedCourse(t.deps.db, { title: unique('Long update') });
    const update = await sendForm('PUT', `/api/courses/courses/course/${course.slug}`, {
      title: course.title,
      titleAr: TOO_LONG_TITLE,
    });
    expect(update.statusCode).toBe(400);
    expect(update.json()).toMatchObject({ errors: { titleAr: ADMIN_MESSAGES.titleTooLong } });
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

    const page = adminCoursePageSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/courses?q=${encodeURIComponent('الذهبية')}`,
          headers: admin.headers,
        })
      ).json(),
    );
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
    const tooLong = await sendJson('PUT', `/api/modules/module/${module._id}`, {
      title: 'Basics 2',
      titleAr: TOO_LONG_TITLE,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ errors: { titleAr: ADMIN_MESSAGES.titleTooLong } });
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
    const tooLong = await sendJson('PUT', `/api/videos/videos/${video._id}`, {
      title: 'Lesson 2',
      titleAr: TOO_LONG_TITLE,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ errors: { titleAr: ADMIN_MESSAGES.titleTooLong } });

    // The module edit modal's multipart form.
    const other = await seedVideo(t.deps.db, { moduleId: module.id, titleAr: 'قديم', position: 1 });
    const url = `/api/vimeo/update/${other.id}`;
    const kept = await sendForm('PUT', url, { title: 'Other', videoUrl: 'https://vimeo.com/1' });
    expect(kept.json()).toMatchObject({ title: 'Other', titleAr: 'قديم' });
    const renamed = await sendForm('PUT', url, { title: 'Other', titleAr: 'درس آخر', videoUrl: 'https://vimeo.com/1' });
    expect(renamed.json()).toMatchObject({ titleAr: 'درس آخر' });
    const refused = await sendForm('PUT', url, {
      title: 'Other',
      titleAr: TOO_LONG_TITLE,
      videoUrl: 'https://vimeo.com/1',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { titleAr: ADMIN_MESSAGES.titleTooLong } });

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

describe('blog posts in Arabic', () => {
  it('saves the Arabic title and body (sanitised); the admin, public and summary answers carry them', async () => {
    const title = unique('Arabic post');
    const res = await sendForm('POST', '/api/blogs/blogs', {
      title,
      author: 'Owner',
      description: '<p>English body</p>',
      titleAr: ' مقال ',
      descriptionAr: XSS_AR,
      image: { data: await jpeg(), filename: 'post.jpg', type: 'image/jpeg' },
    });
    expect(res.statusCode).toBe(201);
    const blog = blogSchema.parse(res.json());
    expect(blog).toMatchObject({ title, titleAr: 'مقال', descriptionAr: SAFE_AR });
    // A new post is a draft: published before the public answers are read.
    expect((await sendJson('PUT', `/api/blogs/blogs/${blog.slug}/publish`, { published: true })).statusCode).toBe(200);

    expect(blogSchema.parse(await getPublic(`/api/blogs/blogs/${blog.slug}`))).toMatchObject({
      titleAr: 'مقال',
      descriptionAr: SAFE_AR,
    });
    const listed = blogListSchema.parse(await getPublic('/api/blogs/blogs')).find((b) => b._id === blog._id);
    expect(listed).toMatchObject({ titleAr: 'مقال', descriptionAr: SAFE_AR });
    expect(await site().blog(blog.slug)).toMatchObject({ titleAr: 'مقال', descriptionAr: SAFE_AR });
    // Listings: the summary of the Arabic body, as plain text, and no bodies.
    const summary = (await site().blogs()).find((b) => b._id === blog._id);
    expect(summary).toMatchObject({ titleAr: 'مقال', summary: 'English body', summaryAr: 'نص آمن' });
    expect(summary).not.toHaveProperty('descriptionAr');

    const page = adminBlogPageSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/blogs?q=${encodeURIComponent('مقال')}`,
          headers: admin.headers,
        })
      ).json(),
    );
    expect(page.blogs.map((b) => b._id)).toContain(blog._id);
  });

  it('an update keeps the Arabic fields it leaves out and clears those sent empty; limits as in English', async () => {
    const created = blogSchema.parse(
      (
        await sendJson('POST', '/api/blogs/blogs', {
          title: unique('Kept post'),
          author: 'Owner',
          titleAr: 'عنوان',
          descriptionAr: '<p>نص</p>',
        })
      ).json(),
    );
    const url = `/api/blogs/blogs/${created.slug}`;
    await sendJson('PUT', `${url}/publish`, { published: true });
    const kept = await sendJson('PUT', url, { title: created.title, author: 'Owner' });
    expect(kept.json()).toMatchObject({ titleAr: 'عنوان', descriptionAr: '<p>نص</p>' });

    const cleared = await sendForm('PUT', url, {
      title: created.title,
      author: 'Owner',
      titleAr: '',
      descriptionAr: '',
    });
    expect(cleared.json()).toMatchObject({ titleAr: '', descriptionAr: '' });
    const summary = (await site().blogs()).find((b) => b._id === created._id);
    expect(summary).toMatchObject({ titleAr: '', summaryAr: '' });

    const refused = await sendJson('PUT', url, { title: created.title, author: 'Owner', titleAr: TOO_LONG_TITLE });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { titleAr: ADMIN_MESSAGES.titleTooLong } });
  });
});

describe('hero and intro in Arabic', () => {
  it('hero: saves the Arabic title and subtitle; left out keeps them, empty clears them', async () => {
    const saved = await sendJson('PUT', '/api/hero/update', {
      title: 'Invest',
      subtitle: 'Sub',
      titleAr: 'استثمر',
      subtitleAr: 'عنوان فرعي',
    });
    expect(saved.statusCode).toBe(200);
    expect(heroSchema.parse(saved.json())).toMatchObject({ titleAr: 'استثمر', subtitleAr: 'عنوان فرعي' });
    expect(heroSchema.parse(await getPublic('/api/hero/get'))).toMatchObject({ titleAr: 'استثمر' });
    expect(await site().hero()).toMatchObject({ titleAr: 'استثمر', subtitleAr: 'عنوان فرعي' });

    const kept = await sendForm('PUT', '/api/hero/update', { title: 'Invest 2', subtitle: 'Sub', subtitleAr: '' });
    expect(kept.json()).toMatchObject({ title: 'Invest 2', titleAr: 'استثمر', subtitleAr: '' });

    const refused = await sendJson('PUT', '/api/hero/update', {
      title: 'Invest',
      subtitle: 'Sub',
      titleAr: 'ع'.repeat(ADMIN_LIMITS.textMax + 1),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { titleAr: ADMIN_MESSAGES.textTooLong } });
  });

  it('intro: saves the four Arabic texts; left out keeps them', async () => {
    const english = { heading: 'H', subheading: 'S', paragraph1: 'P1', paragraph2: 'P2' };
    const arabic = { headingAr: 'ع', subheadingAr: 'ف', paragraph1Ar: 'فقرة ١', paragraph2Ar: 'فقرة ٢' };
    const saved = await sendJson('PUT', '/api/intro/intro', { ...english, ...arabic });
    expect(saved.statusCode).toBe(200);
    expect(introSchema.parse(saved.json())).toMatchObject(arabic);
    expect(introSchema.parse(await getPublic('/api/intro/intro'))).toMatchObject(arabic);

    const kept = await sendJson('PUT', '/api/intro/intro', { ...english, heading: 'H2', paragraph2Ar: '' });
    expect(kept.json()).toMatchObject({ ...arabic, heading: 'H2', paragraph2Ar: '' });
    expect(await site().intro()).toMatchObject({ heading: 'H2', headingAr: 'ع', paragraph2Ar: '' });
  });
});

describe('podcast videos in Arabic', () => {
  it('saves the Arabic title; left out keeps it, empty clears it, too long is refused', async () => {
    const link = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';
    const added = await sendJson('POST', '/api/youtube/add', { title: 'Episode', titleAr: 'حلقة', embeddedUrl: link });
    expect(added.statusCode).toBe(201);
    const podcast = podcastVideoSchema.parse(added.json());
    expect(podcast.titleAr).toBe('حلقة');
    const listed = podcastVideoListSchema.parse(await getPublic('/api/youtube/get')).find((p) => p._id === podcast._id);
    expect(listed?.titleAr).toBe('حلقة');

    const url = `/api/youtube/update/${podcast._id}`;
    expect((await sendJson('PUT', url, { title: 'Episode 2', embeddedUrl: link })).json()).toMatchObject({
      title: 'Episode 2',
      titleAr: 'حلقة',
    });
    expect((await sendJson('PUT', url, { title: 'Episode 2', titleAr: '', embeddedUrl: link })).json()).toMatchObject({
      titleAr: '',
    });
    expect((await site().podcasts()).find((p) => p._id === podcast._id)?.titleAr).toBe('');

    const refused = await sendJson('PUT', url, { title: 'Episode 2', titleAr: TOO_LONG_TITLE, embeddedUrl: link });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { titleAr: ADMIN_MESSAGES.titleTooLong } });
  });
});

describe('site settings in Arabic', () => {
  it('saves the Arabic address; left out keeps it, empty clears it, too long is refused', async () => {
    const { addressAr: _none, ...settings } = DEFAULT_SETTINGS;
    const saved = await sendJson('PUT', '/api/settings', { ...settings, addressAr: ' دبي، الإمارات ' });
    expect(saved.statusCode).toBe(200);
    expect(siteSettingsSchema.parse(saved.json()).addressAr).toBe('دبي، الإمارات');
    expect(siteSettingsSchema.parse(await getPublic('/api/settings')).addressAr).toBe('دبي، الإمارات');
    expect((await site().settings()).addressAr).toBe('دبي، الإمارات');

    expect((await sendJson('PUT', '/api/settings', settings)).json().addressAr).toBe('دبي، الإمارات');
    expect((await sendJson('PUT', '/api/settings', { ...settings, addressAr: '' })).json().addressAr).toBe('');

    const refused = await sendJson('PUT', '/api/settings', { ...settings, addressAr: 'ع'.repeat(501) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { addressAr: ADMIN_MESSAGES.textTooLong } });
  });
});

describe('course learning summary and author in Arabic', () => {
  it('saves the Arabic summary (sanitised) and author; left out keeps them, empty clears them', async () => {
    const course = await seedCourse(t.deps.db, { title: unique('Summary course'), publishedAt: new Date() });
    const url = `/api/courses/courses/course/${course.slug}`;
    const saved = await sendForm('PUT', url, {
      title: course.title,
      courseOutcomeAr: XSS_AR,
      authorAr: ' سارة ويتفيلد ',
    });
    expect(saved.statusCode).toBe(200);
    expect(courseSchema.parse(saved.json())).toMatchObject({ courseOutcomeAr: SAFE_AR, authorAr: 'سارة ويتفيلد' });
    expect(courseDetailSchema.parse(await getPublic(`/api/courses/course/slug/${course.slug}`))).toMatchObject({
      courseOutcomeAr: SAFE_AR,
      authorAr: 'سارة ويتفيلد',
    });
    expect(await site().course(course.slug)).toMatchObject({ courseOutcomeAr: SAFE_AR, authorAr: 'سارة ويتفيلد' });

    const kept = await sendJson('PUT', url, { title: course.title, author: 'Sarah' });
    expect(kept.json()).toMatchObject({ author: 'Sarah', courseOutcomeAr: SAFE_AR, authorAr: 'سارة ويتفيلد' });
    const cleared = await sendJson('PUT', url, { title: course.title, courseOutcomeAr: '<p></p>', authorAr: '' });
    expect(cleared.json()).toMatchObject({ courseOutcomeAr: '', authorAr: '' });

    const refused = await sendJson('PUT', url, {
      title: course.title,
      authorAr: 'ع'.repeat(ADMIN_LIMITS.authorMax + 1),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { authorAr: ADMIN_MESSAGES.authorTooLong } });
  });
});

describe('blog authors in Arabic', () => {
  it('saves the Arabic author; left out keeps it, empty clears it, too long is refused', async () => {
    const created = await sendJson('POST', '/api/blogs/blogs', {
      title: unique('Authored post'),
      author: 'Owner',
      authorAr: ' فريق الواحة ',
    });
    expect(created.statusCode).toBe(201);
    const blog = blogSchema.parse(created.json());
    expect(blog.authorAr).toBe('فريق الواحة');
    const url = `/api/blogs/blogs/${blog.slug}`;
    await sendJson('PUT', `${url}/publish`, { published: true });
    expect(blogSchema.parse(await getPublic(url)).authorAr).toBe('فريق الواحة');
    expect((await site().blogs()).find((b) => b._id === blog._id)?.authorAr).toBe('فريق الواحة');

    expect((await sendJson('PUT', url, { title: blog.title, author: 'Owner 2' })).json()).toMatchObject({
      author: 'Owner 2',
      authorAr: 'فريق الواحة',
    });
    expect((await sendForm('PUT', url, { title: blog.title, author: 'Owner', authorAr: '' })).json().authorAr).toBe('');
    const refused = await sendJson('PUT', url, {
      title: blog.title,
      author: 'Owner',
      authorAr: 'ع'.repeat(ADMIN_LIMITS.authorMax + 1),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { authorAr: ADMIN_MESSAGES.authorTooLong } });
  });
});

describe('quiz questions in Arabic', () => {
  const english = {
    question: 'Which body licenses brokers?',
    options: ['DLD', 'RERA', 'Municipality', 'Chamber'],
    correctAnswer: 1,
  };
  const arabic = {
    questionAr: 'ما الجهة التي ترخّص الوسطاء؟',
    optionsAr: ['دائرة الأراضي', 'ريرا', 'البلدية', ''],
  };

  /** A course with one lesson the learner has watched, and its quiz of one question. */
  async function quizCourse(question: object) {
    const course = await seedCourse(t.deps.db, { title: unique('Quiz course') });
    const module = await seedModule(t.deps.db, { courseId: course.id });
    const video = await seedVideo(t.deps.db, { moduleId: module.id });
    const created = await sendJson('POST', '/api/quiz/quizzes', { courseId: course.id, questions: [question] });
    const learner = await signIn(t.deps.db, 'learner');
    await seedEnrolment(t.deps.db, { userId: learner.user.id, courseId: course.id });
    await t.deps.db.insert(videoProgress).values({ userId: learner.user.id, videoId: video.id });
    const read = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/quiz/course/${course.id}`, headers: learner.headers });
      return courseQuizSchema.parse(res.json());
    };
    return { course, created, learner, read };
  }

  it('saves the Arabic question and options; learners get them, graded by the English option index', async () => {
    const { course, created, learner, read } = await quizCourse({ ...english, ...arabic });
    expect(created.statusCode).toBe(201);
    const quiz = adminQuizSchema.parse(created.json());
    expect(quiz.questions[0]).toMatchObject({ ...english, ...arabic });

    const learnerQuiz = await read();
    expect(learnerQuiz.questions[0]).toEqual({
      _id: quiz.questions[0]?._id,
      question: english.question,
      options: english.options,
      ...arabic,
    });
    // On Arabic pages: the Arabic where written, the English option (marked) where not.
    const shown = questionInLocale(learnerQuiz.questions[0]!, 'ar');
    expect(shown.question.text).toBe(arabic.questionAr);
    expect(shown.options.map((o) => o.text)).toEqual(['دائرة الأراضي', 'ريرا', 'البلدية', 'Chamber']);
    expect(shown.options[3]?.attrs).toEqual({ lang: 'en', dir: 'auto' });

    // Option 1 is 'RERA' and 'ريرا' alike: the answer is its index.
    const attempt = await t.app.inject({
      method: 'POST',
      url: `/api/quiz/course/${course.id}/attempts`,
      headers: learner.headers,
      payload: { answers: [1] },
    });
    expect(attempt.statusCode).toBe(201);
    expect(attempt.json()).toMatchObject({ score: 1, total: 1 });
  });

  it('an edit keeps the Arabic left out, clears it when sent empty; a wrong count or length is refused', async () => {
    const { created, read } = await quizCourse({ ...english, ...arabic });
    const url = `/api/quiz/quizzes/${adminQuizSchema.parse(created.json())._id}/questions/0`;

    const kept = await sendJson('PUT', url, { ...english, question: 'Who licenses brokers?' });
    expect(kept.statusCode).toBe(200);
    expect(adminQuizSchema.parse(kept.json()).questions[0]).toMatchObject(arabic);

    const cleared = await sendJson('PUT', url, { ...english, questionAr: '', optionsAr: ['', ' ', '', ''] });
    expect(adminQuizSchema.parse(cleared.json()).questions[0]).toMatchObject({ questionAr: '', optionsAr: [] });
    expect((await read()).questions[0]).toMatchObject({ questionAr: '', optionsAr: [] });

    const threeOptions = await sendJson('PUT', url, { ...english, optionsAr: ['أ', 'ب', 'ج'] });
    expect(threeOptions.statusCode).toBe(400);
    expect(threeOptions.json().message).toBe(QUIZ_MESSAGES.optionsArCount);
    const tooLong = await sendJson('PUT', url, {
      ...english,
      questionAr: 'ع'.repeat(QUIZ_LIMITS.questionMaxLength + 1),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(QUIZ_MESSAGES.questionTooLong);
    expect((await read()).questions[0]).toMatchObject({ questionAr: '', optionsAr: [] });
  });
});
