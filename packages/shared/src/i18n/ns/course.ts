import type { CourseLanguage, CourseLevel } from '../../selling.ts';
import { defineNamespace } from '../define.ts';

/** The message key naming each course level and teaching language. */
export const COURSE_LEVEL_KEYS = {
  beginner: 'levelBeginner',
  intermediate: 'levelIntermediate',
  advanced: 'levelAdvanced',
  all: 'levelAll',
} as const satisfies Record<CourseLevel, string>;
export const COURSE_LANGUAGE_KEYS = {
  en: 'languageEn',
  ar: 'languageAr',
  'en-ar': 'languageEnAr',
} as const satisfies Record<CourseLanguage, string>;

/** The course page (routes/public/course.tsx) and the course outline of the learner's watch page. */
export default defineNamespace(
  {
    onlineCourse: 'Online course',
    comingSoon: 'Coming soon',
    /** Read to screen readers before the author's name. */
    author: 'Author: ',
    students: { one: '{count} student', other: '{count} students' },
    /** `{modules}` and `{lessons}` are the `modules` and `lessons` texts. */
    modulesAndLessons: '{modules}, {lessons}',
    modules: { one: '{count} module', other: '{count} modules' },
    lessons: { one: '{count} lesson', other: '{count} lessons' },
    enrol: 'Enrol',
    price: 'Price',
    /** A course priced on application (price 0). */
    poa: 'POA',
    // The price card lists what the course really has: its lessons and length, the quiz only when
    // it has one, its free previews when there are any; then what every course gives.
    featureQuiz: 'A quiz to check what you have learnt',
    featureFreePreviews: { one: '{count} free preview lesson', other: '{count} free preview lessons' },
    featureAnyDevice: 'Watch on any device',
    featureProgress: 'Progress saved as you go',
    about: 'About this course',
    aboutEmpty: 'A full description of this course is on its way.',
    outcomes: "What You'll Learn",
    outcomesEmpty: 'The learning outcomes for this course will be published soon.',
    content: 'Course content',
    lessonsPreparing: 'The lessons for this course are being prepared.',
    module: 'Module {number}',
    notFoundText: 'This course does not exist or is no longer available. Have a look at the full catalogue instead.',
    browseAll: 'Browse all courses',
    failedTitle: 'Failed to load course',
    failedText: 'Please try again in a moment.',
    /** The page's description for search engines when the course has none. */
    metaDescription: '{title}: an online course on Dubai real estate.',
    // The watch page's outline (components/course/course-outline.tsx).
    progress: { one: '{done} of {count} video completed', other: '{done} of {count} videos completed' },
    /** Read to screen readers before a video's title. */
    videoNumber: 'Video {number}: ',
    /** Read to screen readers after a completed video's title. */
    completed: ' (completed)',
    noVideos: 'No videos yet.',
    // The selling blocks of the course page (components/course/sales/).
    // The course's level and teaching language (COURSE_LEVELS, COURSE_LANGUAGES): see courseLevelKey.
    levelBeginner: 'Beginner',
    levelIntermediate: 'Intermediate',
    levelAdvanced: 'Advanced',
    levelAll: 'All levels',
    languageEn: 'English',
    languageAr: 'Arabic',
    languageEnAr: 'English and Arabic',
    /** Read to screen readers before the level and the language. */
    levelLabel: 'Level: ',
    languageLabel: 'Taught in: ',
    lastUpdated: 'Last updated {date}',
    /** `{lessons}` is the `lessons` text, `{length}` a duration. */
    lessonsAndLength: '{lessons}, {length} in total',
    hoursMinutes: '{hours} h {minutes} min',
    minutesOnly: '{minutes} min',
    /** Read to screen readers before a lesson's length ('12:05'). */
    lessonLength: 'Length: ',
    freePreview: 'Free preview',
    priceOnRequest: 'Price on request',
    facts: 'Course facts',
    faq: 'Frequently asked questions',
    /** The bar with the price and the button that stays at the bottom of a phone's screen. */
    buyBar: 'Price and enrolment',
  },
  {
    onlineCourse: 'دورة عبر الإنترنت',
    comingSoon: 'قريبًا',
    author: 'المؤلف: ',
    students: {
      zero: 'لا يوجد طلاب بعد',
      one: 'طالب واحد',
      two: 'طالبان',
      few: '{count} طلاب',
      many: '{count} طالبًا',
      other: '{count} طالب',
    },
    modulesAndLessons: '{modules}، {lessons}',
    modules: {
      one: 'وحدة واحدة',
      two: 'وحدتان',
      few: '{count} وحدات',
      many: '{count} وحدة',
      other: '{count} وحدة',
    },
    lessons: {
      zero: 'لا توجد دروس بعد',
      one: 'درس واحد',
      two: 'درسان',
      few: '{count} دروس',
      many: '{count} درسًا',
      other: '{count} درس',
    },
    enrol: 'التسجيل في الدورة',
    price: 'السعر',
    poa: 'السعر عند الطلب',
    featureQuiz: 'اختبار قصير لقياس ما تعلّمته',
    featureFreePreviews: {
      one: 'درس واحد مجاني للمعاينة',
      two: 'درسان مجانيان للمعاينة',
      few: '{count} دروس مجانية للمعاينة',
      many: '{count} درسًا مجانيًا للمعاينة',
      other: '{count} درس مجاني للمعاينة',
    },
    featureAnyDevice: 'شاهدها على أي جهاز',
    featureProgress: 'يُحفظ تقدّمك أولًا بأول',
    about: 'عن هذه الدورة',
    aboutEmpty: 'سيُنشر وصف كامل لهذه الدورة قريبًا.',
    outcomes: 'ماذا ستتعلّم',
    outcomesEmpty: 'ستُنشر مخرجات التعلّم لهذه الدورة قريبًا.',
    content: 'محتوى الدورة',
    lessonsPreparing: 'يجري إعداد دروس هذه الدورة.',
    module: 'الوحدة {number}',
    notFoundText: 'هذه الدورة غير موجودة أو لم تعد متاحة. يمكنك تصفّح قائمة الدورات كاملة بدلًا من ذلك.',
    browseAll: 'تصفّح جميع الدورات',
    failedTitle: 'تعذّر تحميل الدورة',
    failedText: 'يرجى المحاولة مرة أخرى بعد قليل.',
    metaDescription: '{title}: دورة عبر الإنترنت عن عقارات دبي.',
    progress: {
      one: 'اكتمل {done} من أصل فيديو واحد',
      two: 'اكتمل {done} من أصل مقطعَي فيديو',
      few: 'اكتمل {done} من أصل {count} مقاطع فيديو',
      many: 'اكتمل {done} من أصل {count} مقطع فيديو',
      other: 'اكتمل {done} من أصل {count} مقطع فيديو',
    },
    videoNumber: 'الفيديو {number}: ',
    completed: ' (مكتمل)',
    noVideos: 'لا توجد مقاطع فيديو بعد.',
    levelBeginner: 'مبتدئ',
    levelIntermediate: 'متوسط',
    levelAdvanced: 'متقدّم',
    levelAll: 'جميع المستويات',
    languageEn: 'الإنجليزية',
    languageAr: 'العربية',
    languageEnAr: 'الإنجليزية والعربية',
    levelLabel: 'المستوى: ',
    languageLabel: 'لغة التدريس: ',
    lastUpdated: 'آخر تحديث {date}',
    lessonsAndLength: '{lessons}، بمدة إجمالية {length}',
    hoursMinutes: '{hours} س {minutes} د',
    minutesOnly: '{minutes} د',
    lessonLength: 'المدة: ',
    freePreview: 'معاينة مجانية',
    priceOnRequest: 'السعر عند الطلب',
    facts: 'معلومات الدورة',
    faq: 'الأسئلة الشائعة',
    buyBar: 'السعر والتسجيل',
  },
);
