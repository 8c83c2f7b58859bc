import { and, eq } from 'drizzle-orm';
import type { LessonPreview } from '@oasis/shared/api';
import type { Db } from '../../db/client.ts';
import { courses, modules, videos } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { isPublicCourse } from './catalogue.ts';
import { toVideo, type VideoLinks } from './mappers.ts';

/**
 * `GET /courses/preview/{videoId}`: a free-preview lesson of a public course, playable without
 * buying. Any other lesson, or one of a draft or archived course, is 'not found': this route never
 * hands out what the course page would not.
 */
export async function getLessonPreview(db: Db, videoId: string, links: VideoLinks): Promise<LessonPreview> {
  const [row] = await db
    .select({ video: videos })
    .from(videos)
    .innerJoin(modules, eq(modules.id, videos.moduleId))
    .innerJoin(courses, eq(courses.id, modules.courseId))
    .where(and(eq(videos.id, videoId), eq(videos.freePreview, true), isPublicCourse()))
    .limit(1);
  const video = row ? toVideo(row.video, true, links) : null;
  if (!video?.videoUrl) throw notFound('progress.videoNotFound');
  return { _id: video._id, title: video.title, titleAr: video.titleAr, source: video.source, videoUrl: video.videoUrl };
}
