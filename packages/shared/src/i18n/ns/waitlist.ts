import { defineNamespace } from '../define.ts';

/**
 * The waitlist of a coming-soon course as the server writes it (the form itself is in `course`): the
 * page after a signup, the e-mail that says the course is on sale, and the unsubscribe pages.
 */
export default defineNamespace(
  {
    joinedTitle: 'You are on the list',
    joinedText: 'We will e-mail you when the course opens.',
    failedTitle: 'We could not add you',
    backToCourse: 'Back to the course',
    allCourses: 'See all courses',
    mailSubject: 'Now open: {title}',
    mailHeading: '{title} is open',
    mailText: 'You asked us to tell you when this course opens. It is on sale now.',
    mailCourse: 'Course',
    mailPrice: 'Price',
    mailLink: 'See the course: {url}',
    mailUnsubscribe: 'No more e-mails about this course: {url}',
    unsubscribeTitle: 'Stop these e-mails?',
    unsubscribeText: 'You will get no more e-mails about this course.',
    unsubscribeButton: 'Unsubscribe',
    unsubscribedTitle: 'You are unsubscribed',
    unsubscribedText: 'We will not e-mail you about this course again.',
    home: 'Home page',
  },
  {
    joinedTitle: 'أنت على القائمة',
    joinedText: 'سنراسلك عند افتتاح الدورة.',
    failedTitle: 'تعذّرت إضافتك',
    backToCourse: 'العودة إلى الدورة',
    allCourses: 'تصفّح جميع الدورات',
    mailSubject: 'متاحة الآن: {title}',
    mailHeading: 'دورة {title} متاحة الآن',
    mailText: 'طلبت منا إعلامك عند افتتاح هذه الدورة. إنها متاحة للشراء الآن.',
    mailCourse: 'الدورة',
    mailPrice: 'السعر',
    mailLink: 'اطّلع على الدورة: {url}',
    mailUnsubscribe: 'لإيقاف الرسائل عن هذه الدورة: {url}',
    unsubscribeTitle: 'إيقاف هذه الرسائل؟',
    unsubscribeText: 'لن تصلك رسائل أخرى عن هذه الدورة.',
    unsubscribeButton: 'إلغاء الاشتراك',
    unsubscribedTitle: 'تم إلغاء اشتراكك',
    unsubscribedText: 'لن نراسلك عن هذه الدورة مرة أخرى.',
    home: 'الصفحة الرئيسية',
  },
);
