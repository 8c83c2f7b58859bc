import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CourseDetail, Video } from '@oasis/shared/api';
import { inLocale } from '@oasis/shared/i18n/content';
import {
  type CourseProgress,
  firstUnfinishedVideoId,
  nextUnfinishedId,
  PROGRESS_MESSAGES,
  videosInOrder,
} from '@oasis/shared/progress';
import { ApiRequestError, errorMessage, type TokenKind } from '~/lib/api';
import { completeLesson } from '~/lib/api/progress';
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
 * completed lesson. Opening the page resumes at `startAt` (a lesson of the course, from the
 * enrolled list's Continue) or else at the first unfinished video; once every video is completed
 * the quiz takes the player's place.
 */
export function useCourseProgress({
  course,
  progress,
  auth,
  startAt = null,
}: {
  course: CourseDetail;
  progress: CourseProgress;
  auth: TokenKind;
  startAt?: string | null;
}) {
  const videos = useMemo(() => videosInOrder(course.modules), [course.modules]);
  const [completed, setCompleted] = useState<ReadonlySet<string>>(() => new Set(progress.completedVideoIds));
  const [currentId, setCurrentId] = useState<string | null>(() =>
    startAt && videos.some((v) => v._id === startAt)
      ? startAt
      : firstUnfinishedVideoId(course.modules, progress.completedVideoIds),
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
    knownLength: (videoId) => videos.some((v) => v._id === videoId && v.durationSeconds !== null),
    onResult: (result) => {
      if (!result.completed || completed.has(result.videoId)) return;
      setCompleted(new Set(result.progress.completedVideoIds));
      const video = videos.find((v) => v._id === result.videoId);
      const title = video ? titleOf(video) : '';
      if (title) setAnnouncement(fmt(t.learning.lessonCompleted, { title }));
    },
  });

  // After Complete and continue, keyboard and screen-reader users land where the page went: the
  // next lesson's heading, or the quiz's once it has replaced the player (hence after the render).
  const focusAfterMove = useRef(false);
  const focusWhereMoved = useCallback(() => {
    focusAfterMove.current = true;
  }, []);
  useEffect(() => {
    if (!focusAfterMove.current) return;
    focusAfterMove.current = false;
    (currentId ? playerHeading.current : document.getElementById('quiz-heading'))?.focus();
  }, [currentId]);

  /**
   * Records the lesson completed, ticks it, and goes on to the next unfinished one: when the player
   * says the video played to its end, or when the learner presses Complete and continue (`moveFocus`).
   */
  const complete = useCallback(
    async (videoId: string, moveFocus = false) => {
      const video = videos.find((v) => v._id === videoId);
      if (!video) return;
      setSaving(videoId);
      setSaveError(null);
      try {
        // The last seconds watched count before the lesson is marked completed.
        await flushReports(videoId);
        const saved = await completeLesson(videoId, { auth });
        const done = new Set(saved.completedVideoIds);
        setCompleted(done);
        const next = nextUnfinishedId(videos, videoId, done);
        const nextVideo = next ? videos.find((v) => v._id === next) : null;
        // Only move on if the learner is still on the video that ended.
        setCurrentId((on) => (on === videoId ? next : on));
        if (moveFocus) focusWhereMoved();
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
    [auth, videos, flushReports, t, fmt, titleOf, focusWhereMoved],
  );

  const index = current ? videos.indexOf(current) : -1;
  const isDone = current ? completed.has(current._id) : false;
  const nextId = current
    ? nextUnfinishedId(videos, current._id, isDone ? completed : new Set([...completed, current._id]))
    : null;

  /**
   * Under the lesson: completes it (as its end would) and moves on; a lesson already completed
   * just moves on, to the next unfinished lesson or, when none is left, to the quiz.
   */
  const completeAndContinue = useCallback(async () => {
    if (!current) return;
    if (!completed.has(current._id)) return complete(current._id, true);
    setSaveError(null);
    setCurrentId(nextId);
    focusWhereMoved();
  }, [current, completed, complete, nextId, focusWhereMoved]);

  return {
    videos,
    completed,
    current,
    /** 1-based place of the lesson on screen, 0 when none is. */
    position: index + 1,
    /** The lessons before and after the one on screen, in watching order (null at either end). */
    previous: index > 0 ? (videos[index - 1] ?? null) : null,
    next: index >= 0 ? (videos[index + 1] ?? null) : null,
    /** Where Complete and continue leads: another lesson, or the quiz once every lesson is done. */
    nextStep: nextId ? ('lesson' as const) : ('quiz' as const),
    completeAndContinue,
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
