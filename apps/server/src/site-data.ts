import type { PublicSiteData } from '@oasis/shared/contracts';
import type { Deps } from './deps.ts';
import { getBlog, listBlogs } from './modules/blogs/service.ts';
import { getCourseDetail, listCourses } from './modules/courses/service.ts';
import { getHero, getIntro } from './modules/home/service.ts';
import { listPodcastVideos } from './modules/podcasts/service.ts';
import { getSettings } from './modules/settings/service.ts';

/**
 * The public, anonymous view of the content, handed to server-rendered pages as load context. The
 * same service functions answer the API, so a page and `/api/...` never disagree; no viewer is
 * passed, so video URLs never reach a page's HTML.
 */
export function createPublicSiteData(deps: Deps): PublicSiteData {
  const { db } = deps;
  return {
    settings: () => getSettings(db),
    hero: () => getHero(db),
    intro: () => getIntro(db),
    courses: (query) => listCourses(db, query),
    course: (slugOrId) => getCourseDetail(db, slugOrId, null),
    blogs: () => listBlogs(db),
    blog: (slug) => getBlog(db, slug),
    podcasts: () => listPodcastVideos(db),
  };
}
