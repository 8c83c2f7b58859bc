import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import toast from 'react-hot-toast';
import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  type AdminVideo,
  type FieldErrors,
  type MessageResult,
} from '@oasis/shared/admin';
import type { CourseDetail, Module, Video } from '@oasis/shared/api';
import { parseLessonVideoUrl } from '@oasis/shared/video-urls';
import { privateMeta } from '~/components/auth/meta';
import { FormMessage } from '~/components/auth/field';
import { Spinner } from '~/components/auth/auth-page';
import { ConfirmDialog } from '~/components/admin/confirm-dialog';
import { Field, TextInput, controlClass } from '~/components/admin/fields';
import { Modal, ModalActions } from '~/components/admin/modal';
import { MoveButtons, useMoveFocus } from '~/components/admin/move-buttons';
import { AdminPageHeader, EmptyState, ErrorState, LoadingState, ProgressBar } from '~/components/admin/page';
import { adminApi, describeFailure, failureToast, uploadWithProgress } from '~/components/admin/request';
import { useAdminData } from '~/components/admin/use-admin-data';
import { buttonClass } from '~/components/ui/button';
import type { Route } from './+types/modules';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Modules');

const VIDEO_TYPES = ['video/mp4', 'video/webm'];
const SOURCE_LABELS: Record<Video['source'], string> = { vimeo: 'Vimeo', youtube: 'YouTube', file: 'Uploaded file' };

type Dialog =
  | { kind: 'module'; module: Module }
  | { kind: 'video'; module: Module; video: Video | null }
  | { kind: 'delete-module'; module: Module }
  | { kind: 'delete-video'; module: Module; video: Video };

/** Moves one item up (-1) or down (+1) in a list. */
function moved<T>(items: T[], index: number, by: -1 | 1): T[] {
  const next = [...items];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(index + by, 0, item);
  return next;
}

/**
 * /admin/dashboard/listModules/{courseId} (spec §2, §5, §8): the course's modules with their videos;
 * rename, delete and reorder modules; edit (Vimeo link or an uploaded file, with upload progress),
 * add, delete and reorder videos.
 */
