import type { Course, LessonPreview, VideoSource } from '@oasis/shared/api';
import type { Role, User } from '@oasis/shared/auth';
import { type AnswerSchema, call, seg } from './client';

/*
 * The endpoints public pages call. Public pages are light islands that carry no zod
 * (docs/decisions/013-public-pages-as-islands.md), so their answers are checked here by hand, to
 * the shape of the shared schema named beside each check; nothing here imports a schema module.
 */

const isText = (value: unknown): value is string => typeof value === 'string';

/** Every source a lesson can have: the type makes this list follow `VIDEO_SOURCES`. */
const SOURCES: Record<VideoSource, true> = { vimeo: true, youtube: true, file: true };

/** `lessonPreviewSchema`, by hand. */
const lessonPreview: AnswerSchema<LessonPreview> = {
  safeParse(data) {
    const value = (data ?? {}) as Partial<Record<keyof LessonPreview, unknown>>;
    const wrong = (['_id', 'title', 'titleAr', 'videoUrl'] as const).find((key) => !isText(value[key]));
    if (wrong) return { success: false, error: { message: `${wrong}: expected a string` } };
    if (!isText(value.source) || !Object.hasOwn(SOURCES, value.source))
      return { success: false, error: { message: 'source: expected a video source' } };
    return { success: true, data: value as LessonPreview };
  },
};

/** `leadAcceptedSchema`, by hand. */
const leadAccepted: AnswerSchema<{ message: string }> = {
  safeParse(data) {
    const message = (data as { message?: unknown } | null)?.message;
    if (!isText(message)) return { success: false, error: { message: 'message: expected a string' } };
    return { success: true, data: { message } };
  },
};

const ROLES: Record<Role, true> = { learner: true, admin: true };

/** `userResponseSchema`, by hand. */
const sessionUser: AnswerSchema<{ user: User }> = {
  safeParse(data) {
    const user = ((data as { user?: unknown } | null)?.user ?? {}) as Partial<Record<keyof User, unknown>>;
    const wrong = (['_id', 'name', 'email', 'phone'] as const).find((key) => !isText(user[key]));
    if (wrong) return { success: false, error: { message: `user.${wrong}: expected a string` } };
    if (!isText(user.role) || !Object.hasOwn(ROLES, user.role))
      return { success: false, error: { message: 'user.role: expected a role' } };
    if (typeof user.emailVerified !== 'boolean')
      return { success: false, error: { message: 'user.emailVerified: expected a boolean' } };
    return { success: true, data: { user: user as User } };
  },
};

/**
 * `enrolledCourseListSchema`'s list, as the navigation reads it: an entry without an id is left out
 * rather than failing the whole list (docs/product.md#enrolled-courses).
 */
const sessionCourses: AnswerSchema<Course[]> = {
  safeParse(data) {
    const courses = (data as { courses?: unknown } | null)?.courses;
    if (!Array.isArray(courses)) return { success: false, error: { message: 'courses: expected a list' } };
    return {
      success: true,
      data: courses.filter((course): course is Course => Boolean(course) && isText((course as Course)._id)),
    };
  },
};

/** The signed-in learner, for the public pages' navigation (the session's token). */
export const getSessionUser = () => call('GET /auth/user', '/auth/user', sessionUser);

/** The learner's courses, for the public pages' navigation. */
export const getSessionCourses = () => call('GET /courses/enrolled', '/courses/enrolled', sessionCourses);

/** A free-preview lesson's player link, for anyone. */
export const getLessonPreview = (videoId: string) =>
  call('GET /courses/preview/{videoId}', `/courses/preview/${seg(videoId)}`, lessonPreview, { auth: false });

/** Sends the contact or consultation form. */
export const sendLead = (path: '/contact' | '/consultations' | '/booking', body: object) =>
  call(`POST ${path}`, path, leadAccepted, { method: 'POST', auth: false, body });
