import { type PlayerShellProps, useFramePlayer } from './use-frame-player';

/**
 * Vimeo: the iframe is created here, outside React's tree, because the player library owns it
 * from then on (its `destroy` removes it).
 */
export function VimeoPlayer({
  src,
  title,
  onEnded,
  onTimeUpdate,
  failed: failure,
}: PlayerShellProps & { src: string }) {
  const { box, failed } = useFramePlayer(`${src}\n${title}`, (container, deadline) => {
    const iframe = document.createElement('iframe');
    iframe.src = src;
    iframe.title = title;
    iframe.allow = 'autoplay; fullscreen; picture-in-picture; encrypted-media';
    iframe.className = 'absolute inset-0 h-full w-full border-0';
    container.replaceChildren(iframe);

    let cancelled = false;
    let player: { destroy(): Promise<void> } | null = null;
    // A removed, private or unreachable video never says it is ready (or says why not).
    const fail = deadline.error;
    import('@vimeo/player')
      .then(({ default: Player }) => {
        if (cancelled) return;
        const vimeo = new Player(iframe);
        vimeo.ready().then(deadline.ready, fail);
        vimeo.on('ended', onEnded);
        vimeo.on('error', fail);
        // Sent a few times a second, only while the video plays.
        if (onTimeUpdate)
          vimeo.on('timeupdate', ({ seconds, duration }: { seconds: number; duration: number }) =>
            onTimeUpdate(seconds, duration),
          );
        player = vimeo;
      })
      .catch(fail);
    return () => {
      cancelled = true;
      if (player) void player.destroy().catch(() => {});
    };
  });

  return (
    <>
      <div ref={box} className="absolute inset-0" />
      {failed && failure}
    </>
  );
}
