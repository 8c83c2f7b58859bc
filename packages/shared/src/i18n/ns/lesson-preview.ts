import { defineNamespace } from '../define.ts';

/** The course page's free-preview player (components/course/sales/lesson-preview.tsx, an island). */
export default defineNamespace(
  {
    /** The button beside a free-preview lesson; `{title}` is read to screen readers only. */
    preview: 'Preview',
    previewOf: 'Watch a free preview: {title}',
    loading: 'Loading the preview...',
    /** The link could not be had, or the player gave no sign of life in time, or reported an error. */
    failed: 'The preview could not be loaded. Please check your connection and try again.',
    retry: 'Try again',
    contact: 'Tell us the video does not play',
    close: 'Close the preview',
  },
  {
    preview: 'معاينة',
    previewOf: 'شاهد معاينة مجانية: {title}',
    loading: 'جارٍ تحميل المعاينة...',
    failed: 'تعذّر تحميل المعاينة. يرجى التحقق من اتصالك والمحاولة مرة أخرى.',
    retry: 'أعد المحاولة',
    contact: 'أخبرنا أن الفيديو لا يعمل',
    close: 'إغلاق المعاينة',
  },
);
