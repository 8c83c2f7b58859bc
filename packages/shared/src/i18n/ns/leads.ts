import { LEAD_LIMITS, LEAD_MESSAGES, tooLongMessage } from '../../lead-rules.ts';
import { defineNamespace, fmt } from '../define.ts';

/** Limits here are whole hundreds or thousands, after which Arabic counts a singular noun ('100 حرف'). */
const tooLong = (max: number) => fmt('يرجى ألّا يتجاوز هذا الحقل {max} حرف.', { max });

/**
 * The lead forms' rules' texts (LEAD_MESSAGES, ../../lead-rules.ts), as the contact and
 * consultation forms and the API send them; with the three 'too long' texts the rules can write
 * (`tooLongMessage` of each limit that has one), so that they translate like the others.
 */
export default defineNamespace(
  {
    ...LEAD_MESSAGES,
    nameTooLong: tooLongMessage(LEAD_LIMITS.name),
    fullNameTooLong: tooLongMessage(LEAD_LIMITS.fullName),
    messageTooLong: tooLongMessage(LEAD_LIMITS.message),
  },
  {
    countryCode: 'يجب أن يبدأ رمز الدولة بعلامة + تليها من 1 إلى 4 أرقام',
    phoneNumber: 'أدخل رقم هاتف صالحًا (من 6 إلى 14 رقمًا)',
    contactSent: 'تم إرسال رسالتك بنجاح!',
    contactFailed: 'تعذّر إرسال الرسالة. يرجى المحاولة لاحقًا.',
    phoneMissing: 'رقم غير صالح. يرجى إدخال رقم هاتف صالح بعد رمز الدولة.',
    phoneFormat: 'رقم الهاتف غير صالح. يرجى استخدام الصيغة الصحيحة.',
    consultationFailed: 'حدث خطأ ما. يرجى المحاولة لاحقًا.',
    consultationThanksTitle: 'شكرًا لك!',
    consultationThanks: 'تم استلام طلب الاستشارة. سنتواصل معك خلال 24 ساعة عمل.',
    invalidEmail: 'يرجى إدخال عنوان بريد إلكتروني صالح.',
    emailRequired: 'يرجى إدخال بريدك الإلكتروني.',
    firstNameRequired: 'يرجى إدخال اسمك الأول.',
    lastNameRequired: 'يرجى إدخال اسم العائلة.',
    fullNameRequired: 'يرجى إدخال اسمك الكامل.',
    messageRequired: 'يرجى كتابة رسالتك.',
    queryTypeRequired: 'يرجى اختيار موضوع استفسارك.',
    investmentInterestRequired: 'يرجى اختيار مجال اهتمامك.',
    investmentAmountRequired: 'يرجى اختيار مبلغ الاستثمار.',
    preferredTimeRequired: 'يرجى اختيار الوقت المفضّل.',
    nameTooLong: tooLong(LEAD_LIMITS.name),
    fullNameTooLong: tooLong(LEAD_LIMITS.fullName),
    messageTooLong: tooLong(LEAD_LIMITS.message),
  },
);