export default function ModuleList() {
  const { courseId = '' } = useParams();
  const { state, setData, retry } = useAdminData<CourseDetail>(
    courseId ? `/courses/course/slug/${encodeURIComponent(courseId)}` : null,
    ADMIN_MESSAGES.failedToLoadModules,
  );
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busy, setBusy] = useState(false);
  const [moving, setMoving] = useState<string | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const focusMoved = useMoveFocus(list, moving !== null);

  if (!courseId) {
    return (
      <EmptyState title={ADMIN_MESSAGES.noCourseSelected}>
        <Link to="/admin/dashboard/list" className="font-semibold text-brand-green underline">
          Choose a course
        </Link>
      </EmptyState>
    );
  }

  const setModules = (update: (modules: Module[]) => Module[]) =>
    setData((course) => ({ ...course, modules: update(course.modules) }));
  const replaceModule = (module: Module) => setModules((all) => all.map((m) => (m._id === module._id ? module : m)));

  async function moveModule(modules: Module[], index: number, by: -1 | 1) {
    const next = moved(modules, index, by);
    const module = modules[index];
    if (!module) return;
    setMoving(module._id);
    setModules(() => next);
    try {
      const saved = await adminApi<Module[]>('/modules/reorder', {
        method: 'PUT',
        body: { course: courseId, moduleIds: next.map((m) => m._id) },
      });
      setModules(() => saved);
      toast.success(ADMIN_MESSAGES.orderSaved);
    } catch (error) {
      setModules(() => modules);
      toast.error(failureToast(error, ADMIN_MESSAGES.saveFailed));
    } finally {
      setMoving(null);
      focusMoved(`module-${module._id}`, by);
    }
  }

  async function moveVideo(module: Module, index: number, by: -1 | 1) {
    const video = module.videos[index];
    if (!video) return;
    const next = moved(module.videos, index, by);
    setMoving(video._id);
    replaceModule({ ...module, videos: next });
    try {
      const saved = await adminApi<Module>('/videos/reorder', {
        method: 'PUT',
        body: { module: module._id, videoIds: next.map((v) => v._id) },
      });
      replaceModule(saved);
      toast.success(ADMIN_MESSAGES.orderSaved);
    } catch (error) {
      replaceModule(module);
      toast.error(failureToast(error, ADMIN_MESSAGES.saveFailed));
    } finally {
      setMoving(null);
      focusMoved(`video-${video._id}`, by);
    }
  }

  async function deleteItem() {
    if (dialog?.kind !== 'delete-module' && dialog?.kind !== 'delete-video') return;
    setBusy(true);
    try {
      if (dialog.kind === 'delete-module') {
        const result = await adminApi<MessageResult>(`/modules/module/${dialog.module._id}`, { method: 'DELETE' });
        setModules((all) => all.filter((m) => m._id !== dialog.module._id));
        toast.success(result.message || ADMIN_MESSAGES.moduleDeleted);
      } else {
        const result = await adminApi<MessageResult>(`/videos/videos/${dialog.video._id}`, { method: 'DELETE' });
        replaceModule({ ...dialog.module, videos: dialog.module.videos.filter((v) => v._id !== dialog.video._id) });
        toast.success(result.message || ADMIN_MESSAGES.videoDeleted);
      }
      setDialog(null);
    } catch (error) {
      toast.error(failureToast(error, ADMIN_MESSAGES.deleteFailed));
    } finally {
      setBusy(false);
    }
  }

  if (state.status === 'loading') return <LoadingState label="Loading modules..." />;
  if (state.status === 'error')
    return <ErrorState message={state.message} signedOut={state.signedOut} onRetry={retry} />;
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
        actions={
          <Link to={`/admin/dashboard/addmodules/${course._id}`} className={buttonClass('secondary', 'sm')}>
            Add Modules
          </Link>
        }
      />
      {modules.length === 0 ? (
        <EmptyState title="This course has no modules yet.">
          <Link to={`/admin/dashboard/addmodules/${course._id}`} className="font-semibold text-brand-green underline">
            Add its first modules
          </Link>
        </EmptyState>
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
                      disabled={moving !== null}
                      onMove={(by) => moveModule(modules, m, by)}
                    />
                    <button
                      type="button"
                      className={buttonClass('outline', 'sm')}
                      onClick={() => setDialog({ kind: 'module', module })}
                    >
                      Rename<span className="sr-only"> module {module.title}</span>
                    </button>
                    <button
                      type="button"
                      className={buttonClass('outline-danger', 'sm')}
                      onClick={() => setDialog({ kind: 'delete-module', module })}
                    >
                      Delete<span className="sr-only"> module {module.title}</span>
                    </button>
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
                            disabled={moving !== null}
                            onMove={(by) => moveVideo(module, v, by)}
                          />
                          <button
                            type="button"
                            className={buttonClass('outline', 'sm')}
                            onClick={() => setDialog({ kind: 'video', module, video })}
                          >
                            Edit<span className="sr-only"> video {video.title}</span>
                          </button>
                          <button
                            type="button"
                            className={buttonClass('outline-danger', 'sm')}
                            onClick={() => setDialog({ kind: 'delete-video', module, video })}
                          >
                            Delete<span className="sr-only"> video {video.title}</span>
                          </button>
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
                    onClick={() => setDialog({ kind: 'video', module, video: null })}
                  >
                    + Add video<span className="sr-only"> to module {module.title}</span>
                  </button>
                </div>
              </section>
            </li>
          ))}
        </ol>
      )}

      <Modal
        open={dialog?.kind === 'module'}
        onClose={() => setDialog(null)}
        busy={busy}
        size="sm"
        title="Rename module"
      >
        {dialog?.kind === 'module' && (
          <ModuleForm
            module={dialog.module}
            busy={busy}
            setBusy={setBusy}
            onCancel={() => setDialog(null)}
            onSaved={(module) => {
              replaceModule(module);
              setDialog(null);
            }}
          />
        )}
      </Modal>

      <Modal
        open={dialog?.kind === 'video'}
        onClose={() => setDialog(null)}
        busy={busy}
        size="md"
        title={dialog?.kind === 'video' && dialog.video ? 'Edit video' : 'Add a video'}
        description={dialog?.kind === 'video' ? `Module: ${dialog.module.title}` : undefined}
      >
        {dialog?.kind === 'video' && (
          <VideoForm
            module={dialog.module}
            video={dialog.video}
            busy={busy}
            setBusy={setBusy}
            onCancel={() => setDialog(null)}
            onSaved={(saved) => {
              const videos = dialog.video
                ? dialog.module.videos.map((v) => (v._id === saved._id ? saved : v))
                : [...dialog.module.videos, saved];
              replaceModule({ ...dialog.module, videos });
              setDialog(null);
            }}
          />
        )}
      </Modal>

      <ConfirmDialog
        open={dialog?.kind === 'delete-module' || dialog?.kind === 'delete-video'}
        title={dialog?.kind === 'delete-module' ? 'Delete this module?' : 'Delete this video?'}
        confirmLabel="Delete"
        busyLabel={ADMIN_MESSAGES.deleting}
        busy={busy}
        onConfirm={deleteItem}
        onCancel={() => setDialog(null)}
      >
        {dialog?.kind === 'delete-module' && (
          <p>
            <strong className="text-slate-900">{dialog.module.title}</strong> and its{' '}
            {dialog.module.videos.length === 1 ? 'video' : `${dialog.module.videos.length} videos`} will be deleted.
            Learners' progress on them goes too. This cannot be undone.
          </p>
        )}
        {dialog?.kind === 'delete-video' && (
          <p>
            <strong className="text-slate-900">{dialog.video.title}</strong> will be deleted from {dialog.module.title}.
            This cannot be undone.
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}

function ModuleForm({
  module,
  busy,
  setBusy,
  onCancel,
  onSaved,
}: {
  module: Module;
  busy: boolean;
  setBusy(busy: boolean): void;
  onCancel(): void;
  onSaved(module: Module): void;
}) {
  const [title, setTitle] = useState(module.title);
  const [error, setError] = useState<string>();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    event.stopPropagation();
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
    <form noValidate onSubmit={submit}>
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
      <ModalActions>
        <button type="button" className={buttonClass('ghost', 'md')} onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className={buttonClass('secondary', 'md')} disabled={busy}>
          {busy && <Spinner className="h-4 w-4" />}
          {busy ? 'Saving...' : 'Save'}
        </button>
      </ModalActions>
    </form>
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
}: {
  module: Module;
  video: Video | null;
  busy: boolean;
  setBusy(busy: boolean): void;
  onCancel(): void;
  onSaved(video: AdminVideo): void;
}) {
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
      requestAnimationFrame(() => formEl.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
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
                className={`${controlClass(errors.video)} file:mr-3 file:rounded-full file:border-0 file:bg-brand-mist file:px-3 file:py-1 file:font-semibold file:text-brand-green`}
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
        <button type="submit" className={buttonClass('secondary', 'md')} disabled={busy}>
          {busy && <Spinner className="h-4 w-4" />}
          {busy ? (file ? 'Uploading...' : 'Saving...') : video ? 'Save changes' : 'Add video'}
        </button>
      </ModalActions>
    </form>
  );
}
