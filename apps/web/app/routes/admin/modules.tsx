import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  type AdminVideo,
  type FieldErrors,
  type MessageResult,
} from '@oasis/shared/admin';
import type { Module, Video } from '@oasis/shared/api';
import { parseLessonVideoUrl } from '@oasis/shared/video-urls';
import { privateMeta } from '~/components/auth/meta';
import { FormMessage, BusyButton } from '~/components/ui/form';
import { ConfirmDeleteDialog, useConfirmDelete } from '~/components/admin/confirm-dialog';
import { EditModal, type EditFormProps, useEditModal } from '~/components/admin/edit-modal';
import { Field, inputClass, TextInput } from '~/components/admin/fields';
import { focusFirstInvalid } from '~/components/admin/form-feedback';
import { DeleteButton, EditButton } from '~/components/admin/item-buttons';
import { ModalActions } from '~/components/admin/modal';
import { ModalForm } from '~/components/admin/modal-form';
import { MoveButtons, moveItem, useReorder } from '~/components/admin/move-buttons';
import { AdminPageHeader, DataStatus, EmptyState, ProgressBar } from '~/components/admin/page';
import { adminApi, describeFailure, failureToast, uploadWithProgress } from '~/components/admin/request';
import { NoCourseSelected, useRouteCourse } from '~/components/admin/route-course';
import { buttonClass } from '~/components/ui/button';
import type { Route } from './+types/modules';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Modules');

const VIDEO_TYPES = ['video/mp4', 'video/webm'];
const SOURCE_LABELS: Record<Video['source'], string> = { vimeo: 'Vimeo', youtube: 'YouTube', file: 'Uploaded file' };

/** A video of a module; `video` is null for a new one. */
interface VideoTarget<V extends Video | null = Video> {
  module: Module;
  video: V;
}

/**
 * /admin/dashboard/listModules/{courseId} (spec §2, §5, §8): the course's modules with their videos;
 * rename, delete and reorder modules; edit (Vimeo link or an uploaded file, with upload progress),
 * add, delete and reorder videos.
 */
