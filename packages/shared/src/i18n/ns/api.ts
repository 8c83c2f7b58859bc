import { API_MESSAGES } from '../../api-messages.ts';
import { defineNamespace } from '../define.ts';

/** The API's own texts (API_MESSAGES, ../../api-messages.ts), as its error answers send them. */
export default defineNamespace(API_MESSAGES, {
  leadNotFound: 'الطلب غير موجود',
  waitlistCourseNotFound: 'لا تقبل هذه الدورة التسجيل في قائمة الانتظار.',
  waitlistNotOnSale: 'يجب نشر الدورة بسعر قبل مراسلة قائمة انتظارها.',
  waitlistAlreadyAnnounced: 'تمت مراسلة قائمة انتظار هذه الدورة من قبل.',
  videoTooLarge: 'حجم الفيديو كبير جدًا. يرجى رفع فيديو أصغر من {size}.',
  quizAttemptsUsedUpOne: 'لقد استخدمت محاولتك الوحيدة في هذا الاختبار.',
  quizAttemptsUsedUp: 'لقد استنفدت جميع محاولاتك في هذا الاختبار، وعددها {limit}.',
  quizWaitForNextAttempt: 'لقد استنفدت محاولاتك حاليًا. يمكنك إعادة الاختبار يوم {day} الساعة {time} (بتوقيت دبي).',
  requestUnreadable: 'تعذّرت قراءة الطلب.',
  requestTooLarge: 'حجم الطلب كبير جدًا.',
  requestTypeRefused: 'نوع المحتوى هذا غير مقبول.',
  adminAccountExists:
    'يوجد حساب مشرف بالبريد الإلكتروني {email}. لتغيير كلمة مروره، شغّل: npm run admin -- reset-password --email {email}',
  learnerAccountExists: 'يوجد حساب متعلّم بالبريد الإلكتروني {email}؛ استخدم بريدًا آخر لحساب المشرف.',
  noAccountWithEmail: 'لا يوجد حساب بالبريد الإلكتروني {email}.',
});
