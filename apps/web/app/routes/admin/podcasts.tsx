import { useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import toast from 'react-hot-toast';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { type AdminPodcastVideo, checkPodcastForm } from '@oasis/shared/admin/podcasts';
import { ADMIN_SCREEN_MESSAGES } from '@oasis/shared/admin/screen-messages';
import { parseYouTubeUrl } from '@oasis/shared/video-urls';
import { privateMeta } from '~/components/auth/meta';
import { fmtNodes, metaTexts } from '~/components/admin/i18n';
import { ConfirmDeleteDialog, useConfirmDelete } from '~/components/admin/confirm-dialog';
import { EditModal, useEditModal } from '~/components/admin/edit-modal';
import { BilingualField } from '~/components/admin/bilingual-field';
import { TextInput, Toggle } from '~/components/admin/fields';
import { translatedErrors, useFormFeedback } from '~/components/admin/form-feedback';
import { DeleteButton, EditButton } from '~/components/admin/item-buttons';
import { FormFooter, type ItemFormProps } from '~/components/admin/modal-form';
import { MoveButtons, useListReorder } from '~/components/admin/move-buttons';
import { AddPanel, AdminPageHeader, EmptyState, ItemName, WhenReady } from '~/components/admin/page';
import { loadAdmin } from '~/components/admin/request';
import { buttonClass } from '~/components/ui/button';
import { useItemSwitch } from '~/components/admin/use-item-switch';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/podcasts';
import {
  addPodcast,
  deletePodcast,
  listAdminPodcasts,
  reorderPodcasts,
  setPodcastHidden,
  updatePodcast,
} from '~/lib/api/podcasts';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, metaTexts(matches).adminPodcasts.title);

interface PodcastDraft {
  title: string;
  /** '' shows the English title on Arabic pages. */
  titleAr: string;
  url: string;
  comingSoon: boolean;
}

function podcastBody(draft: PodcastDraft) {
  return {
    title: draft.title.trim(),
    titleAr: draft.titleAr.trim(),
    embeddedUrl: draft.url.trim(),
    comingSoon: draft.comingSoon,
  };
}

/** The thumbnail YouTube serves for an embed URL (allowed by the page's image policy). */
function thumbnailOf(embeddedUrl: string): string | null {
  const id = parseYouTubeUrl(embeddedUrl)?.id;
  return id ? `https://i.ytimg.com/vi/${id}/mqdefault.jpg` : null;
}

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadAdmin(listAdminPodcasts, ADMIN_SCREEN_MESSAGES.failedToLoadVideos, request);

/**
 * /admin/dashboard/youtubeadd (docs/product.md#admin-podcasts): add a podcast video by its YouTube link (stored as the
 * embed URL), and edit, reorder, hide (off the public pages, kept here) or delete the ones listed on the home page.
 */
