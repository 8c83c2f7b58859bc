import { CURSOR_MESSAGES } from '../../admin/cursor-paging.ts';
import { defineNamespace } from '../define.ts';

/** The paging rule of the admin lists that grow without bound (CURSOR_MESSAGES, ../../admin/cursor-paging.ts). */
export default defineNamespace(CURSOR_MESSAGES, {
  cursorInvalid: 'لم يعد رابط هذه الصفحة صالحًا. يرجى البدء من جديد من الصفحة الأولى.',
});
