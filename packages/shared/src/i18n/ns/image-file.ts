import { LIMITS } from '../../limits.ts';
import { IMAGE_FILE_MESSAGES } from '../../media-urls.ts';
import { defineNamespace } from '../define.ts';

/** The admin image inputs' refusals (IMAGE_FILE_MESSAGES, ../../media-urls.ts). */
export default defineNamespace(IMAGE_FILE_MESSAGES, {
  wrongType: 'يرجى اختيار ملف صورة (JPEG أو PNG أو WebP أو AVIF أو GIF).',
  tooLarge: `يجب ألا يتجاوز حجم الصورة ${Math.round(LIMITS.imageMaxBytes / (1024 * 1024))} ميغابايت.`,
});