export default function PodcastVideos({ loaderData }: Route.ComponentProps) {
  const { t, tr } = useI18n();
  const text = t.adminPodcasts;
  const { revalidate } = useRevalidator();
  const editing = useEditModal<AdminPodcastVideo>();
  // The video whose Hide or Show is being saved.
  const { switching, run } = useItemSwitch('podcast-visibility');

  function setHidden(video: AdminPodcastVideo, hidden: boolean) {
    return run(video._id, () => setPodcastHidden(video._id, hidden), {
      done: hidden ? text.hiddenToast : text.shownToast,
      failed: text.visibilityFailed,
    });
  }
  const list = useRef<HTMLUListElement>(null);
  const { moving, move, shown: items } = useListReorder(list, loaderData.ok ? loaderData.data : [], reorderPodcasts);

  const deleting = useConfirmDelete<AdminPodcastVideo>(async (video) => {
    const result = await deletePodcast(video._id);
    toast.success(tr(result.message || ADMIN_MESSAGES.podcastDeleted));
    await revalidate();
  });

  return (
    <div>
      <AdminPageHeader title={text.title} lead={text.lead} />
      <AddPanel heading={text.addHeading}>
        <PodcastForm
          submitLabel={text.addVideo}
          busyLabel={text.adding}
          onSubmit={async (draft) => {
            await addPodcast(podcastBody(draft));
            await revalidate();
          }}
        />
      </AddPanel>

      <h3 className="mb-4 font-display text-xl font-semibold text-brand-green">{text.onSite}</h3>
      <WhenReady result={loaderData} loadingLabel={text.loading}>
        {() =>
          items.length === 0 ? (
            <EmptyState title={text.empty}>{text.emptyText}</EmptyState>
          ) : (
            <ul ref={list} className="space-y-3">
              {items.map((item, index) => {
                const thumbnail = thumbnailOf(item.embeddedUrl);
                return (
                  <li
                    key={item._id}
                    className={`flex flex-col gap-4 rounded-2xl border p-4 shadow-sm sm:flex-row sm:items-center ${
                      item.hidden ? 'border-dashed border-slate-300 bg-slate-50' : 'border-slate-200 bg-white'
                    }`}
                  >
                    <div
                      className={`aspect-video w-full shrink-0 overflow-hidden rounded-lg bg-slate-200 sm:w-40 ${item.hidden ? 'opacity-60' : ''}`}
                    >
                      {thumbnail && (
                        <img
                          src={thumbnail}
                          alt=""
                          loading="lazy"
                          className="h-full w-full object-cover"
                          // Offline or blocked: the grey box alone, not a broken image.
                          onError={(event) => {
                            event.currentTarget.hidden = true;
                          }}
                        />
                      )}
                    </div>
                    <div className="min-w-0 flex-1">
                      <p className="font-semibold text-slate-900">
                        <bdi>{item.title}</bdi>
                        {item.comingSoon && (
                          <span className="ms-2 rounded-full bg-brand-yellow px-2 py-0.5 align-middle text-xs font-bold text-brand-green-dark">
                            {text.comingSoon}
                          </span>
                        )}
                        {item.hidden && (
                          <span className="ms-2 rounded-full bg-slate-700 px-2 py-0.5 align-middle text-xs font-bold text-white">
                            {text.hidden}
                          </span>
                        )}
                      </p>
                      {item.hidden && <p className="text-sm text-slate-600">{text.hiddenNote}</p>}
                      <p className="mt-0.5 truncate text-sm text-slate-600">
                        <span dir="ltr">{item.embeddedUrl}</span>
                      </p>
                    </div>
                    <div className="flex shrink-0 flex-wrap gap-2">
                      <MoveButtons
                        name={item.title}
                        id={item._id}
                        first={index === 0}
                        last={index === items.length - 1}
                        disabled={moving}
                        onMove={(by) => move(index, by)}
                      />
                      <button
                        type="button"
                        onClick={() => void setHidden(item, !item.hidden)}
                        disabled={switching !== null}
                        aria-busy={switching === item._id}
                        className={buttonClass('outline', 'sm')}
                      >
                        {item.hidden ? text.show : text.hide}
                        <span className="sr-only"> {item.title}</span>
                      </button>
                      <EditButton name={item.title} onClick={() => editing.open(item)} />
                      <DeleteButton name={item.title} onClick={() => deleting.ask(item)} />
                    </div>
                  </li>
                );
              })}
            </ul>
          )
        }
      </WhenReady>

      <EditModal modal={editing} title={text.editTitle}>
        {(video, form) => (
          <PodcastForm
            initial={{
              title: video.title,
              titleAr: video.titleAr,
              url: video.embeddedUrl,
              comingSoon: video.comingSoon,
            }}
            submitLabel={text.saveChanges}
            busyLabel={t.adminShell.saving}
            onBusy={form.setBusy}
            onCancel={form.onCancel}
            onSubmit={async (draft) => {
              await updatePodcast(video._id, podcastBody(draft));
              form.onSaved();
            }}
          />
        )}
      </EditModal>

      <ConfirmDeleteDialog dialog={deleting} title={text.deleteTitle}>
        {(video) => <p>{fmtNodes(text.deleteText, { title: <ItemName>{video.title}</ItemName> })}</p>}
      </ConfirmDeleteDialog>
    </div>
  );
}

const EMPTY: PodcastDraft = { title: '', titleAr: '', url: '', comingSoon: false };

function PodcastForm({ initial = EMPTY, onSubmit, onBusy, ...footer }: ItemFormProps<PodcastDraft>) {
  const [draft, setDraft] = useState<PodcastDraft>(initial);
  const { errors, problem, saving, accept, save } = useFormFeedback();
  const { t, tr, locale } = useI18n();
  const text = t.adminPodcasts;
  const error = translatedErrors(errors, locale);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // In the edit modal (a portal): the page's own form must not see this submit.
    event.stopPropagation();
    // The shared rule, the one the server applies.
    if (!accept(event.currentTarget, checkPodcastForm(podcastBody(draft)))) return;
    onBusy?.(true);
    await save(ADMIN_MESSAGES.podcastSaveFailed, async () => {
      await onSubmit(draft);
      toast.success(tr(ADMIN_MESSAGES.podcastSaved));
      if (!footer.onCancel) setDraft(EMPTY);
    });
    onBusy?.(false);
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <BilingualField
        english={{
          label: text.videoTitle,
          value: draft.title,
          onValue: (title) => setDraft((d) => ({ ...d, title })),
          error: error('title'),
          maxLength: ADMIN_LIMITS.titleMax,
          disabled: saving,
          required: true,
        }}
        arabic={{
          label: text.videoTitleAr,
          value: draft.titleAr,
          onValue: (titleAr) => setDraft((d) => ({ ...d, titleAr })),
          error: error('titleAr'),
        }}
      />
      <div className="grid gap-5 md:grid-cols-2">
        <TextInput
          label={text.url}
          type="url"
          inputMode="url"
          dir="ltr"
          placeholder="https://www.youtube.com/watch?v=…"
          value={draft.url}
          onChange={(e) => setDraft((d) => ({ ...d, url: e.target.value }))}
          error={error('embeddedUrl')}
          hint={errors.embeddedUrl ? undefined : text.urlHint}
          disabled={saving}
          required
        />
      </div>
      <Toggle
        label={text.comingSoon}
        hint={text.comingSoonHint}
        checked={draft.comingSoon}
        onChange={(comingSoon) => setDraft((d) => ({ ...d, comingSoon }))}
        disabled={saving}
      />
      <FormFooter problem={problem} busy={saving} {...footer} />
    </form>
  );
}
