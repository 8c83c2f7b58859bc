import { PROGRESS_MESSAGES } from '../../progress.ts';
import { defineNamespace } from '../define.ts';

// Its texts only: `completesWhenWatched`, a function, is the template `learning.completesWhenWatched`.
const { completesWhenWatched: _, ...texts } = PROGRESS_MESSAGES;

/** The watch page's and the progress API's rules texts (PROGRESS_MESSAGES, ../../progress.ts). */
export default defineNamespace(texts, {
  quizLocked: 'شاهد جميع مقاطع الفيديو لفتح الاختبار.',
  selectVideo: 'اختر مقطع فيديو لبدء المشاهدة',
  noAccess: 'عليك التسجيل في هذه الدورة لمشاهدتها.',
  videoNotFound: 'مقطع الفيديو غير موجود',
  courseComplete: 'لقد أتممت هذه الدورة. أحسنت!',
  saveFailed: 'تعذّر حفظ تقدّمك. يرجى التحقق من اتصالك بالإنترنت.',
  loadFailed: 'تعذّر تحميل تقدّمك.',
  watchFirst: 'شاهد الدرس حتى نهايته أولًا: يكتمل الدرس بعد مشاهدة معظمه.',
  watchReportInvalid: 'أرسل المشغّل موضعًا أو مدة غير صالحة.',
  lessonLocked: 'يُفتح هذا الدرس بعد أن تُتم الدرس الذي قبله.',
  completesWhenEnded: 'يكتمل عند انتهاء الفيديو',
});
