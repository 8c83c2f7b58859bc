import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { formatLessonLength, parseLessonLength } from '@oasis/shared/admin/modules';
import type { Module, Video } from '@oasis/shared/api';
import { parseLessonVideoUrl } from '@oasis/shared/video-urls';
import { buttonClass } from '~/components/ui/button';
import { BusyButton, FormMessage } from '~/components/ui/form';
import { useI18n } from '~/lib/i18n';
import { useSubmit } from '~/lib/use-submit';
import type { EditFormProps } from '../edit-modal';
import { BilingualField } from '../bilingual-field';
import { Field, inputClass, TextInput, Toggle } from '../fields';
import { ModalActions } from '../modal';
import { ProgressBar } from '../page';
import { createVideo, updateVideo, uploadVideo } from '~/lib/api/modules';
import { describeFailure, failureToast } from '../request';
import { type FormErrors, translatedErrors } from '~/components/admin/form-feedback';
import { fieldErrorText } from '~/lib/field-error-text';

const VIDEO_TYPES = ['video/mp4', 'video/webm'];

/** A video of a module; `video` is null for a new one. */
export interface VideoTarget<V extends Video | null = Video> {
  module: Module;
  video: V;
}

/**
 * Edit a video (title plus a Vimeo link or an MP4/WebM upload) or add one to a module (title plus
 * a link). Uploads report their progress: fetch() cannot, so they go through XMLHttpRequest.
 */
