import { MESSAGES } from '../../messages.ts';
import { defineNamespace } from '../define.ts';

/** The general rules' texts (MESSAGES, ../../messages.ts), as the API and the forms send them. */
export default defineNamespace(MESSAGES, {
  invalidEmail: 'يرجى إدخال عنوان بريد إلكتروني صالح.',
  passwordTooShort: 'يجب ألا تقل كلمة المرور عن 6 أحرف.',
  nameTooShort: 'يجب ألا يقل الاسم عن 3 أحرف.',
  somethingWentWrong: 'حدث خطأ ما.',
  notFound: 'غير موجود',
  courseNotFound: 'الدورة غير موجودة',
  blogNotFound: 'المقال غير موجود.',
  validationFailed: 'يرجى مراجعة الحقول المحددة.',
  unauthorized: 'يرجى تسجيل الدخول للمتابعة.',
  forbidden: 'ليست لديك صلاحية للقيام بذلك.',
  tooManyRequests: 'محاولات كثيرة جدًا. يرجى الانتظار بضع دقائق ثم المحاولة مجددًا.',
  internal: 'حدث خطأ من جهتنا. يرجى المحاولة لاحقًا.',
  serviceUnavailable: 'يتعذّر على الموقع الوصول إلى قاعدة بياناته حاليًا. يرجى المحاولة بعد دقيقة.',
  restarting: 'يُعاد تشغيل الموقع الآن. يرجى المحاولة بعد لحظات.',
  badCharacters: 'يحتوي هذا الحقل على أحرف لا يمكننا قبولها.',
  nestedTooDeeply: 'الطلب متداخل بعمق أكبر من المسموح.',
  noResults: 'لا توجد نتائج',
  noCoursesMatching: 'لا توجد دورات تطابق معايير البحث.',
  failedToLoadCourses: 'تعذّر تحميل الدورات.',
  noBlogs: 'لا توجد مقالات في الوقت الحالي. يرجى العودة لاحقًا.',
});
