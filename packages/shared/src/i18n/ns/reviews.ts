import { defineNamespace } from '../define.ts';

/**
 * Ratings and reviews on the public pages (course page, catalogue cards, plain markup), the
 * learner's review form on the watch page, and the testimonials sections.
 */
export default defineNamespace(
  {
    /** What the stars say to everyone: `{average}` with one decimal. */
    ratingText: {
      one: '{average} out of 5, {count} review',
      other: '{average} out of 5, {count} reviews',
    },
    heading: 'What learners say',
    /** One review's stars. */
    stars: { one: '{count} out of 5 stars', other: '{count} out of 5 stars' },
    testimonialsHeading: 'In their words',
    // The learner's form (watch page).
    formHeading: 'Rate this course',
    formLocked:
      'You can rate this course once you have completed a third of its lessons ({completed} of {lessons} so far).',
    ratingLegend: 'Your rating',
    starOption: { one: '{count} star', other: '{count} stars' },
    textLabel: 'Your review (optional)',
    submit: 'Send review',
    update: 'Update review',
    sending: 'Sending...',
    statusWaiting: 'Thank you. Your review waits for approval before it is shown.',
    statusApproved: 'Your review is published. Editing it sends it for approval again.',
    statusHidden: 'Your review is not shown on the site.',
  },
  {
    ratingText: {
      zero: '{average} من 5، بلا مراجعات',
      one: '{average} من 5، مراجعة واحدة',
      two: '{average} من 5، مراجعتان',
      few: '{average} من 5، {count} مراجعات',
      many: '{average} من 5، {count} مراجعة',
      other: '{average} من 5، {count} مراجعة',
    },
    heading: 'آراء المتعلمين',
    stars: {
      zero: '{count} من 5 نجوم',
      one: 'نجمة واحدة من 5',
      two: 'نجمتان من 5',
      few: '{count} نجوم من 5',
      many: '{count} نجمة من 5',
      other: '{count} نجمة من 5',
    },
    testimonialsHeading: 'بكلماتهم',
    formHeading: 'قيّم هذه الدورة',
    formLocked: 'يمكنك تقييم هذه الدورة بعد إتمام ثلث دروسها (أتممت {completed} من {lessons} حتى الآن).',
    ratingLegend: 'تقييمك',
    starOption: {
      zero: '{count} نجوم',
      one: 'نجمة واحدة',
      two: 'نجمتان',
      few: '{count} نجوم',
      many: '{count} نجمة',
      other: '{count} نجمة',
    },
    textLabel: 'مراجعتك (اختيارية)',
    submit: 'أرسل المراجعة',
    update: 'حدّث المراجعة',
    sending: 'جارٍ الإرسال...',
    statusWaiting: 'شكرًا لك. تنتظر مراجعتك الاعتماد قبل ظهورها.',
    statusApproved: 'مراجعتك منشورة. تعديلها يعيدها إلى انتظار الاعتماد.',
    statusHidden: 'مراجعتك غير معروضة على الموقع.',
  },
);
