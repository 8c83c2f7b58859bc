import { useRef } from 'react';
import { useRevalidator } from 'react-router';
import toast from 'react-hot-toast';
import { ADMIN_MESSAGES, type MessageResult } from '@oasis/shared/admin/common';
import type { Module, Video } from '@oasis/shared/api';
import { privateMeta } from '~/components/auth/meta';
import { ConfirmDeleteDialog, useConfirmDelete } from '~/components/admin/confirm-dialog';
import { EditModal, useEditModal } from '~/components/admin/edit-modal';
import { ModuleCard } from '~/components/admin/modules/module-card';
import { ModuleForm } from '~/components/admin/modules/module-form';
import { VideoForm, type VideoTarget } from '~/components/admin/modules/video-form';
import { moveItem, useReorder } from '~/components/admin/move-buttons';
import { AdminPageHeader, EmptyState, LoadFailed } from '~/components/admin/page';
import { adminApi } from '~/components/admin/request';
import { loadRouteCourse } from '~/components/admin/route-course';
import type { Route } from './+types/modules';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Modules');

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
  const renaming = useEditModal<Module>();
  const editingVideo = useEditModal<VideoTarget<Video | null>>();
  const deletingModule = useConfirmDelete<Module>(async (module) => {
    const result = await adminApi<MessageResult>(`/modules/module/${module._id}`, { method: 'DELETE' });
    toast.success(result.message || ADMIN_MESSAGES.moduleDeleted);
    await revalidate();
  });
  const deletingVideo = useConfirmDelete<VideoTarget>(async ({ video }) => {
    const result = await adminApi<MessageResult>(`/videos/videos/${video._id}`, { method: 'DELETE' });
    toast.success(result.message || ADMIN_MESSAGES.videoDeleted);
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
        adminApi('/modules/reorder', {
          method: 'PUT',
          body: { course: courseId, moduleIds: order.map((m) => m._id) },
        }),
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
        adminApi('/videos/reorder', {
          method: 'PUT',
          body: { module: module._id, videoIds: videos.map((v) => v._id) },
        }),
    });
  }

  if (!loaderData.ok) return <LoadFailed failure={loaderData} loadingLabel="Loading modules..." />;
  const course = loaderData.data;

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

      <EditModal modal={renaming} size="sm" title="Rename module">
        {(module, form) => (
          <ModuleForm
            module={module}
            {...form}
            onSaved={() => {
              renaming.close();
              void revalidate();
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
            onSaved={() => {
              editingVideo.close();
              void revalidate();
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
