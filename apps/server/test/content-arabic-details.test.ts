import { describe, expect, it } from 'vitest';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { blogSchema, courseDetailSchema, courseSchema } from '@oasis/shared/api';
import { adminQuizSchema, courseQuizSchema, QUIZ_LIMITS, QUIZ_MESSAGES, questionInLocale } from '@oasis/shared/quiz';
import { seedCourse, seedEnrolment, seedModule, seedVideo } from '../src/db/factories.ts';
import { videoProgress } from '../src/db/schema.ts';
import { signIn } from './uploads.ts';
import { SAFE_AR, setUpArabicContentTests, unique, XSS_AR } from './content-arabic.fixtures.ts';

// The owner's content in Arabic (rules in content-arabic.fixtures.ts): a course's learning summary and author, blog authors and quiz questions.

const { t, sendForm, sendJson, getPublic, site } = setUpArabicContentTests();

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
      // Graded by option id: one per option, in the options' order.
      optionIds: expect.arrayContaining([expect.any(String)]),
      ...arabic,
    });
    expect(learnerQuiz.questions[0]?.optionIds).toHaveLength(english.options.length);
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
