import { COURSE_RULE_MESSAGES } from '../../admin/courses.ts';
import { COURSE_PAGE_LIMITS as L } from '../../limits.ts';
import { defineNamespace } from '../define.ts';

/** The rules' texts of the course page's fields, drafts and lesson lengths (COURSE_RULE_MESSAGES, ../../admin/courses.ts). */
export default defineNamespace(COURSE_RULE_MESSAGES, {
  taglineTooLong: `يمكن أن يتكوّن الوعد المختصر من ${L.taglineMax} حرفًا على الأكثر.`,
  levelInvalid: 'يرجى اختيار مستوى من القائمة.',
  languageInvalid: 'يرجى اختيار لغة من القائمة.',
  outcomesInvalid: `تتّسع قائمة «ماذا ستتعلّم» لـ ${L.outcomesMax} سطرًا على الأكثر، وكل سطر حتى ${L.outcomeMax} حرف.`,
  faqInvalid: `تتّسع الأسئلة الشائعة لـ ${L.faqMax} سؤالًا على الأكثر، ولكل سؤال نصّه وجوابه (السؤال حتى ${L.faqQuestionMax} حرف، والجواب حتى ${L.faqAnswerMax} حرف).`,
  coursePublished: 'نُشرت الدورة: أصبحت الآن ظاهرة في الصفحات العامة.',
  courseUnpublished: 'أُلغي نشر الدورة: عادت مسودة مخفية عن الصفحات العامة.',
  lessonLengthInvalid: 'يرجى كتابة المدة بالدقائق والثواني، مثل 12:30، أو ترك الحقل فارغًا.',
  thresholdInvalid: `يرجى إدخال عدد صحيح من 0 إلى ${L.enrolmentThresholdMax}.`,
});
