import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { COURSE_RULE_MESSAGES } from '@oasis/shared/admin/courses';
import { checkBulkModules } from '@oasis/shared/admin/modules';
import { privateMeta } from '~/components/auth/meta';
import { FormMessage } from '~/components/ui/form';
import { AddMoreActions } from '~/components/admin/page-form';
import { BilingualField } from '~/components/admin/bilingual-field';
import { TextInput, Toggle } from '~/components/admin/fields';
import { useFormFeedback } from '~/components/admin/form-feedback';
import { fmtNodes, metaTexts, translateFailure } from '~/components/admin/i18n';
import { AdminPageHeader, ItemName, LoadFailed, Panel } from '~/components/admin/page';
import { loadRouteCourse } from '~/components/admin/route-course';
import { buttonClass } from '~/components/ui/button';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/add-modules';
import { addModules } from '~/lib/api/modules';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, metaTexts(matches).adminModules.addTitle);

export const clientLoader = ({ params, request }: Route.ClientLoaderArgs) =>
  loadRouteCourse(params.courseId, ADMIN_MESSAGES.failedToLoadCourse, request);

/** A title's Arabic twin `titleAr` may stay '' (Arabic pages then show the English). */
interface VideoRow {
  key: number;
  title: string;
  titleAr: string;
  videoUrl: string;
  /** 'm:ss' as typed; '' when unknown. */
  length: string;
  freePreview: boolean;
}
interface ModuleRow {
  key: number;
  title: string;
  titleAr: string;
  videos: VideoRow[];
}

let nextKey = 1;
const newVideo = (): VideoRow => ({
  key: nextKey++,
  title: '',
  titleAr: '',
  videoUrl: '',
  length: '',
  freePreview: false,
});
const newModule = (): ModuleRow => ({ key: nextKey++, title: '', titleAr: '', videos: [newVideo()] });

/** The example link of the video fields (a link reads the same in every language). */
const VIMEO_EXAMPLE = 'https://vimeo.com/76979871';

/**
 * /admin/dashboard/addmodules/{courseId} (docs/product.md#admin-modules-and-videos): any number of
 * modules, each with its videos (title and Vimeo link), saved together in one request (all or
 * nothing).
 */
