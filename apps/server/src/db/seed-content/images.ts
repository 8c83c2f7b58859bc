/** The demo images by role, as files in seed-assets (their renditions are made by seed-assets/renditions.ts). */
export const IMAGE_FILES = {
  hero: 'hero-dubai-skyline.jpg',
  intro: 'intro-balcony-view.jpg',
  offPlan: 'course-off-plan.jpg',
  goldenVisa: 'course-golden-visa.jpg',
  mortgages: 'course-mortgages.jpg',
  market: 'course-market.jpg',
  holidayHomes: 'course-holiday-homes.jpg',
  buyingProcess: 'course-buying-process.jpg',
  blogMarina: 'blog-marina-night.jpg',
  blogYields: 'blog-rental-yields.jpg',
  blogKeys: 'blog-keys.jpg',
} as const;

export type DemoImage = keyof typeof IMAGE_FILES;
