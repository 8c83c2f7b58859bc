import { QUIZ_LIMITS, QUIZ_MESSAGES } from '../../quiz.ts';
import { defineNamespace } from '../define.ts';

// Its texts only: the three functions (attempts used up, left, the wait) are templates with plural
// forms in `learning`.
const { attemptsUsedUp: _used, waitForNextAttempt: _wait, attemptsLeft: _left, ...texts } = QUIZ_MESSAGES;

/** The quiz's rules texts (QUIZ_MESSAGES, ../../quiz.ts): the admin's validation and screens, the learner's quiz. */
export default defineNamespace(texts, {
  selectCourse: 'يرجى اختيار دورة.',
  questionRequired: 'يرجى إدخال السؤال.',
  questionTooLong: `يجب ألا يزيد السؤال على ${QUIZ_LIMITS.questionMaxLength} حرف.`,
  optionsRequired: 'يرجى تعبئة الخيارات الأربعة جميعها.',
  optionTooLong: `يجب ألا يزيد الخيار على ${QUIZ_LIMITS.optionMaxLength} حرف.`,
  optionsArCount: 'يجب أن تكون الخيارات بالعربية أربعة، واحدًا لكل خيار، أو لا شيء.',
  correctAnswerRange: 'يجب أن يكون رقم الخيار الصحيح من 0 إلى 3.',
  correctAnswerRequired: 'يرجى اختيار الخيار الذي يمثّل الإجابة الصحيحة.',
  questionsRequired: 'يرجى إضافة سؤال واحد على الأقل.',
  tooManyQuestions: `لا يمكن أن يضم الاختبار أكثر من ${QUIZ_LIMITS.maxQuestions} سؤال.`,
  quizNotFound: 'الاختبار غير موجود',
  questionNotFound: 'السؤال غير موجود',
  answersInvalid: 'يرجى الإجابة عن جميع الأسئلة.',
  locked: 'شاهد جميع مقاطع الفيديو لفتح الاختبار.',
  saveFailed: 'حدث خطأ أثناء حفظ الاختبار',
  fetchFailed: 'تعذّر جلب الاختبارات',
  deleteFailed: 'تعذّر حذف السؤال',
  updateFailed: 'تعذّر تحديث الاختبار',
  saved: 'تم حفظ الاختبار!',
  questionUpdated: 'تم تحديث السؤال!',
  questionDeleted: 'تم حذف السؤال!',
  shuffleInvalid: 'يرجى تحديد ما إذا كانت الأسئلة والخيارات تُعرض بترتيب عشوائي.',
  drawCountRange: `يجب أن يكون عدد الأسئلة المسحوبة عددًا صحيحًا من 1 إلى ${QUIZ_LIMITS.maxQuestions}.`,
  attemptRequired: 'تغيّر هذا الاختبار. يرجى إعادة تحميل الصفحة وأداؤه من جديد.',
  answersNotDrawn: 'هذه الإجابات ليست للأسئلة التي سُلّمت في هذه المحاولة.',
  confirmSave: 'هل تريد حفظ هذا الاختبار؟',
  previous: 'السابق',
  next: 'التالي',
  submit: 'إرسال الاختبار',
  retake: 'أعد الاختبار',
  submitFailed: 'تعذّر إرسال الاختبار',
  attemptPolicyInvalid: 'يرجى تحديد عدد المرات التي يمكن للمتعلّمين فيها أداء الاختبار.',
  attemptCountRange: `يجب أن يكون عدد المحاولات عددًا صحيحًا من ${QUIZ_LIMITS.attemptCountMin} إلى ${QUIZ_LIMITS.attemptCountMax}.`,
  waitHoursRange: `يجب أن تكون مدة الانتظار عددًا صحيحًا من الساعات من ${QUIZ_LIMITS.waitHoursMin} إلى ${QUIZ_LIMITS.waitHoursMax}.`,
  showQuestionResultsInvalid: 'يرجى تحديد ما إذا كان المتعلّمون سيرون الإجابات الصحيحة.',
  passPercentRange: `يجب أن تكون درجة النجاح عددًا صحيحًا من ${QUIZ_LIMITS.passPercentMin} إلى ${QUIZ_LIMITS.passPercentMax} (بالمئة).`,
  settingsSaved: 'تم حفظ إعدادات الاختبار!',
  settingsFailed: 'تعذّر حفظ إعدادات الاختبار',
});
