import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminListQuerySchema } from '@oasis/shared/admin/common';
import {
  adminCourseChoicesSchema,
  adminCoursePageSchema,
  adminCourseSchema,
  deleteCourseResultSchema,
  publishCourseResultSchema,
} from '@oasis/shared/admin/courses';
import {
  apiErrorSchema,
  courseDetailSchema,
  courseListSchema,
  courseSchema,
  lessonPreviewSchema,
  moduleSchema,
} from '@oasis/shared/api';
import { COURSE_SORTS, type CourseSort } from '@oasis/shared/limits';
import { notFound } from '../../lib/errors.ts';
import { readForm, registerUploads } from '../../plugins/uploads.ts';
import { publicReadModel } from '../../read-model.ts';
import {
  createCourse,
  deleteOrArchiveCourse,
  getLessonPreview,
  listAdminCourseChoices,
  listAdminCoursePage,
  listCourseModules,
  requireCourseDetail,
  restoreCourse,
  setCoursePublished,
  updateCourse,
  type Viewer,
} from './service.ts';
import { adminWrite, getForAdmin } from '../../plugins/admin-routes.ts';

/** File fields that may carry a course thumbnail (Add Course sends `thumbnail`; an edit may send any). */
const THUMBNAIL_FIELDS = ['thumbnail', 'image', 'file'] as const;
const courseKey = z.string().min(1).max(200);

const sortKeys = Object.keys(COURSE_SORTS) as [CourseSort, ...CourseSort[]];

export async function viewerOf(request: FastifyRequest): Promise<Viewer | null> {
  const auth = await request.getAuth();
  return auth ? { id: auth.user.id, role: auth.user.role } : null;
}

export const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  const videoLinks = { signingSecret: app.deps.config.mediaSigningSecret };
  const content = publicReadModel(app.deps);
  /** A course as anonymous visitors see it (from memory), or 404. */
  const publicCourse = async (slugOrId: string) => {
    const course = await content.course(slugOrId);
    if (!course) throw notFound('core.courseNotFound');
    return course;
  };
  // Multipart bodies are accepted by this plugin's routes only.
  await registerUploads(app);
  app.get(
    '/courses/course',
    {
      config: { publicCache: true },
      schema: {
        querystring: z.object({
          search: z.string().max(200).optional(),
          sort: z.enum(sortKeys).optional(),
        }),
        response: { 200: courseListSchema, 400: apiErrorSchema },
      },
    },
    async (request) => content.courses(request.query),
  );

  app.get(
    '/courses/course/slug/:slug',
    {
      schema: {
        params: z.object({ slug: z.string().min(1).max(200) }),
        response: { 200: courseDetailSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // The answer depends on who asks (video URLs): shared caches must not keep it.
      reply.header('cache-control', 'private, no-store');
      const viewer = await viewerOf(request);
      if (!viewer) return publicCourse(request.params.slug);
      return requireCourseDetail(app.deps.db, request.params.slug, viewer, videoLinks);
    },
  );

  app.get(
    '/courses/course/:courseId/modules',
    {
      schema: {
        params: z.object({ courseId: z.string().min(1).max(200) }),
        response: { 200: z.array(moduleSchema), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const viewer = await viewerOf(request);
      if (!viewer) return (await publicCourse(request.params.courseId)).modules;
      return listCourseModules(app.deps.db, request.params.courseId, viewer, videoLinks);
    },
  );

  // A free-preview lesson plays for anyone, from the course page (docs/product.md#course-page).
  app.get(
    '/courses/preview/:videoId',
    {
      schema: {
        params: z.object({ videoId: z.string().min(1).max(64) }),
        response: { 200: lessonPreviewSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // Uploaded lessons get a short-lived signed link: never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      return getLessonPreview(app.deps.db, request.params.videoId, videoLinks);
    },
  );

  // ------------------------------------------------------------------------------------------
  // Admin (docs/product.md#admin-courses).

  app.post(
    '/courses/course',
    { config: adminWrite('catalogue'), schema: { response: { 201: courseSchema } } },
    async (request, reply) => {
      const form = await readForm(request, app.deps, { image: THUMBNAIL_FIELDS });
      return reply.status(201).send(await createCourse(app.deps, form));
    },
  );

  app.put(
    '/courses/courses/course/:slug',
    {
      config: adminWrite('catalogue'),
      schema: { params: z.object({ slug: courseKey }), response: { 200: courseSchema } },
    },
    async (request) => {
      const form = await readForm(request, app.deps, { image: THUMBNAIL_FIELDS });
      return updateCourse(app.deps, request.params.slug, form);
    },
  );

  app.delete(
    '/courses/course/:courseId',
    {
      config: adminWrite('catalogue'),
      schema: { params: z.object({ courseId: courseKey }), response: { 200: deleteCourseResultSchema } },
    },
    async (request) => deleteOrArchiveCourse(app.deps, request.params.courseId),
  );

  getForAdmin(app, '/admin/courses', { querystring: adminListQuerySchema, response: adminCoursePageSchema }, (query) =>
    listAdminCoursePage(app.deps.db, query),
  );

  app.get(
    '/admin/courses/choices',
    { config: { auth: 'admin' }, schema: { response: { 200: adminCourseChoicesSchema } } },
    async () => listAdminCourseChoices(app.deps.db),
  );

  app.post(
    '/admin/courses/:courseId/restore',
    {
      config: adminWrite('catalogue'),
      schema: { params: z.object({ courseId: courseKey }), response: { 200: adminCourseSchema } },
    },
    async (request) => restoreCourse(app.deps, request.params.courseId),
  );

  for (const action of ['publish', 'unpublish'] as const) {
    app.post(
      `/admin/courses/:courseId/${action}`,
      {
        config: adminWrite('catalogue'),
        schema: { params: z.object({ courseId: courseKey }), response: { 200: publishCourseResultSchema } },
      },
      async (request) => setCoursePublished(app.deps, request.params.courseId, action === 'publish'),
    );
  }
};
