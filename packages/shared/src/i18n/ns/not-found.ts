import { defineNamespace } from '../define.ts';

/**
 * Public pages that answer 404 or fail to load (routes/public/sections/page-error.tsx). The title
 * 'Page not found', 'Back to home', 'Something went wrong' and 'Try again' are in `common`.
 */
export default defineNamespace(
  {
    eyebrow: 'Error 404',
    contactMe: 'Contact me',
    /** The unknown address's page. */
    pageText: 'The page you are looking for does not exist or has moved. These links should help you find your way.',
    browseCourses: 'Browse courses',
    /** A blog post that does not exist. */
    blogText: 'This article does not exist or has been removed. The latest articles are on the Dubai Real Estate page.',
    blogAction: 'See the latest blogs',
    /** A page that failed to load for another reason. */
    failureText: 'This page could not be loaded just now. Please try again in a moment.',
  },
  {
    eyebrow: 'خطأ 404',
    contactMe: 'تواصل معي',
    pageText: 'الصفحة التي تبحث عنها غير موجودة أو نُقلت إلى عنوان آخر. ستساعدك هذه الروابط في الوصول إلى ما تريد.',
    browseCourses: 'تصفّح الدورات',
    blogText: 'هذا المقال غير موجود أو أُزيل. تجد أحدث المقالات في صفحة عقارات دبي.',
    blogAction: 'اطّلع على أحدث المقالات',
    failureText: 'تعذّر تحميل هذه الصفحة الآن. يرجى المحاولة مرة أخرى بعد قليل.',
  },
);
