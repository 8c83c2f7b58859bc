import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { type BulkModulesResult, checkBulkModules } from '@oasis/shared/admin/modules';
import { privateMeta } from '~/components/auth/meta';
import { FormMessage, BusyButton } from '~/components/ui/form';
import { TextInput } from '~/components/admin/fields';
import { useFormFeedback } from '~/components/admin/form-feedback';
import { AdminPageHeader, LoadFailed, Panel } from '~/components/admin/page';
import { adminApi } from '~/components/admin/request';
import { loadRouteCourse } from '~/components/admin/route-course';
import { buttonClass } from '~/components/ui/button';
import type { Route } from './+types/add-modules';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Add Modules');

export const clientLoader = ({ params, request }: Route.ClientLoaderArgs) =>
  loadRouteCourse(params.courseId, 'Failed to load the course', request);

interface VideoRow {
  key: number;
  title: string;
  videoUrl: string;
}
interface ModuleRow {
  key: number;
  title: string;
  videos: VideoRow[];
}

let nextKey = 1;
const newVideo = (): VideoRow => ({ key: nextKey++, title: '', videoUrl: '' });
const newModule = (): ModuleRow => ({ key: nextKey++, title: '', videos: [newVideo()] });

/** What each field says when the shared rule refuses it (the screen's one message is shown once above). */
const FIELD_HINTS = {
  title: ADMIN_MESSAGES.titleRequired,
  videos: 'Add at least one video to this module.',
  videoUrl: 'Enter a Vimeo link such as https://vimeo.com/76979871.',
} as const;

/**
 * /admin/dashboard/addmodules/{courseId} (docs/product.md#admin-modules-and-videos): any number of
 * modules, each with its videos (title and Vimeo link), saved together in one request (all or
 * nothing).
 */
