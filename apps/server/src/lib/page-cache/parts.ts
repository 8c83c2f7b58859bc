/**
 * The parts of the public content a write can change, as the read model holds them (read-model.ts).
 * A write names the parts it changed: only those are loaded again. 'catalogue' is the courses with
 * their modules and lessons; 'enrolments' their learner counts (a sale changes those only).
 */
export type ContentPart =
  | 'settings'
  | 'hero'
  | 'intro'
  | 'podcasts'
  | 'catalogue'
  | 'enrolments'
  | 'blogs'
  /** The mentor's profile: the About page, the course pages' instructor block, `Person` data. */
  | 'mentor'
  /** Certificates' check pages (looked up by id, not held whole). */
  | 'certificates'
  /** Approved reviews: each course's rating and newest reviews (course pages, cards, the 'rating' sort). */
  | 'reviews'
  /** The testimonials shown on the home, About and course pages. */
  | 'testimonials';

/** Every part, once (a Record, so adding a part to the type without adding it here fails to compile). */
const PARTS: Readonly<Record<ContentPart, true>> = {
  settings: true,
  hero: true,
  intro: true,
  podcasts: true,
  catalogue: true,
  enrolments: true,
  blogs: true,
  mentor: true,
  certificates: true,
  reviews: true,
  testimonials: true,
};
/** Every part: what a process refreshes when it may have missed a change (lib/instance-sync.ts). */
export const CONTENT_PARTS: readonly ContentPart[] = Object.freeze(Object.keys(PARTS) as ContentPart[]);

export function isContentPart(name: unknown): name is ContentPart {
  return typeof name === 'string' && Object.hasOwn(PARTS, name);
}
