import { useEffect, useRef, useState } from 'react';
import type { LessonPreview as Preview } from '@oasis/shared/api';
import { PLAYER_READY_TIMEOUT_MS } from '@oasis/shared/video-urls';
import { Dialog } from '~/components/ui/dialog';
import { Icon } from '~/components/ui/icons';
import { getLessonPreview } from '~/lib/api/public';
import { useI18n } from '~/lib/i18n';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; preview: Preview };

/**
 * A free-preview lesson of the course page (an island): its button opens the player in a dialog,
 * for anyone, signed in or not. The player link is asked for only then (`/courses/preview/{id}`):
 * the cached page never carries one, and an uploaded lesson's signed link is fresh. A link that
 * cannot be had, or a player that does not load (`PreviewPlayer`), says so with a retry and a way
 * to tell the owner, in place of a broken frame.
 */
export function LessonPreview({ videoId, title }: { videoId: string; title: string }) {
  const { t, fmt, lp } = useI18n();
  const p = t.lessonPreview;
  const [open, setOpen] = useState(false);
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  async function fetchPreview() {
    setLoad({ state: 'loading' });
    try {
      const preview = await getLessonPreview(videoId);
      setLoad({ state: 'ready', preview });
    } catch {
      setLoad({ state: 'failed' });
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
          void fetchPreview();
        }}
        className="inline-flex shrink-0 items-center gap-1.5 rounded-full border border-brand-green px-3 py-1 text-sm font-semibold text-brand-green hover:bg-brand-green hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-green"
      >
        <Icon name="play" className="h-4 w-4" />
        {p.preview}
        <span className="sr-only"> {title}</span>
      </button>
      {open && (
        <Dialog
          onClose={() => setOpen(false)}
          closeOnBackdrop
          aria-label={fmt(p.previewOf, { title })}
          className="m-auto w-[min(64rem,calc(100vw-1.5rem))] max-w-none rounded-2xl bg-brand-green-dark p-0 text-white backdrop:bg-slate-950/80"
        >
          <div className="flex items-center justify-between gap-4 px-4 py-3">
            <p className="min-w-0 truncate font-semibold">{fmt(p.previewOf, { title })}</p>
            <button
              type="button"
              onClick={() => setOpen(false)}
              className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              aria-label={p.close}
            >
              <Icon name="close" />
            </button>
          </div>
          <div className="relative aspect-video bg-black">
            {load.state === 'ready' ? (
              <PreviewPlayer preview={load.preview} title={title} onFailed={() => setLoad({ state: 'failed' })} />
            ) : (
              <div className="absolute inset-0 flex flex-col items-center justify-center gap-4 p-6 text-center">
                {load.state === 'loading' ? (
                  <p role="status">{p.loading}</p>
                ) : (
                  <>
                    <p role="alert">{p.failed}</p>
                    <button
                      type="button"
                      onClick={() => void fetchPreview()}
                      className="rounded-full bg-brand-yellow px-5 py-2 font-semibold text-brand-green-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
                    >
                      {p.retry}
                    </button>
                    <a
                      href={lp('/contact')}
                      className="text-sm font-semibold underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
                    >
                      {p.contact}
                    </a>
                  </>
                )}
              </div>
            )}
          </div>
        </Dialog>
      )}
    </>
  );
}

/**
 * The preview's player, without a player library (public pages stay light): an uploaded file's
 * video element, or the host's embed, asked over postMessage whether it lives (Vimeo answers a
 * `ping`, YouTube a `listening` handshake; either may report an error). No sign of life within
 * PLAYER_READY_TIMEOUT_MS, or an error, calls `onFailed`.
 */
function PreviewPlayer({ preview, title, onFailed }: { preview: Preview; title: string; onFailed: () => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const alive = useRef(false);
  const failed = useRef(onFailed);
  failed.current = onFailed;
  const youtube = preview.source === 'youtube';

  useEffect(() => {
    const timer = setTimeout(() => {
      if (!alive.current) failed.current();
    }, PLAYER_READY_TIMEOUT_MS);
    const onMessage = (event: MessageEvent) => {
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const data = parseMessage(event.data);
      if (data.event === 'error' || data.event === 'onError') {
        clearTimeout(timer);
        failed.current();
        return;
      }
      alive.current = true;
      clearTimeout(timer);
    };
    window.addEventListener('message', onMessage);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
    };
  }, []);

  if (preview.source === 'file')
    return (
      // biome-ignore lint/a11y/useMediaCaption: lessons are the owner's uploads; there are no caption files.
      <video
        src={preview.videoUrl}
        controls
        autoPlay
        onLoadedMetadata={() => {
          alive.current = true;
        }}
        onError={() => failed.current()}
        className="absolute inset-0 h-full w-full"
      />
    );

  /** Asks the loaded embed to answer, and to report its errors. */
  const greet = () => {
    const target = frame.current?.contentWindow;
    if (!target) return;
    const origin = new URL(preview.videoUrl).origin;
    if (youtube) target.postMessage(JSON.stringify({ event: 'listening', id: 1, channel: 'widget' }), origin);
    else {
      target.postMessage(JSON.stringify({ method: 'ping' }), origin);
      target.postMessage(JSON.stringify({ method: 'addEventListener', value: 'error' }), origin);
    }
  };

  return (
    <iframe
      ref={frame}
      src={youtube ? withJsApi(preview.videoUrl) : preview.videoUrl}
      title={title}
      allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
      allowFullScreen
      onLoad={greet}
      className="absolute inset-0 h-full w-full border-0"
    />
  );
}

/** A player's message: an object, or JSON text of one (both hosts send text). */
function parseMessage(data: unknown): { event?: unknown } {
  if (typeof data === 'string') {
    try {
      return parseMessage(JSON.parse(data));
    } catch {
      return {};
    }
  }
  return data && typeof data === 'object' ? (data as { event?: unknown }) : {};
}

/** YouTube's embed talks to the page only with `enablejsapi=1`. */
function withJsApi(url: string): string {
  const next = new URL(url);
  next.searchParams.set('enablejsapi', '1');
  return next.toString();
}
