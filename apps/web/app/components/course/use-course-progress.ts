import { useCallback, useMemo, useRef, useState } from 'react';
import type { CourseDetail, Video } from '@oasis/shared/api';
import { inLocale } from '@oasis/shared/i18n/content';
import { type CourseProgress, firstUnfinishedVideoId, PROGRESS_MESSAGES, videosInOrder } from '@oasis/shared/progress';
import { ApiRequestError, api, errorMessage, type TokenKind } from '~/lib/api';
import { useI18n } from '~/lib/i18n';
import { useWatchReports } from './use-watch-reports';

/** A failed save; `retry` is offered when saving again may help (not when the server wants the lesson watched first). */
export interface SaveError {
  videoId: string;
  message: string;
  retry: boolean;
}

/**
 * The watch page's state: which lesson is on screen, which are completed, and the saving of a
 * completed lesson. Opening the page resumes at the first unfinished video; once every video is
 * completed the quiz takes the player's place.
 */
export function useCourseProgress({
  course,
  progress,
  auth,
}: {
  course: CourseDetail;
  progress: CourseProgress;
  auth: TokenKind;
}) {
  const videos = useMemo(() => videosInOrder(course.modules), [course.modules]);
  const [completed, setCompleted] = useState<ReadonlySet<string>>(() => new Set(progress.completedVideoIds));
  const [currentId, setCurrentId] = useState<string | null>(() =>
    firstUnfinishedVideoId(course.modules, progress.completedVideoIds),
  );
  const [saving, setSaving] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<SaveError | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const playerHeading = useRef<HTMLHeadingElement>(null);
  const { t, fmt, locale } = useI18n();
  /** A lesson's title in the announcements, in the page's language when it has one. */
  const titleOf = useCallback((video: Video) => inLocale(locale, video.title, video.titleAr).text, [locale]);

  const current = currentId ? (videos.find((v) => v._id === currentId) ?? null) : null;
  const allDone = videos.every((v) => completed.has(v._id));

  const select = useCallback((videoId: string) => {
    setCurrentId(videoId);
    setSaveError(null);
    // Keyboard and screen-reader users land on the lesson they chose.
    requestAnimationFrame(() => playerHeading.current?.focus());
  }, []);

  // Courses that require watching: the player reports while it plays, and a lesson completes once
  // the server has seen enough of it (ticked here without moving on: the learner is still watching).
  const { tick: reportTime, flush: flushReports } = useWatchReports({
    enabled: progress.requireWatching,
    auth,
    onResult: (result) => {
      if (!result.completed || completed.has(result.videoId)) return;
      setCompleted(new Set(result.progress.completedVideoIds));
      const video = videos.find((v) => v._id === result.videoId);
      const title = video ? titleOf(video) : '';
      if (title) setAnnouncement(fmt(t.learning.lessonCompleted, { title }));
    },
  });

  /** The player says the video played to its end: record it, tick it, go on to the next unfinished one. */
  const complete = useCallback(
    async (videoId: string) => {
      const video = videos.find((v) => v._id === videoId);
      if (!video) return;
      setSaving(videoId);
      setSaveError(null);
      try {
        // The last seconds watched count before the lesson is marked completed.
        await flushReports(videoId);
        const saved = await api<CourseProgress>('/progress', { method: 'POST', body: { videoId }, auth });
        const done = new Set(saved.completedVideoIds);
        setCompleted(done);
        const next = firstUnfinishedVideoId(course.modules, done);
        const nextVideo = next ? videos.find((v) => v._id === next) : null;
        // Only move on if the learner is still on the video that ended.
        setCurrentId((on) => (on === videoId ? next : on));
        setAnnouncement(
          nextVideo
            ? fmt(t.learning.lessonCompletedNext, { title: titleOf(video), next: titleOf(nextVideo) })
            : fmt(t.learning.lessonCompletedAll, { title: titleOf(video) }),
        );
      } catch (error) {
        setSaveError({
          videoId,
          message: errorMessage(error, PROGRESS_MESSAGES.saveFailed),
          retry: !(error instanceof ApiRequestError && error.status === 409),
        });
      } finally {
        setSaving(null);
      }
    },
    [auth, course.modules, videos, flushReports, t, fmt, titleOf],
  );

  return {
    videos,
    completed,
    current,
    /** 1-based place of the lesson on screen, 0 when none is. */
    position: current ? videos.indexOf(current) + 1 : 0,
    allDone,
    showQuiz: allDone && !current,
    saving,
    saveError,
    announcement,
    playerHeading,
    select,
    complete,
    reportTime,
    /** Leaves the player for the quiz (offered once every video is completed). */
    openQuiz: useCallback(() => setCurrentId(null), []),
  };
}

export type CourseProgressState = ReturnType<typeof useCourseProgress>;
