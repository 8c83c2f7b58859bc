import {
  courseCompletionFiguresSchema,
  courseCompletionSchema,
  courseProgressSchema,
  type ReminderSettings,
  reminderSettingsSchema,
  type WatchReportInput,
  watchReportResultSchema,
} from '@oasis/shared/progress';
import { ADMIN, adminGetPut, type CallOptions, call, seg } from './client';

/** The learner's finish line in a course (complete, when, the parts). */
export const getCourseCompletion = (courseId: string, options: CallOptions = {}) =>
  call('GET /progress/{courseId}/completion', `/progress/${seg(courseId)}/completion`, courseCompletionSchema, options);

/** The owner's figures: enrolled, started, completed and median days per course. */
export const getCompletionFigures = (signal?: AbortSignal) =>
  call('GET /admin/dashboard/completions', '/admin/dashboard/completions', courseCompletionFiguresSchema, {
    ...ADMIN,
    signal,
  });

const reminderSettings = adminGetPut<ReminderSettings, ReminderSettings>(
  '/admin/settings/reminders',
  reminderSettingsSchema,
);
export const getReminderSettings = reminderSettings.get;
export const saveReminderSettings = reminderSettings.put;

export const getCourseProgress = (courseId: string, options: CallOptions = {}) =>
  call('GET /progress/{courseId}', `/progress/${seg(courseId)}`, courseProgressSchema, options);

/** Marks a lesson complete; the answer is the course's progress after it. */
export const completeLesson = (videoId: string, options: CallOptions = {}) =>
  call('POST /progress', '/progress', courseProgressSchema, { ...options, method: 'POST', body: { videoId } });

export const reportWatch = (videoId: string, body: WatchReportInput, options: CallOptions = {}) =>
  call('POST /progress/videos/{videoId}/watch', `/progress/videos/${seg(videoId)}/watch`, watchReportResultSchema, {
    ...options,
    method: 'POST',
    body,
  });
