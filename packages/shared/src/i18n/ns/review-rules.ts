import { REVIEW_MESSAGES } from '../../reviews.ts';
import { defineNamespace } from '../define.ts';

/** The rules of reviews and testimonials (error codes `reviewRules.*`). */
export default defineNamespace(REVIEW_MESSAGES, {
  ratingInvalid: 'اختر تقييمًا من نجمة واحدة إلى خمس نجوم.',
  textTooLong: 'لا يتجاوز نص المراجعة 2,000 حرف.',
  notEnrolled: 'لا يقيّم هذه الدورة إلا المسجّلون فيها.',
  tooEarly: 'يمكنك تقييم هذه الدورة بعد إتمام ثلث دروسها.',
  reviewNotFound: 'المراجعة غير موجودة',
  statusInvalid: 'اختر الاعتماد أو الإخفاء.',
  testimonialNotFound: 'الشهادة غير موجودة',
  testimonialNameRequired: 'أدخل اسم صاحب الشهادة.',
  testimonialQuoteRequired: 'أدخل نص الشهادة.',
  testimonialTooLong: 'هذا النص أطول من المسموح.',
  testimonialPhotoInvalid: 'هذه الصورة ليست صورة مرفوعة.',
  testimonialCourseInvalid: 'هذه الدورة غير موجودة.',
  testimonialOrderInvalid: 'يجب أن يضم الترتيب الجديد كل الشهادات، كلًّا منها مرة واحدة فقط.',
});