export function VideoForm({
  module,
  video,
  busy,
  setBusy,
  onCancel,
  onSaved,
}: EditFormProps & VideoTarget<Video | null> & { onSaved(): void }) {
  const { t, tr, locale } = useI18n();
  const a = t.adminModules;
  const linked = video && video.source !== 'file';
  const [title, setTitle] = useState(video?.title ?? '');
  // '' shows the English title on Arabic pages.
  const [titleAr, setTitleAr] = useState(video?.titleAr ?? '');
  const [videoUrl, setVideoUrl] = useState(linked ? (video.videoUrl ?? '') : '');
  const [file, setFile] = useState<File | null>(null);
  // The lesson's length as 'm:ss' ('' when unknown) and whether anyone may watch it from the course page.
  const [length, setLength] = useState(formatLessonLength(video?.durationSeconds));
  const [freePreview, setFreePreview] = useState(video?.freePreview ?? false);
  const { form, errors, setErrors, problem, setProblem, refuse, run } = useSubmit<FormErrors>(setBusy);
  const errorOf = translatedErrors(errors, locale);
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const keepsFile = video?.source === 'file' && !file && !videoUrl.trim();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    event.stopPropagation();
    setProblem(null);
    const next: FormErrors = {};
    if (!title.trim()) next.title = 'admin.titleRequired';
    const link = videoUrl.trim();
    if (!file && !link && !keepsFile) next.video = 'admin.videoSourceRequired';
    else if (!file && link && !parseLessonVideoUrl(link)) next.videoUrl = 'admin.videoUrlInvalid';
    if (parseLessonLength(length) === undefined) next.length = 'courseRules.lessonLengthInvalid';
    const facts = { length: length.trim(), freePreview };
    if (Object.keys(next).length) {
      toast.error(fieldErrorText(Object.values(next)[0] ?? 'admin.videoSourceRequired', locale));
      form.current = event.currentTarget;
      refuse(next);
      return;
    }
    setErrors(next);
    await run(async () => {
      try {
        if (file && video) {
          const body = new FormData();
          body.set('title', title.trim());
          body.set('titleAr', titleAr.trim());
          body.set('length', facts.length);
          body.set('freePreview', String(facts.freePreview));
          body.set('video', file);
          abort.current = new AbortController();
          setProgress(0);
          await uploadVideo(video._id, {
            body,
            onProgress: setProgress,
            signal: abort.current.signal,
          });
        } else if (video) {
          await updateVideo(
            video._id,
            link
              ? { title: title.trim(), titleAr: titleAr.trim(), videoUrl: link, ...facts }
              : { title: title.trim(), titleAr: titleAr.trim(), ...facts },
          );
        } else {
          await createVideo({
            title: title.trim(),
            titleAr: titleAr.trim(),
            videoUrl: link,
            module: module._id,
            ...facts,
          });
        }
        toast.success(tr(ADMIN_MESSAGES.videoSaved));
        onSaved();
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') {
          toast(a.uploadCancelled);
          return;
        }
        const wording = tr(video ? ADMIN_MESSAGES.updateFailed : ADMIN_MESSAGES.saveFailed);
        const failure = describeFailure(error, wording);
        setErrors(failure.fields);
        setProblem(failure.message);
        toast.error(failureToast(error, wording));
      } finally {
        setProgress(null);
        abort.current = null;
      }
    });
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <BilingualField
        english={{
          label: a.videoTitle,
          value: title,
          onValue: setTitle,
          error: errorOf('title'),
          maxLength: ADMIN_LIMITS.titleMax,
          disabled: busy,
          required: true,
          autoFocus: true,
        }}
        arabic={{ label: a.videoTitleAr, value: titleAr, onValue: setTitleAr, error: errorOf('titleAr') }}
      />
      <TextInput
        label={a.vimeoUrl}
        type="url"
        inputMode="url"
        placeholder="https://vimeo.com/76979871"
        value={videoUrl}
        onChange={(e) => setVideoUrl(e.target.value)}
        error={errorOf('videoUrl') ?? (errors.video && !video ? errorOf('video') : undefined)}
        hint={file ? a.fileOverridesLink : undefined}
        disabled={busy || Boolean(file)}
      />
      {video && (
        <>
          <p className="text-center text-sm font-semibold tracking-wide text-slate-600 uppercase">{a.or}</p>
          <Field
            label={a.uploadFile}
            error={errorOf('video')}
            hint={video.source === 'file' && !file ? a.keepFileHint : a.fileTypes}
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
                    setErrors((x) => ({ ...x, video: 'admin.videoUnsupported' }));
                    e.target.value = '';
                    setFile(null);
                    return;
                  }
                  setErrors(({ video: _drop, ...rest }) => rest);
                  setFile(chosen);
                }}
                className={`${inputClass} file:me-3 file:rounded-full file:border-0 file:bg-brand-mist file:px-3 file:py-1 file:font-semibold file:text-brand-green`}
              />
            )}
          </Field>
        </>
      )}
      <div className="grid gap-5 sm:grid-cols-2 sm:items-end">
        <TextInput
          label={a.lessonLength}
          value={length}
          onValue={setLength}
          inputMode="numeric"
          placeholder="12:30"
          hint={
            video?.durationSource === 'player' && length === formatLessonLength(video.durationSeconds)
              ? a.lengthFromPlayerHint
              : a.lessonLengthHint
          }
          error={errorOf('length')}
          disabled={busy}
          maxLength={9}
        />
        <Toggle
          label={a.freePreview}
          hint={a.freePreviewHint}
          checked={freePreview}
          onChange={setFreePreview}
          disabled={busy}
        />
      </div>
      {progress !== null && (
        <ProgressBar value={progress} label={progress < 1 ? a.uploadingVideo : a.processingVideo} />
      )}
      {problem && <FormMessage tone="error">{tr(problem)}</FormMessage>}
      <ModalActions>
        <button
          type="button"
          className={buttonClass('ghost', 'md')}
          onClick={() => (progress !== null ? abort.current?.abort() : onCancel())}
          disabled={busy && progress === null}
        >
          {progress !== null ? a.cancelUpload : t.common.cancel}
        </button>
        <BusyButton busy={busy} busyLabel={file ? a.uploading : t.adminUi.saving}>
          {video ? t.adminUi.saveChanges : a.addVideoButton}
        </BusyButton>
      </ModalActions>
    </form>
  );
}
