import { useRef } from 'react';
import { useRevalidator } from 'react-router';
import toast from 'react-hot-toast';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import type { Module, Video } from '@oasis/shared/api';
import { privateMeta } from '~/components/auth/meta';
import { ConfirmDeleteDialog, useConfirmDelete } from '~/components/admin/confirm-dialog';
import { EditModal, useEditModal } from '~/components/admin/edit-modal';
import { fmtNodes, metaTexts, translateFailure } from '~/components/admin/i18n';
import { ModuleCard } from '~/components/admin/modules/module-card';
import { ModuleForm } from '~/components/admin/modules/module-form';
import { VideoForm, type VideoTarget } from '~/components/admin/modules/video-form';
import { moveItem, useReorder } from '~/components/admin/move-buttons';
import { AdminPageHeader, EmptyState, ItemName, LoadFailed } from '~/components/admin/page';
import { loadRouteCourse } from '~/components/admin/route-course';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/modules';
import { deleteModule, deleteVideo, reorderModules, reorderVideos } from '~/lib/api/modules';

export const meta: Route.MetaFunction = ({ matches }) =>
  privateMeta(matches, metaTexts(matches).adminModules.listTitle);

export const clientLoader = ({ params, request }: Route.ClientLoaderArgs) =>
  loadRouteCourse(params.courseId, ADMIN_MESSAGES.failedToLoadModules, request);

const NO_MODULES: Module[] = [];

/**
 * /admin/dashboard/listModules/{courseId} (docs/product.md#admin-modules-and-videos): the course's
 * modules with their videos; rename, delete and reorder modules; edit (Vimeo link or an uploaded
 * file, with upload progress), add, delete and reorder videos.
 */
export default function ModuleList({ loaderData, params: { courseId } }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const { t, fmt, plural, tr, lp } = useI18n();
  const a = t.adminModules;
  const renaming = useEditModal<Module>();
  const editingVideo = useEditModal<VideoTarget<Video | null>>();
  const deletingModule = useConfirmDelete<Module>(async (module) => {
    const result = await deleteModule(module._id);
    toast.success(tr(result.message || ADMIN_MESSAGES.moduleDeleted));
    await revalidate();
  });
  const deletingVideo = useConfirmDelete<VideoTarget>(async ({ video }) => {
    const result = await deleteVideo(video._id);
    toast.success(tr(result.message || ADMIN_MESSAGES.videoDeleted));
    await revalidate();
  });
  const list = useRef<HTMLDivElement>(null);
  const { moving, reorder, shown: modules } = useReorder(list, loaderData.ok ? loaderData.data.modules : NO_MODULES);

  function moveModule(index: number, by: -1 | 1) {
    const module = modules[index];
    if (!module) return;
    return reorder({
      buttons: `module-${module._id}`,
      by,
      after: moveItem(modules, index, by),
      save: (order) =>
        reorderModules(
          courseId,
          order.map((m) => m._id),
        ),
    });
  }

  function moveVideo(module: Module, index: number, by: -1 | 1) {
    const video = module.videos[index];
    if (!video) return;
    const videos = moveItem(module.videos, index, by);
    return reorder({
      buttons: `video-${video._id}`,
      by,
      after: modules.map((m) => (m._id === module._id ? { ...m, videos } : m)),
      save: () =>
        reorderVideos(
          module._id,
          videos.map((v) => v._id),
        ),
    });
  }

  if (!loaderData.ok) return <LoadFailed failure={translateFailure(loaderData, tr)} loadingLabel={a.loading} />;
  const course = loaderData.data;

  return (
    <div ref={list}>
      <AdminPageHeader
        title={a.listTitle}
        lead={fmtNodes(a.listLead, { title: <ItemName>{course.title}</ItemName> })}
        back={{ to: lp('/admin/dashboard/list'), label: t.adminCourses.listTitle }}
        link={{ to: lp(`/admin/dashboard/addmodules/${course._id}`), label: a.addTitle }}
      />
      {modules.length === 0 ? (
        <EmptyState title={a.empty} link={{ to: lp(`/admin/dashboard/addmodules/${course._id}`), label: a.addFirst }} />
      ) : (
        <ol className="space-y-6">
          {modules.map((module, m) => (
            <li key={module._id}>
              <ModuleCard
                module={module}
                position={m}
                count={modules.length}
                moving={moving}
                onMove={(by) => moveModule(m, by)}
                onRename={() => renaming.open(module)}
                onDelete={() => deletingModule.ask(module)}
                onMoveVideo={(v, by) => moveVideo(module, v, by)}
                onEditVideo={(video) => editingVideo.open({ module, video })}
                onDeleteVideo={(video) => deletingVideo.ask({ module, video })}
              />
            </li>
          ))}
        </ol>
      )}

      {/* Wide enough for the title and its Arabic twin side by side. */}
      <EditModal modal={renaming} title={a.renameModule}>
        {(module, form) => <ModuleForm module={module} {...form} />}
      </EditModal>

      <EditModal
        modal={editingVideo}
        title={editingVideo.item?.video ? a.editVideo : a.addAVideo}
        description={editingVideo.item ? fmt(a.moduleOf, { title: editingVideo.item.module.title }) : undefined}
      >
        {({ module, video }, form) => <VideoForm module={module} video={video} {...form} />}
      </EditModal>

      <ConfirmDeleteDialog dialog={deletingModule} title={a.deleteModuleTitle}>
        {(module) => (
          <p>
            {fmtNodes(plural(a.deleteModuleBody, module.videos.length), { title: <ItemName>{module.title}</ItemName> })}
          </p>
        )}
      </ConfirmDeleteDialog>

      <ConfirmDeleteDialog dialog={deletingVideo} title={a.deleteVideoTitle}>
        {({ module, video }) => (
          <p>{fmtNodes(a.deleteVideoBody, { title: <ItemName>{video.title}</ItemName>, module: module.title })}</p>
        )}
      </ConfirmDeleteDialog>
    </div>
  );
}