export default function AddModules({ loaderData: course, params: { courseId } }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { t, fmt, plural, tr, lp } = useI18n();
  const a = t.adminModules;
  // What each field says when the shared rule refuses it (the screen's one message is shown once above).
  const fieldHints = {
    title: tr(ADMIN_MESSAGES.titleRequired),
    titleAr: tr(ADMIN_MESSAGES.titleTooLong),
    videos: a.videosHint,
    videoUrl: fmt(a.videoUrlHint, { example: VIMEO_EXAMPLE }),
    length: tr(COURSE_RULE_MESSAGES.lessonLengthInvalid),
  };
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
      titleAr: m.titleAr,
      videos: m.videos.map((v) => ({
        title: v.title,
        titleAr: v.titleAr,
        videoUrl: v.videoUrl,
        length: v.length,
        freePreview: v.freePreview,
      })),
    }));
    if (!accept(event.currentTarget, checkBulkModules(payload))) return;
    void saveWith(tr(ADMIN_MESSAGES.saveFailed), async () => {
      const result = await addModules({ course: courseId, modules: payload });
      toast.success(tr(result.modules.length === 1 ? ADMIN_MESSAGES.moduleSaved : ADMIN_MESSAGES.modulesSaved));
      navigate(lp(`/admin/dashboard/listModules/${courseId}`));
    });
  }

  const fieldError = (path: string, hint: string) => (errors[path] ? hint : undefined);

  /** The English and Arabic title fields of a module or a video (`path` in the form's errors). */
  const titleFields = (
    row: { title: string; titleAr: string },
    path: string,
    [label, labelAr]: [string, string],
    update: (patch: { title?: string; titleAr?: string }) => void,
  ) => ({
    english: {
      label,
      value: row.title,
      onValue: (title: string) => update({ title }),
      error: fieldError(`${path}.title`, fieldHints.title),
      maxLength: ADMIN_LIMITS.titleMax,
      disabled: saving,
      required: true,
    },
    arabic: {
      label: labelAr,
      value: row.titleAr,
      onValue: (titleAr: string) => update({ titleAr }),
      error: fieldError(`${path}.titleAr`, fieldHints.titleAr),
    },
  });

  if (!course.ok) return <LoadFailed failure={translateFailure(course, tr)} loadingLabel={a.loadingCourse} />;
  const detail = course.data;

  return (
    <div>
      <AdminPageHeader
        title={a.addTitle}
        lead={fmtNodes(plural(a.addLead, detail.modules.length), { title: <ItemName>{detail.title}</ItemName> })}
        back={{ to: lp('/admin/dashboard/list'), label: t.adminCourses.listTitle }}
        link={{
          to: lp(`/admin/dashboard/listModules/${courseId}`),
          label: t.adminCourses.listModules,
          variant: 'outline',
        }}
      />
      <form ref={form} noValidate onSubmit={save} aria-label={a.formLabel} className="space-y-6">
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
                      {fmt(a.moduleNumber, { number: m + 1 })}
                    </h3>
                    <button
                      type="button"
                      disabled={modules.length === 1 || saving}
                      onClick={() => setModules((all) => all.filter((x) => x.key !== module.key))}
                      className="rounded-md px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-40"
                    >
                      {a.removeModule}
                      <span className="sr-only"> {m + 1}</span>
                    </button>
                  </div>
                  <BilingualField
                    className="mt-3"
                    {...titleFields(
                      module,
                      `modules.${m}`,
                      [fmt(a.moduleNumberTitle, { number: m + 1 }), fmt(a.moduleNumberTitleAr, { number: m + 1 })],
                      (patch) => updateModule(module.key, patch),
                    )}
                  />
                  <h4 className="mt-6 text-sm font-bold tracking-wide text-slate-700 uppercase">{a.videos}</h4>
                  {errors[`modules.${m}.videos`] && (
                    <p className="mt-2 text-sm font-medium text-red-700">{fieldHints.videos}</p>
                  )}
                  <ol className="mt-3 space-y-4">
                    {module.videos.map((video, v) => {
                      const title = titleFields(
                        video,
                        `modules.${m}.videos.${v}`,
                        [fmt(a.videoNumberTitle, { number: v + 1 }), fmt(a.videoNumberTitleAr, { number: v + 1 })],
                        (patch) => updateVideo(module.key, video.key, patch),
                      );
                      return (
                        <li
                          key={video.key}
                          data-video={video.key}
                          className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-start"
                        >
                          <BilingualField
                            compact
                            className="md:col-span-2"
                            english={title.english}
                            // The module's Arabic title above says what an empty one does.
                            arabic={{ ...title.arabic, hint: undefined }}
                          />
                          <TextInput
                            label={fmt(a.videoNumberUrl, { number: v + 1 })}
                            type="url"
                            inputMode="url"
                            placeholder={VIMEO_EXAMPLE}
                            value={video.videoUrl}
                            onChange={(e) => updateVideo(module.key, video.key, { videoUrl: e.target.value })}
                            error={fieldError(`modules.${m}.videos.${v}.videoUrl`, fieldHints.videoUrl)}
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
                            {t.adminUi.remove}
                            <span className="sr-only"> {fmt(a.videoOfModule, { video: v + 1, module: m + 1 })}</span>
                          </button>
                          <div className="grid gap-3 sm:grid-cols-2 sm:items-end md:col-span-2">
                            <TextInput
                              label={fmt(a.videoNumberLength, { number: v + 1 })}
                              value={video.length}
                              onValue={(length) => updateVideo(module.key, video.key, { length })}
                              inputMode="numeric"
                              placeholder="12:30"
                              hint={a.lessonLengthHint}
                              error={fieldError(`modules.${m}.videos.${v}.length`, fieldHints.length)}
                              disabled={saving}
                              maxLength={9}
                            />
                            <Toggle
                              label={fmt(a.videoNumberFreePreview, { number: v + 1 })}
                              checked={video.freePreview}
                              onChange={(freePreview) => updateVideo(module.key, video.key, { freePreview })}
                              disabled={saving}
                            />
                          </div>
                        </li>
                      );
                    })}
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
                    {a.addVideo}
                    <span className="sr-only"> {fmt(a.toModule, { name: m + 1 })}</span>
                  </button>
                </fieldset>
              </Panel>
            </li>
          ))}
        </ol>

        {problem && <FormMessage tone="error">{tr(problem)}</FormMessage>}

        <AddMoreActions
          addLabel={a.addModule}
          canAdd={modules.length < ADMIN_LIMITS.modulesPerBulk}
          onAdd={() => {
            const added = newModule();
            setModules((all) => [...all, added]);
            focusLater(`[data-module="${added.key}"] input`);
          }}
          busy={saving}
          submitLabel={a.saveModules}
        />
      </form>
    </div>
  );
}
