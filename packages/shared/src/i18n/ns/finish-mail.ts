import { defineNamespace } from '../define.ts';

/**
 * The e-mails of the course finish line and the coming-back reminder, and the unsubscribe page the
 * server writes itself. Server only. `{brand}` is the site's name, `{course}` the course's title.
 */
export default defineNamespace(
  {
    completedSubject: 'You completed {course}',
    completedIntro: 'Congratulations: you have completed {course}. Every lesson is done.',
    completedLink: 'See your completion',
    reminderSubject: 'Pick up {course} where you left off',
    reminderIntro:
      'You started {course} a while ago and have not been back for two weeks. Your progress is saved: carry on from the next lesson.',
    reminderLink: 'Continue the course',
    reminderWhy: 'You get this e-mail once, because you started this course at {brand}.',
    unsubscribeLine: 'No more reminders like this one:',
    unsubscribeTitle: 'Stop course reminders',
    unsubscribeQuestion: 'Stop sending course reminders to {address}?',
    unsubscribeButton: 'Unsubscribe',
    unsubscribedTitle: 'You are unsubscribed',
    unsubscribedText: 'No more course reminders will be sent to {address}.',
    unsubscribeInvalid: 'This unsubscribe link is not valid. Please use the link from the e-mail as it was sent.',
  },
  {
    completedSubject: 'أتممت {course}',
    completedIntro: 'تهانينا: لقد أتممت {course}. أنهيت جميع الدروس.',
    completedLink: 'اطّلع على إتمامك للدورة',
    reminderSubject: 'تابع {course} من حيث توقفت',
    reminderIntro: 'بدأت {course} منذ مدة ولم تعد إليها منذ أسبوعين. تقدّمك محفوظ: تابع من الدرس التالي.',
    reminderLink: 'تابع الدورة',
    reminderWhy: 'تصلك هذه الرسالة مرة واحدة لأنك بدأت هذه الدورة في {brand}.',
    unsubscribeLine: 'لإيقاف التذكيرات المماثلة:',
    unsubscribeTitle: 'إيقاف تذكيرات الدورات',
    unsubscribeQuestion: 'هل تريد إيقاف إرسال تذكيرات الدورات إلى {address}؟',
    unsubscribeButton: 'إلغاء الاشتراك',
    unsubscribedTitle: 'تم إلغاء اشتراكك',
    unsubscribedText: 'لن تُرسل بعد الآن تذكيرات الدورات إلى {address}.',
    unsubscribeInvalid: 'رابط إلغاء الاشتراك هذا غير صالح. يرجى استخدام الرابط كما ورد في الرسالة.',
  },
);
