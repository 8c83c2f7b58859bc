import { ADMIN_LIMITS } from '@oasis/shared/admin/common';
import type { Module, Video } from '@oasis/shared/api';
import { buttonClass } from '~/components/ui/button';
import { DeleteButton, EditButton } from '../item-buttons';
import { MoveButtons } from '../move-buttons';

const SOURCE_LABELS: Record<Video['source'], string> = { vimeo: 'Vimeo', youtube: 'YouTube', file: 'Uploaded file' };

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
  const m = position;
  return (
    <section
      aria-labelledby={`module-${module._id}`}
      className="rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex flex-col gap-3 border-b border-slate-100 p-5 sm:flex-row sm:items-center sm:justify-between">
        <h3 id={`module-${module._id}`} className="font-display text-lg font-semibold text-brand-green">
          <span className="text-slate-600">Module {m + 1}: </span>
          {module.title}
        </h3>
        <div className="flex flex-wrap gap-2">
          <MoveButtons
            name={`module ${module.title}`}
            id={`module-${module._id}`}
            first={m === 0}
            last={m === count - 1}
            disabled={moving}
            onMove={onMove}
          />
          <EditButton label="Rename" name={`module ${module.title}`} onClick={onRename} />
          <DeleteButton name={`module ${module.title}`} onClick={onDelete} />
        </div>
      </div>
      {module.videos.length === 0 ? (
        <p className="px-5 py-4 text-slate-600">No videos in this module yet.</p>
      ) : (
        <ol className="divide-y divide-slate-100">
          {module.videos.map((video, v) => (
            <li
              key={video._id}
              className="flex flex-col gap-3 px-5 py-4 lg:flex-row lg:items-center lg:justify-between"
            >
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">
                  <span className="text-slate-600">{v + 1}. </span>
                  {video.title}
                </p>
                <p className="mt-0.5 truncate text-sm text-slate-600">
                  {SOURCE_LABELS[video.source]}
                  {video.source !== 'file' && video.videoUrl ? ` · ${video.videoUrl}` : ''}
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                <MoveButtons
                  name={`video ${video.title}`}
                  id={`video-${video._id}`}
                  first={v === 0}
                  last={v === module.videos.length - 1}
                  disabled={moving}
                  onMove={(by) => onMoveVideo(v, by)}
                />
                <EditButton name={`video ${video.title}`} onClick={() => onEditVideo(video)} />
                <DeleteButton name={`video ${video.title}`} onClick={() => onDeleteVideo(video)} />
              </div>
            </li>
          ))}
        </ol>
      )}
      <div className="border-t border-slate-100 px-5 py-3">
        <button
          type="button"
          className={buttonClass('ghost', 'sm')}
          disabled={module.videos.length >= ADMIN_LIMITS.videosPerModule}
          onClick={() => onEditVideo(null)}
        >
          + Add video<span className="sr-only"> to module {module.title}</span>
        </button>
      </div>
    </section>
  );
}
