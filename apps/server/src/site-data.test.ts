import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  blogListSchema,
  blogSchema,
  blogSummarySchema,
  courseDetailSchema,
  courseListSchema,
  heroSchema,
  introSchema,
  podcastVideoListSchema,
  siteSettingsSchema,
} from '@oasis/shared/api';
import { beforeAllValue, createTestApp } from '../test/helpers.ts';
import {
  seedBlog,
  seedCourse,
  seedEnrolment,
  seedModule,
  seedPodcastVideo,
  seedUser,
  seedVideo,
} from './db/factories.ts';
import { createPublicSiteData } from './site-data.ts';

const t = beforeAllValue(() => createTestApp());
afterAll(() => t.close());

describe('createPublicSiteData', () => {
  it('answers what the API answers, in the shared shapes, anonymously', async () => {
    const { db } = t.deps;
    const course = await seedCourse(db, {
      title: 'Introduction to Off Plan',
      priceFils: 88_800,
      description: '<p>Off plan</p><script>alert(1)</script>',
    });
    await seedCourse(db, { title: 'Golden Visa', comingSoon: true });
    const m = await seedModule(db, { courseId: course.id });
    await seedVideo(db, { moduleId: m.id, url: 'https://player.vimeo.com/video/76979871' });
    // Even with enrolled learners around, the page view has no video URLs.
    const learner = await seedUser(db);
    await seedEnrolment(db, { userId: learner.id, courseId: course.id });
    await seedBlog(db, { title: 'A post', description: '<p>x</p><img src=x onerror=alert(1)>' });
    await seedPodcastVideo(db, { title: 'Episode' });

    const site = createPublicSiteData(t.deps);
    const courses = courseListSchema.parse(await site.courses());
    expect(courses.map((c) => c.title)).toEqual(['Golden Visa', 'Introduction to Off Plan']);
    expect(courseListSchema.parse(await site.courses({ search: 'GOLDEN' })).map((c) => c.title)).toEqual([
      'Golden Visa',
    ]);
    expect((await site.courses({ sort: 'priceHigh' }))[0]?.title).toBe('Introduction to Off Plan');

    const api = await t.app.inject({ method: 'GET', url: '/api/courses/course' });
    expect(courses).toEqual(api.json());

    const detail = courseDetailSchema.parse(await site.course('introduction-to-off-plan'));
    expect(detail.hasAccess).toBe(false);
    expect(detail.students).toBe(1);
    expect(detail.description).toBe('<p>Off plan</p>');
    expect(detail.modules[0]?.videos[0]?.videoUrl).toBeUndefined();
    expect(JSON.stringify(detail)).not.toContain('vimeo.com');
    expect(await site.course(course.id)).toEqual(detail);
    expect(await site.course('missing')).toBeNull();

    // Listings carry a plain-text summary, not the body; one post carries its body.
    const blogs = z.array(blogSummarySchema.strict()).parse(await site.blogs());
    expect(blogs[0]?.summary).toBe('x');
    const post = blogSchema.parse(await site.blog('a-post'));
    expect(post.title).toBe('A post');
    expect(post.description).toBe('<p>x</p>');
    const apiList = blogListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/blogs/blogs' })).json());
    expect(apiList).toEqual([post]);
    expect(await site.blog('missing')).toBeNull();

    heroSchema.parse(await site.hero());
    introSchema.parse(await site.intro());
    siteSettingsSchema.parse(await site.settings());
    expect(podcastVideoListSchema.parse(await site.podcasts()).map((p) => p.title)).toEqual(['Episode']);
  });
});
