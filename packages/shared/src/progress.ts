import { z } from 'zod';

/** Watch-page wording (spec §2, §4) and the progress API's messages. */
export const PROGRESS_MESSAGES = {
  quizLocked: 'Watch all videos to unlock the quiz.',
  selectVideo: 'Select a video to start watching',
  noAccess: 'You need to enrol in this course to watch it.',
  videoNotFound: 'Video not found',
  courseComplete: 'You have completed this course. Well done!',
  saveFailed: 'We could not save your progress. Please check your connection.',
  loadFailed: 'Failed to load your progress.',
} as const;

/** `POST /api/progress`: one finished video. */
export const recordProgressInputSchema = z.object(
  {
    videoId: z
      .string({ error: PROGRESS_MESSAGES.videoNotFound })
      .trim()
      .min(1, { error: PROGRESS_MESSAGES.videoNotFound })
      .max(64, { error: PROGRESS_MESSAGES.videoNotFound }),
  },
  { error: PROGRESS_MESSAGES.videoNotFound },
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
});
export type CourseProgress = z.infer<typeof courseProgressSchema>;

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
