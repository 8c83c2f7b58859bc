import { defineNamespace } from '../define.ts';

/** The videos island (home, /contact, /consult): its own words. The section's headings are `videoSection`. */
export default defineNamespace(
  {
    comingSoon: 'Coming soon',
    /** The play button's name for screen readers. */
    playVideo: 'Play video: {title}',
  },
  {
    comingSoon: 'قريبًا',
    playVideo: 'تشغيل الفيديو: {title}',
  },
);