export default function ModuleList() {
  const { courseId, state, setData, retry } = useRouteCourse(ADMIN_MESSAGES.failedToLoadModules);
  const setModules = (update: (modules: Module[]) => Module[]) =>
    setData((course) => ({ ...course, modules: update(course.modules) }));
  const replaceModule = (module: Module) => setModules((all) => all.map((m) => (m._id === module._id ? module : m)));

  const renaming = useEditModal<Module>();
  const editingVideo = useEditModal<VideoTarget<Video | null>>();
  const deletingModule = useConfirmDelete<Module>(async (module) => {
    const result = await adminApi<MessageResult>(`/modules/module/${module._id}`, { method: 'DELETE' });
    setModules((all) => all.filter((m) => m._id !== module._id));
    toast.success(result.message || ADMIN_MESSAGES.moduleDeleted);
  });
  const deletingVideo = useConfirmDelete<VideoTarget>(async ({ module, video }) => {
    const result = await adminApi<MessageResult>(`/videos/videos/${video._id}`, { method: 'DELETE' });
    replaceModule({ ...module, videos: module.videos.filter((v) => v._id !== video._id) });
    toast.success(result.message || ADMIN_MESSAGES.videoDeleted);
  });
  const list = useRef<HTMLDivElement>(null);
  const { moving, reorder } = useReorder(list);

  if (!courseId) return <NoCourseSelected />;

  function moveModule(modules: Module[], index: number, by: -1 | 1) {
    const module = modules[index];
    if (!module) return;
    return reorder({
      buttons: `module-${module._id}`,
      by,
      before: modules,
      after: moveItem(modules, index, by),
      show: (order) => setModules(() => order),
      save: (order) =>
        adminApi<Module[]>('/modules/reorder', {
          method: 'PUT',
          body: { course: courseId, moduleIds: order.map((m) => m._id) },
        }),
    });
  }

  function moveVideo(module: Module, index: number, by: -1 | 1) {
    const video = module.videos[index];
    if (!video) return;
    return reorder({
      buttons: `video-${video._id}`,
      by,
      before: module,
      after: { ...module, videos: moveItem(module.videos, index, by) },
      show: replaceModule,
      save: (order) =>
        adminApi<Module>('/videos/reorder', {
          method: 'PUT',
          body: { module: module._id, videoIds: order.videos.map((v) => v._id) },
        }),
    });
  }

  if (state.status !== 'ready') return <DataStatus state={state} loadingLabel="Loading modules..." onRetry={retry} />;
  const course = state.data;
  const modules = course.modules;

  return (
    <div ref={list}>
      <AdminPageHeader
        title="Modules"
        lead={
          <>
            Lessons of <strong className="text-slate-900">{course.title}</strong>, in the order learners see them.
          </>
        }
        back={{ to: '/admin/dashboard/list', label: 'List Courses' }}
        link={{ to: `/admin/dashboard/addmodules/${course._id}`, label: 'Add Modules' }}
      />
      {modules.length === 0 ? (
        <EmptyState
          title="This course has no modules yet."
          link={{ to: `/admin/dashboard/addmodules/${course._id}`, label: 'Add its first modules' }}
        />
      ) : (
        <ol className="space-y-6">
          {modules.map((module, m) => (
            <li key={module._id}>
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
                      last={m === modules.length - 1}
                      disabled={moving}
                      onMove={(by) => moveModule(modules, m, by)}
                    />
                    <EditButton label="Rename" name={`module ${module.title}`} onClick={() => renaming.open(module)} />
                    <DeleteButton name={`module ${module.title}`} onClick={() => deletingModule.ask(module)} />
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
                            onMove={(by) => moveVideo(module, v, by)}
                          />
                          <EditButton
                            name={`video ${video.title}`}
                            onClick={() => editingVideo.open({ module, video })}
                          />
                          <DeleteButton
                            name={`video ${video.title}`}
                            onClick={() => deletingVideo.ask({ module, video })}
                          />
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
                    onClick={() => editingVideo.open({ module, video: null })}
                  >
                    + Add video<span className="sr-only"> to module {module.title}</span>
                  </button>
                </div>
              </section>
            </li>
          ))}
        </ol>
      )}

      <EditModal modal={renaming} size="sm" title="Rename module">
        {(module, form) => (
          <ModuleForm
            module={module}
            {...form}
            onSaved={(saved) => {
              replaceModule(saved);
              renaming.close();
            }}
          />
        )}
      </EditModal>

      <EditModal
        modal={editingVideo}
        title={editingVideo.item?.video ? 'Edit video' : 'Add a video'}
        description={editingVideo.item ? `Module: ${editingVideo.item.module.title}` : undefined}
      >
        {({ module, video }, form) => (
          <VideoForm
            module={module}
            video={video}
            {...form}
            onSaved={(saved) => {
              const videos = video
                ? module.videos.map((v) => (v._id === saved._id ? saved : v))
                : [...module.videos, saved];
              replaceModule({ ...module, videos });
              editingVideo.close();
            }}
          />
        )}
      </EditModal>

      <ConfirmDeleteDialog dialog={deletingModule} title="Delete this module?">
        {(module) => (
          <p>
            <strong className="text-slate-900">{module.title}</strong> and its{' '}
            {module.videos.length === 1 ? 'video' : `${module.videos.length} videos`} will be deleted. Learners'
            progress on them goes too. This cannot be undone.
          </p>
        )}
      </ConfirmDeleteDialog>

      <ConfirmDeleteDialog dialog={deletingVideo} title="Delete this video?">
        {({ module, video }) => (
          <p>
            <strong className="text-slate-900">{video.title}</strong> will be deleted from {module.title}. This cannot
            be undone.
          </p>
        )}
      </ConfirmDeleteDialog>
    </div>
  );
}

