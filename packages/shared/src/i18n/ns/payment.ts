import { PAYMENT_MESSAGES } from '../../payment-messages.ts';
import { defineNamespace } from '../define.ts';
import purchase from './purchase.ts';

/**
 * Buying a course (PAYMENT_MESSAGES, ../../payment-messages.ts): checkout, the payment's result,
 * the enrolled list, the rules the server enforces and the admin's orders.
 */
export default defineNamespace(PAYMENT_MESSAGES, {
  // PURCHASE_MESSAGES, part of PAYMENT_MESSAGES: translated once, in `purchase`.
  ...purchase.ar,
  loadingCheckout: 'جارٍ تحميل صفحة الدفع…',
  courseNotFound: 'الدورة غير موجودة.',
  failedToFetchCourse: 'تعذّر جلب تفاصيل الدورة',
  payNow: 'ادفع الآن',
  processing: 'جارٍ المعالجة…',
  paymentUrlNotFound: 'لم يُعثر على رابط الدفع.',
  paymentInitiationFailed: 'تعذّر بدء عملية الدفع.',
  testMode: 'وضع الاختبار: لن يُخصم أي مبلغ فعلي.',
  testModeDetail: 'تعمل المدفوعات على هذا الموقع في بيئة تجريبية: يمكنك التسجيل في الدورة دون أن يُخصم منك أي مبلغ.',
  alreadyEnrolled: 'أنت مسجّل في هذه الدورة بالفعل.',
  priceOnApplication: 'سعر هذه الدورة عند الطلب. يرجى التواصل معنا للتسجيل.',
  comingSoon: 'هذه الدورة قادمة قريبًا ولا يمكن شراؤها بعد.',
  courseUnavailable: 'هذه الدورة لم تعد متاحة.',
  providerUnavailable: 'تعذّر الاتصال بمزوّد خدمة الدفع. يرجى المحاولة بعد قليل.',
  paymentSuccessful: 'تمّت عملية الدفع بنجاح!',
  paymentCanceled: 'أُلغيت عملية الدفع',
  retryPayment: 'أعد محاولة الدفع',
  waitingForConfirmation: 'ننتظر تأكيد مزوّد خدمة الدفع لعملية الدفع…',
  paymentFailed: 'تعذّر إتمام عملية الدفع، ولم يُخصم منك أي مبلغ مقابل هذه الدورة.',
  paymentNotFound: 'لم يُعثر على عملية الدفع.',
  enrolledTitle: 'الدورات المسجّل فيها',
  noEnrolledCourses: 'لم تسجّل في أي دورة بعد.',
  loadingCourses: 'جارٍ تحميل الدورات…',
  untitledCourse: 'دورة بلا عنوان',
  invalidWebhook: 'توقيع إشعار الدفع (webhook) غير صالح.',
  noOrders: 'لا توجد طلبات بعد.',
  loadingOrders: 'جارٍ تحميل الطلبات…',
  failedToLoadOrders: 'تعذّر تحميل الطلبات.',
  unauthorized: 'يرجى تسجيل الدخول للمتابعة.',
});
