import { z } from 'zod';
import { requiredText } from './text-fields.ts';
import { courseSchema } from './api.ts';

/**
 * Watching time for courses that require watching. The player reports every `reportEverySeconds`
 * while it plays; the server credits the time really elapsed since the previous report, at most
 * `maxCreditSeconds` (so a pause or a closed laptop counts as little), and nothing for reports
 * closer together than `minGapSeconds` (so a flood of reports adds nothing). A lesson completes
 * once the credited time reaches the course's share of the lesson's length.
 */
export const WATCH_RULES = {
  reportEverySeconds: 10,
  maxCreditSeconds: 30,
  minGapSeconds: 2,
  /** A lesson longer than a day is not a credible length. */
  maxDurationSeconds: 86_400,
  sharePercentMin: 50,
  sharePercentMax: 100,
  defaultSharePercent: 90,
} as const;

/** Watch-page wording (docs/product.md#watch-page) and the progress API's messages. */
export const PROGRESS_MESSAGES = {
  quizLocked: 'Watch all videos to unlock the quiz.',
  selectVideo: 'Select a video to start watching',
  noAccess: 'You need to enrol in this course to watch it.',
  videoNotFound: 'Video not found',
  courseComplete: 'You have completed this course. Well done!',
  saveFailed: 'We could not save your progress. Please check your connection.',
  loadFailed: 'Failed to load your progress.',
  // Courses that require watching (ours).
  watchFirst: 'Watch the lesson to the end first: it completes once you have watched most of it.',
  watchReportInvalid: 'The player sent a position or length that is not valid.',
  lessonLocked: 'This lesson opens once you have completed the one before it.',
  completesWhenEnded: 'Completed when the video ends',
  completesWhenWatched: (sharePercent: number) => `Completed once you have watched ${sharePercent}% of the video`,
} as const;

/** `POST /api/progress`: one finished video. */
export const recordProgressInputSchema = z.object(
  {
    videoId: requiredText(64, 'progress.videoNotFound'),
  },
  { error: 'progress.videoNotFound' },
);
export type RecordProgressInput = z.infer<typeof recordProgressInputSchema>;

/**
 * A learner's progress in one course: `GET /api/progress/{courseId}` and the answer of
 * `POST /api/progress`. `completed` is true when every video of the course is finished (a course
 * without videos counts as completed).
 */
export const courseProgressSchema = z.object({
  courseId: z.string(),
  completedVideoIds: z.array(z.string()),
  totalVideos: z.number().int(),
  completed: z.boolean(),
  /** The course completes lessons only once the server has seen them watched: the player reports. */
  requireWatching: z.boolean(),
  watchSharePercent: z.number().int(),
  /** Each lesson opens once the one before it is complete. */
  lessonsInOrder: z.boolean(),
});
export type CourseProgress = z.infer<typeof courseProgressSchema>;

const seconds = z
  .number({ error: 'progress.watchReportInvalid' })
  .min(0, { error: 'progress.watchReportInvalid' })
  .max(WATCH_RULES.maxDurationSeconds, { error: 'progress.watchReportInvalid' });

/**
 * `POST /api/progress/videos/{videoId}/watch`: the player's periodic report while it plays. The
 * position is the player's word and is never counted as time watched; `duration` (0 or left out
 * while the player does not know it yet) fixes the lesson's length the first time it is given.
 */
export const watchReportInputSchema = z.object(
  { position: seconds, duration: seconds.optional() },
  { error: 'progress.watchReportInvalid' },
);
export type WatchReportInput = z.infer<typeof watchReportInputSchema>;

/**
 * The answer of a watch report: the time credited so far, the time the lesson needs (null while
 * its length is unknown or the course does not require watching), whether the lesson is now
 * complete, and the course's progress.
 */
export const watchReportResultSchema = z.object({
  videoId: z.string(),
  watchedSeconds: z.number().int(),
  durationSeconds: z.number().int().nullable(),
  requiredSeconds: z.number().int().nullable(),
  completed: z.boolean(),
  progress: courseProgressSchema,
});
export type WatchReportResult = z.infer<typeof watchReportResultSchema>;

/**
 * A learner's place in one enrolled course, for the enrolled list: how far they are (`percent` of
 * the lessons completed, rounded down so 100 means every lesson) and the lesson they resume at
 * (the first not completed, in watching order), null once every lesson is completed.
 */
