import { courseProgressSchema, type WatchReportInput, watchReportResultSchema } from '@oasis/shared/progress';
import { type CallOptions, call, seg } from './client';

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