export default function AddModules({ loaderData: course, params: { courseId } }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [modules, setModules] = useState<ModuleRow[]>(() => [newModule()]);
  const { errors, problem, saving, accept, save: saveWith } = useFormFeedback();
  const form = useRef<HTMLFormElement>(null);

  const updateModule = (key: number, patch: Partial<ModuleRow>) =>
    setModules((all) => all.map((m) => (m.key === key ? { ...m, ...patch } : m)));
  const updateVideo = (moduleKey: number, videoKey: number, patch: Partial<VideoRow>) =>
    setModules((all) =>
      all.map((m) =>
        m.key === moduleKey ? { ...m, videos: m.videos.map((v) => (v.key === videoKey ? { ...v, ...patch } : v)) } : m,
      ),
    );

  function focusLater(selector: string) {
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>(selector)?.focus());
  }

  function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const payload = modules.map((m) => ({
      title: m.title,
      videos: m.videos.map((v) => ({ title: v.title, videoUrl: v.videoUrl })),
    }));
    if (!accept(event.currentTarget, checkBulkModules(payload))) return;
    void saveWith(ADMIN_MESSAGES.saveFailed, async () => {
      const result = await adminApi<BulkModulesResult>('/modules/bulk', {
        method: 'POST',
        body: { course: courseId, modules: payload },
      });
      toast.success(result.modules.length === 1 ? ADMIN_MESSAGES.moduleSaved : ADMIN_MESSAGES.modulesSaved);
      navigate(`/admin/dashboard/listModules/${courseId}`);
    });
  }

  const fieldError = (path: string, hint: string) => (errors[path] ? hint : undefined);

  if (!course.ok) return <LoadFailed failure={course} loadingLabel="Loading the course..." />;
  const detail = course.data;

  return (
    <div>
      <AdminPageHeader
        title="Add Modules"
        lead={
          <>
            For <strong className="text-slate-900">{detail.title}</strong>
            {detail.modules.length > 0 &&
              ` (it has ${detail.modules.length} ${detail.modules.length === 1 ? 'module' : 'modules'}; these are added after them)`}
            . Each module needs a title and at least one video.
          </>
        }
        back={{ to: '/admin/dashboard/list', label: 'List Courses' }}
        link={{ to: `/admin/dashboard/listModules/${courseId}`, label: 'List Modules', variant: 'outline' }}
      />
      <form ref={form} noValidate onSubmit={save} aria-label="Add modules" className="space-y-6">
        <ol className="space-y-6">
          {modules.map((module, m) => (
            <li key={module.key} data-module={module.key}>
              <Panel>
                <fieldset aria-labelledby={`module-heading-${module.key}`}>
                  <div className="flex items-start justify-between gap-4">
                    <h3
                      id={`module-heading-${module.key}`}
                      className="font-display text-lg font-semibold text-brand-green"
                    >
                      Module {m + 1}
                    </h3>
                    <button
                      type="button"
                      disabled={modules.length === 1 || saving}
                      onClick={() => setModules((all) => all.filter((x) => x.key !== module.key))}
                      className="rounded-md px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-40"
                    >
                      Remove module<span className="sr-only"> {m + 1}</span>
                    </button>
                  </div>
                  <TextInput
                    className="mt-3"
                    label={`Module ${m + 1} title`}
                    value={module.title}
                    onChange={(e) => updateModule(module.key, { title: e.target.value })}
                    error={fieldError(`modules.${m}.title`, FIELD_HINTS.title)}
                    maxLength={ADMIN_LIMITS.titleMax}
                    disabled={saving}
                    required
                    data-field="module-title"
                  />
                  <h4 className="mt-6 text-sm font-bold tracking-wide text-slate-700 uppercase">Videos</h4>
                  {errors[`modules.${m}.videos`] && (
                    <p className="mt-2 text-sm font-medium text-red-700">{FIELD_HINTS.videos}</p>
                  )}
                  <ol className="mt-3 space-y-4">
                    {module.videos.map((video, v) => (
                      <li
                        key={video.key}
                        data-video={video.key}
                        className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] md:items-start"
                      >
                        <TextInput
                          label={`Video ${v + 1} title`}
                          value={video.title}
                          onChange={(e) => updateVideo(module.key, video.key, { title: e.target.value })}
                          error={fieldError(`modules.${m}.videos.${v}.title`, FIELD_HINTS.title)}
                          maxLength={ADMIN_LIMITS.titleMax}
                          disabled={saving}
                          required
                        />
                        <TextInput
                          label={`Video ${v + 1} Vimeo URL`}
                          type="url"
                          inputMode="url"
                          placeholder="https://vimeo.com/76979871"
                          value={video.videoUrl}
                          onChange={(e) => updateVideo(module.key, video.key, { videoUrl: e.target.value })}
                          error={fieldError(`modules.${m}.videos.${v}.videoUrl`, FIELD_HINTS.videoUrl)}
                          disabled={saving}
                          required
                        />
                        <button
                          type="button"
                          disabled={module.videos.length === 1 || saving}
                          onClick={() =>
                            updateModule(module.key, { videos: module.videos.filter((x) => x.key !== video.key) })
                          }
                          className="rounded-md px-3 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-40 md:mt-7"
                        >
                          Remove
                          <span className="sr-only">
                            {' '}
                            video {v + 1} of module {m + 1}
                          </span>
                        </button>
                      </li>
                    ))}
                  </ol>
                  <button
                    type="button"
                    className={buttonClass('ghost', 'sm', 'mt-4')}
                    disabled={saving || module.videos.length >= ADMIN_LIMITS.videosPerModule}
                    onClick={() => {
                      const added = newVideo();
                      updateModule(module.key, { videos: [...module.videos, added] });
                      focusLater(`[data-video="${added.key}"] input`);
                    }}
                  >
                    + Add video<span className="sr-only"> to module {m + 1}</span>
                  </button>
                </fieldset>
              </Panel>
            </li>
          ))}
        </ol>

        {problem && <FormMessage tone="error">{problem}</FormMessage>}

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <button
            type="button"
            className={buttonClass('outline', 'md')}
            disabled={saving || modules.length >= ADMIN_LIMITS.modulesPerBulk}
            onClick={() => {
              const added = newModule();
              setModules((all) => [...all, added]);
              focusLater(`[data-module="${added.key}"] input`);
            }}
          >
            + Add module
          </button>
          <BusyButton busy={saving} busyLabel="Saving...">
            Save Modules
          </BusyButton>
        </div>
      </form>
    </div>
  );
}
