import type { Deps } from '../deps.ts';

type Target = Pick<Deps, 'pageCache'>;

/**
 * Public content changed by something other than a route's declared effect (plugins/cache-effects.ts):
 * a payment confirmed by the provider's webhook or the scheduled order check, a lesson length the
 * player reported, seeding. One function per kind of content, so every such write says by name what
 * it changed. Each resolves once the change shows here and has been sent to the other instances.
 */
export const contentChanged = {
  /** Courses with their modules, lessons and quizzes. */
  catalogue: (deps: Target): Promise<void> => deps.pageCache.invalidate(['catalogue']),
  /** Learner counts on the course pages and the catalogue's popular order. */
  enrolments: (deps: Target): Promise<void> => deps.pageCache.invalidate(['enrolments']),
  /** A certificate issued on a course's completion (its check page, once looked up while unknown). */
  certificates: (deps: Target): Promise<void> => deps.pageCache.invalidate(['certificates']),
  /** Rows written behind the services (seeding): nothing can say which parts, so all of them. */
  everything: (deps: Target): Promise<void> => deps.pageCache.invalidate(),
};
