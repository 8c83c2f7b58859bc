import { ADMIN_LIMITS } from '@oasis/shared/admin/common';
import { formatLessonLength } from '@oasis/shared/admin/modules';
import type { Module, Video } from '@oasis/shared/api';
import { buttonClass } from '~/components/ui/button';
import { useI18n } from '~/lib/i18n';
import { DeleteButton, EditButton } from '../item-buttons';
import { MoveButtons } from '../move-buttons';

/** Where a video is: the hosts' names, or the catalogue's word for an uploaded file. */
const HOST_NAMES: Record<Exclude<Video['source'], 'file'>, string> = { vimeo: 'Vimeo', youtube: 'YouTube' };

/**
 * One module of the List Modules screen: its title with move, rename and delete, then its videos
 * (each with move, edit and delete) and '+ Add video'. The screen does the work; this shows it.
 */
export function ModuleCard({
  module,
  position,
  count,
  moving,
  onMove,
  onRename,
  onDelete,
  onMoveVideo,
  onEditVideo,
  onDeleteVideo,
}: {
  module: Module;
  /** 0-based place in the course, and how many modules it has. */
  position: number;
  count: number;
  /** A move is being saved: the move buttons wait. */
  moving: boolean;
  onMove(by: -1 | 1): void;
  onRename(): void;
  onDelete(): void;
  onMoveVideo(index: number, by: -1 | 1): void;
  /** `null` adds a video. */
  onEditVideo(video: Video | null): void;
  onDeleteVideo(video: Video): void;
}) {
  const { t, fmt } = useI18n();
  const a = t.adminModules;
  const m = position;
  const moduleName = fmt(a.moduleName, { title: module.title });
  return (
    <section
      aria-labelledby={`module-${module._id}`}
      className="rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex flex-col gap-3 border-b border-slate-100 p-5 sm:flex-row sm:items-center sm:justify-between">
        <h3 id={`module-${module._id}`} className="font-display text-lg font-semibold text-brand-green">
          <span className="text-slate-600">{fmt(a.moduleHeading, { number: m + 1 })} </span>
          <bdi>{module.title}</bdi>
        </h3>
        <div className="flex flex-wrap gap-2">
          <MoveButtons
            name={moduleName}
            id={`module-${module._id}`}
            first={m === 0}
            last={m === count - 1}
            disabled={moving}
            onMove={onMove}
          />
          <EditButton label={a.rename} name={moduleName} onClick={onRename} />
          <DeleteButton name={moduleName} onClick={onDelete} />
        </div>
      </div>
      {module.videos.length === 0 ? (
        <p className="px-5 py-4 text-slate-600">{a.noVideos}</p>
      ) : (
        <ol className="divide-y divide-slate-100">
          {module.videos.map((video, v) => {
            const videoName = fmt(a.videoName, { title: video.title });
            return (
              <li
                key={video._id}
                className="flex flex-col gap-3 px-5 py-4 lg:flex-row lg:items-center lg:justify-between"
              >
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">
                    <span className="text-slate-600">{v + 1}. </span>
                    <bdi>{video.title}</bdi>
                    {video.freePreview && (
                      <span className="ms-2 rounded-full bg-brand-sand px-2 py-0.5 text-xs font-semibold text-brand-green-dark">
                        {a.freePreview}
                      </span>
                    )}
                  </p>
                  <p className="mt-0.5 truncate text-sm text-slate-600">
                    {video.durationSeconds ? (
                      <>
                        <span dir="ltr" className="tabular-nums">
                          {formatLessonLength(video.durationSeconds)}
                        </span>
                        {video.durationSource && (
                          <>
                            {' ('}
                            {video.durationSource === 'owner' ? a.lengthFromOwner : a.lengthFromPlayer}
                            {')'}
                          </>
                        )}
                        {' · '}
                      </>
                    ) : null}
                    {video.source === 'file' ? a.uploadedFile : HOST_NAMES[video.source]}
                    {video.source !== 'file' && video.videoUrl && (
                      <>
                        {' · '}
                        <span dir="ltr">{video.videoUrl}</span>
                      </>
                    )}
                  </p>
                </div>
                <div className="flex shrink-0 flex-wrap gap-2">
                  <MoveButtons
                    name={videoName}
                    id={`video-${video._id}`}
                    first={v === 0}
                    last={v === module.videos.length - 1}
                    disabled={moving}
                    onMove={(by) => onMoveVideo(v, by)}
                  />
                  <EditButton name={videoName} onClick={() => onEditVideo(video)} />
                  <DeleteButton name={videoName} onClick={() => onDeleteVideo(video)} />
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <div className="border-t border-slate-100 px-5 py-3">
        <button
          type="button"
          className={buttonClass('ghost', 'sm')}
          disabled={module.videos.length >= ADMIN_LIMITS.videosPerModule}
          onClick={() => onEditVideo(null)}
        >
          {a.addVideo}
          <span className="sr-only"> {fmt(a.toModule, { name: module.title })}</span>
        </button>
      </div>
    </section>
  );
}
