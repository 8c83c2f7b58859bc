import { MENTOR_LIMITS, MENTOR_MESSAGES } from '../../admin/mentor.ts';
import { defineNamespace } from '../define.ts';

/** The mentor profile's rules' texts (MENTOR_MESSAGES, ../../admin/mentor.ts), as the API and the form send them. */
export default defineNamespace(MENTOR_MESSAGES, {
  nameRequired: 'يرجى إدخال اسم المرشد.',
  nameTooLong: `يجب ألا يتجاوز عدد أحرف الاسم ${MENTOR_LIMITS.nameMax}.`,
  jobTitleTooLong: `يجب ألا يتجاوز عدد أحرف المسمّى الوظيفي ${MENTOR_LIMITS.jobTitleMax}.`,
  bioTooLong: `يجب ألا يتجاوز عدد أحرف النبذة المختصرة ${MENTOR_LIMITS.bioMax}.`,
  credentialsTooMany: `يرجى ذكر ${MENTOR_LIMITS.credentialsMax} مؤهلات على الأكثر.`,
  credentialTooLong: `يجب ألا يتجاوز عدد أحرف كل مؤهل ${MENTOR_LIMITS.credentialMax}.`,
  focusInvalid: 'يرجى اختيار نقطة تركيز داخل الصورة: من 0 إلى 100% أفقيًا ورأسيًا.',
  mentorSaved: 'تم حفظ ملف المرشد!',
  mentorSaveFailed: 'تعذّر حفظ ملف المرشد',
  failedToLoadMentor: 'تعذّر تحميل ملف المرشد',
});