export const courseLearningSchema = z.object({
  completedVideos: z.number().int(),
  totalVideos: z.number().int(),
  percent: z.number().int().min(0).max(100),
  completed: z.boolean(),
  nextVideo: z.object({ _id: z.string(), title: z.string(), titleAr: z.string() }).nullable(),
});
export type CourseLearning = z.infer<typeof courseLearningSchema>;

/** `GET /api/courses/enrolled`: the learner's courses, each with their progress in it. */
export const enrolledCourseSchema = courseSchema.extend({ learning: courseLearningSchema });
export type EnrolledCourse = z.infer<typeof enrolledCourseSchema>;
export const enrolledCourseListSchema = z.object({ courses: z.array(enrolledCourseSchema) });

/** Percent of `total` lessons that `done` are: rounded down, 100 only when all are (or there are none). */
export function completedPercent(done: number, total: number): number {
  if (total <= 0) return 100;
  return Math.min(100, Math.floor((done * 100) / total));
}

/** The watched seconds that complete a lesson of `durationSeconds` at `sharePercent`. */
export function requiredWatchSeconds(durationSeconds: number, sharePercent: number): number {
  return Math.ceil((durationSeconds * sharePercent) / 100);
}

/** The minimum the helpers below need of a course's modules (fits `Module` from ./api). */
interface ModuleLike {
  videos: { _id: string }[];
}

/** Videos in watching order: modules by position, then videos by position (as the API lists them). */
export function videosInOrder<M extends ModuleLike>(modules: M[]): M['videos'][number][] {
  return modules.flatMap((m) => m.videos);
}

/** Where the watch page resumes: the first video not completed yet, or null when all are done. */
export function firstUnfinishedVideoId(modules: ModuleLike[], completedVideoIds: Iterable<string>): string | null {
  const done = new Set(completedVideoIds);
  return videosInOrder(modules).find((v) => !done.has(v._id))?._id ?? null;
}

/** True when every video of the modules is in `completedVideoIds`. */
export function allVideosCompleted(modules: ModuleLike[], completedVideoIds: Iterable<string>): boolean {
  return firstUnfinishedVideoId(modules, completedVideoIds) === null;
}

/**
 * Where the watch page goes once `videoId` is completed: the first unfinished video after it, else
 * the first unfinished one before it, else null (every video is done: the quiz, or the course's end).
 */
export function nextUnfinishedId(
  videos: readonly { _id: string }[],
  videoId: string,
  done: ReadonlySet<string>,
): string | null {
  const at = videos.findIndex((v) => v._id === videoId);
  const after = videos.slice(at + 1).find((v) => !done.has(v._id));
  return (after ?? videos.find((v) => !done.has(v._id)))?._id ?? null;
}

/**
 * `GET /api/progress/{courseId}/completion`: whether the learner has finished the course (every
 * lesson complete and, where there is a quiz, an attempt passed), when that was first recorded, and
 * the parts. `certificateId` once a certificate has been issued for it.
 */
export const courseCompletionSchema = z.object({
  complete: z.boolean(),
  completedAt: z.string().nullable(),
  lessonsDone: z.number().int(),
  lessonsTotal: z.number().int(),
  hasQuiz: z.boolean(),
  quizPassed: z.boolean(),
  certificateId: z.string().optional(),
});
export type CourseCompletion = z.infer<typeof courseCompletionSchema>;

/** `GET`/`PUT /api/admin/settings/reminders`: whether learners who stopped half-way get the reminder. */
export const reminderSettingsSchema = z.object({ comebackReminders: z.boolean({ error: 'core.validationFailed' }) });
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

/**
 * `GET /api/admin/dashboard/completions`: per course, the learners enrolled, those who started (a
 * lesson completed or watched), those who completed it, and the median days from enrolment to
 * completion (null before the first completion).
 */
export const courseCompletionFiguresSchema = z.object({
  courses: z.array(
    z.object({
      courseId: z.string(),
      title: z.string(),
      titleAr: z.string(),
      enrolled: z.number().int(),
      started: z.number().int(),
      completed: z.number().int(),
      medianDays: z.number().nullable(),
    }),
  ),
});
export type CourseCompletionFigures = z.infer<typeof courseCompletionFiguresSchema>;