function ModuleForm({
  module,
  busy,
  setBusy,
  onCancel,
  onSaved,
}: EditFormProps & { module: Module; onSaved(module: Module): void }) {
  const [title, setTitle] = useState(module.title);
  const [error, setError] = useState<string>();

  async function submit() {
    if (!title.trim()) {
      setError(ADMIN_MESSAGES.titleRequired);
      toast.error(ADMIN_MESSAGES.titleRequired);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const saved = await adminApi<Module>(`/modules/module/${module._id}`, {
        method: 'PUT',
        body: { title: title.trim() },
      });
      toast.success(ADMIN_MESSAGES.moduleSaved);
      onSaved(saved);
    } catch (error) {
      setError(describeFailure(error, ADMIN_MESSAGES.updateFailed).fields.title);
      toast.error(failureToast(error, ADMIN_MESSAGES.updateFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalForm onSubmit={submit} busy={busy} onCancel={onCancel} submitLabel="Save">
      <TextInput
        label="Module title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        error={error}
        maxLength={ADMIN_LIMITS.titleMax}
        disabled={busy}
        required
        autoFocus
      />
    </ModalForm>
  );
}

/**
 * Edit a video (title plus a Vimeo link or an MP4/WebM upload) or add one to a module (title plus
 * a link). Uploads report their progress: fetch() cannot, so they go through XMLHttpRequest.
 */
function VideoForm({
  module,
  video,
  busy,
  setBusy,
  onCancel,
  onSaved,
}: EditFormProps & VideoTarget<Video | null> & { onSaved(video: AdminVideo): void }) {
  const linked = video && video.source !== 'file';
  const [title, setTitle] = useState(video?.title ?? '');
  const [videoUrl, setVideoUrl] = useState(linked ? (video.videoUrl ?? '') : '');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const keepsFile = video?.source === 'file' && !file && !videoUrl.trim();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    event.stopPropagation();
    setProblem(null);
    const next: FieldErrors = {};
    if (!title.trim()) next.title = ADMIN_MESSAGES.titleRequired;
    const link = videoUrl.trim();
    if (!file && !link && !keepsFile) next.video = ADMIN_MESSAGES.videoSourceRequired;
    else if (!file && link && !parseLessonVideoUrl(link)) next.videoUrl = ADMIN_MESSAGES.videoUrlInvalid;
    setErrors(next);
    const formEl = event.currentTarget;
    if (Object.keys(next).length) {
      toast.error(Object.values(next)[0] ?? ADMIN_MESSAGES.videoSourceRequired);
      focusFirstInvalid(formEl);
      return;
    }
    setBusy(true);
    try {
      let saved: AdminVideo;
      if (file && video) {
        const body = new FormData();
        body.set('title', title.trim());
        body.set('video', file);
        abort.current = new AbortController();
        setProgress(0);
        saved = await uploadWithProgress<AdminVideo>(`/vimeo/update/${video._id}`, {
          method: 'PUT',
          body,
          onProgress: setProgress,
          signal: abort.current.signal,
        });
      } else if (video) {
        saved = await adminApi<AdminVideo>(`/videos/videos/${video._id}`, {
          method: 'PUT',
          body: link ? { title: title.trim(), videoUrl: link } : { title: title.trim() },
        });
      } else {
        saved = await adminApi<AdminVideo>('/vimeo/create', {
          method: 'POST',
          body: { title: title.trim(), videoUrl: link, module: module._id },
        });
      }
      toast.success(ADMIN_MESSAGES.videoSaved);
      onSaved(saved);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') {
        toast('Upload cancelled.');
        return;
      }
      const failure = describeFailure(error, video ? ADMIN_MESSAGES.updateFailed : ADMIN_MESSAGES.saveFailed);
      setErrors(failure.fields);
      setProblem(failure.message);
      toast.error(failureToast(error, video ? ADMIN_MESSAGES.updateFailed : ADMIN_MESSAGES.saveFailed));
    } finally {
      setBusy(false);
      setProgress(null);
      abort.current = null;
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <TextInput
        label="Video title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        error={errors.title}
        maxLength={ADMIN_LIMITS.titleMax}
        disabled={busy}
        required
        autoFocus
      />
      <TextInput
        label="Vimeo URL"
        type="url"
        inputMode="url"
        placeholder="https://vimeo.com/76979871"
        value={videoUrl}
        onChange={(e) => setVideoUrl(e.target.value)}
        error={errors.videoUrl ?? (errors.video && !video ? errors.video : undefined)}
        hint={file ? 'The uploaded file will be used instead of this link.' : undefined}
        disabled={busy || Boolean(file)}
      />
      {video && (
        <>
          <p className="text-center text-sm font-semibold tracking-wide text-slate-600 uppercase">or</p>
          <Field
            label="Upload a video file"
            error={errors.video}
            hint={
              video.source === 'file' && !file
                ? 'This video is an uploaded file now. Choose another MP4 or WebM file to replace it, or leave this empty to keep it.'
                : 'MP4 or WebM.'
            }
          >
            {(control) => (
              <input
                {...control}
                type="file"
                accept={VIDEO_TYPES.join(',')}
                disabled={busy}
                onChange={(e) => {
                  const chosen = e.target.files?.[0] ?? null;
                  if (chosen && !VIDEO_TYPES.includes(chosen.type)) {
                    setErrors((x) => ({ ...x, video: ADMIN_MESSAGES.videoUnsupported }));
                    e.target.value = '';
                    setFile(null);
                    return;
                  }
                  setErrors(({ video: _drop, ...rest }) => rest);
                  setFile(chosen);
                }}
                className={`${inputClass} file:mr-3 file:rounded-full file:border-0 file:bg-brand-mist file:px-3 file:py-1 file:font-semibold file:text-brand-green`}
              />
            )}
          </Field>
        </>
      )}
      {progress !== null && (
        <ProgressBar value={progress} label={progress < 1 ? 'Uploading video' : 'Processing video'} />
      )}
      {problem && <FormMessage tone="error">{problem}</FormMessage>}
      <ModalActions>
        <button
          type="button"
          className={buttonClass('ghost', 'md')}
          onClick={() => (progress !== null ? abort.current?.abort() : onCancel())}
          disabled={busy && progress === null}
        >
          {progress !== null ? 'Cancel upload' : 'Cancel'}
        </button>
        <BusyButton busy={busy} busyLabel={file ? 'Uploading...' : 'Saving...'}>
          {video ? 'Save changes' : 'Add video'}
        </BusyButton>
      </ModalActions>
    </form>
  );
}
