import { IMAGE_MESSAGES } from '../../api-messages.ts';
import { LIMITS } from '../../limits.ts';
import { defineNamespace } from '../define.ts';

/** The server's refusals of an uploaded image (IMAGE_MESSAGES, ../../api-messages.ts). */
export default defineNamespace(IMAGE_MESSAGES, {
  unsupported: 'يرجى رفع صورة بصيغة JPEG أو PNG أو WebP أو AVIF أو GIF.',
  tooLarge: `حجم الصورة كبير جدًا. يرجى رفع صورة أصغر من ${Math.round(LIMITS.imageMaxBytes / 1024 / 1024)} ميغابايت.`,
  tooManyPixels: 'دقة الصورة أعلى من المسموح. يرجى رفع صورة أقل من 50 ميغابكسل.',
});
