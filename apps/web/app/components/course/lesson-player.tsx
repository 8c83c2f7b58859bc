import { useEffect, useRef } from 'react';
import type { Video } from '@oasis/shared/api';
import { inLocale } from '@oasis/shared/i18n/content';
import { parseVimeoUrl, parseYouTubeUrl } from '@oasis/shared/video-urls';
import { buttonClass } from '~/components/ui/button';
import { Spinner } from '~/components/ui/form';
import { useI18n } from '~/lib/i18n';
import { FilePlayer } from './player/file-player';
import type { TimeUpdate } from './player/use-frame-player';
import { VimeoPlayer } from './player/vimeo-player';
import { YouTubePlayer } from './player/youtube-player';

/** What the learner is offered when the lesson cannot play: Retry, and what else they can do. */
export interface PlayerRecovery {
  onRetry(): void;
  /** Said under the message: how the lesson can still be completed (or whom to ask). */
  help: string;
  /** True while a fresh link is fetched. */
  retrying?: boolean;
}

/**
 * The player of one lesson: Vimeo through `@vimeo/player`, YouTube through its iframe API,
 * uploaded files through HTML5 video. Each tells `onEnded` when the video played to its end, which
 * is what completes a lesson, and `onTimeUpdate` while it plays (the lesson's length, and the
 * watching reports of courses that require watching, come from it). A player that fails (its
 * error event, or no sign of life within PLAYER_READY_TIMEOUT_MS) shows a message with Retry in
 * place of the broken frame. The player libraries load only here, when a lesson is shown, so they
 * never reach public pages. Give the component a `key` per video and per retry: each gets a fresh
 * player.
 */
export function LessonPlayer({
  video,
  onEnded,
  onTimeUpdate,
  recovery,
}: {
  video: Video;
  onEnded: () => void;
  onTimeUpdate?: TimeUpdate;
  recovery: PlayerRecovery;
}) {
  // The players keep the callbacks they were created with; these refs always call the latest ones.
  const { t, locale } = useI18n();
  // The frame's name for screen readers, in the page's language when the lesson has one.
  const title = inLocale(locale, video.title, video.titleAr).text;
  const ended = useRef(onEnded);
  const timeUpdate = useRef(onTimeUpdate);
  useEffect(() => {
    ended.current = onEnded;
    timeUpdate.current = onTimeUpdate;
  });
  const fire = () => ended.current();
  // Only a lesson that reports its time listens for it: the others play exactly as before.
  const tick: TimeUpdate | undefined = onTimeUpdate
    ? (position, duration) => timeUpdate.current?.(position, Number.isFinite(duration) && duration > 0 ? duration : 0)
    : undefined;

  const url = video.videoUrl;
  if (!url) return <PlayerProblem message={t.learning.videoNotAvailable} recovery={recovery} />;
  const failed = <PlayerProblem message={t.learning.videoFailed} recovery={recovery} />;
  if (video.source === 'file')
    return <FilePlayer url={url} title={title} onEnded={fire} onTimeUpdate={tick} failed={failed} />;
  if (video.source === 'youtube') {
    const youtube = parseYouTubeUrl(url);
    if (youtube)
      return <YouTubePlayer videoId={youtube.id} title={title} onEnded={fire} onTimeUpdate={tick} failed={failed} />;
  } else {
    const vimeo = parseVimeoUrl(url);
    if (vimeo)
      return (
        <VimeoPlayer
          src={withoutTracking(vimeo.embedUrl)}
          title={title}
          onEnded={fire}
          onTimeUpdate={tick}
          failed={failed}
        />
      );
  }
  return <PlayerProblem message={t.learning.cannotPlay} recovery={recovery} />;
}

/** Vimeo's "do not track": no cookies or analytics for learners. */
function withoutTracking(embedUrl: string): string {
  const url = new URL(embedUrl);
  url.searchParams.set('dnt', '1');
  return url.toString();
}

/**
 * In place of the frame (over it, so nothing broken shows): why the lesson does not play, Retry,
 * what the learner can do meanwhile, and whom to tell. An alert, so screen readers hear it when it
 * appears.
 */
function PlayerProblem({ message, recovery }: { message: string; recovery: PlayerRecovery }) {
  const { t, lp } = useI18n();
  return (
    <div
      role="alert"
      className="on-dark absolute inset-0 z-10 flex flex-col items-center justify-center gap-3 overflow-y-auto bg-brand-green-dark p-4 text-center text-white sm:p-6"
    >
      <p className="max-w-md font-semibold sm:text-lg">{message}</p>
      <p className="max-w-md text-sm text-white/85">{recovery.help}</p>
      <button
        type="button"
        onClick={recovery.onRetry}
        disabled={recovery.retrying}
        className={buttonClass('primary', 'sm')}
      >
        {recovery.retrying && <Spinner className="h-4 w-4" />}
        {t.learning.retryVideo}
      </button>
      <a href={lp('/contact')} className="text-sm font-semibold underline underline-offset-4">
        {t.learning.contactAboutVideo}
      </a>
    </div>
  );
}
