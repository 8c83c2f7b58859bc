import type { LessonPreview, VideoSource } from '@oasis/shared/api';
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

/** A free-preview lesson's player link, for anyone. */
export const getLessonPreview = (videoId: string) =>
  call('GET /courses/preview/{videoId}', `/courses/preview/${seg(videoId)}`, lessonPreview, { auth: false });

/** Sends the contact or consultation form. */
export const sendLead = (path: '/contact' | '/consultations', body: object) =>
  call(`POST ${path}`, path, leadAccepted, { method: 'POST', auth: false, body });
