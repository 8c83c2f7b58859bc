import { BOOKING_MESSAGES } from '../../booking-rules.ts';
import { defineNamespace } from '../define.ts';

/** The booking rules' texts (BOOKING_MESSAGES, ../../booking-rules.ts), as the schemas and the API send them. */
export default defineNamespace(BOOKING_MESSAGES, {
  timeFormat: 'أدخل الوقت بصيغة HH:mm.',
  rangeOrder: 'يجب أن تنتهي الفترة بعد بدايتها.',
  rangesOverlap: 'يجب ألّا تتداخل الفترات في اليوم الواحد.',
  dateFormat: 'أدخل التاريخ بصيغة YYYY-MM-DD.',
  dateTwice: 'لا يمكن إدراج التاريخ إلا مرة واحدة.',
  timeZoneUnknown: 'اختر منطقة زمنية معروفة.',
  slotTaken: 'عذرًا، حُجز هذا الموعد للتو. يرجى اختيار موعد آخر.',
  slotUnavailable: 'هذا الموعد غير متاح للحجز. يرجى اختيار موعد آخر.',
  noHours: 'الحجز غير متاح: لم تُحدَّد ساعات العمل.',
  spanTooLong: 'اطلب مواعيد 62 يومًا على الأكثر في المرة الواحدة.',
  linkInvalid: 'هذا الرابط غير صالح أو سبق استخدامه.',
  linkExpired: 'انتهت صلاحية هذا الرابط: بدأت الاستشارة أو انقضت.',
  bookingNotFound: 'الحجز غير موجود.',
  alreadyCancelled: 'هذا الحجز ملغى بالفعل.',
});
