import { defineNamespace } from '../define.ts';

/** Words shared by many screens: the skip link, generic buttons and states, the language switch. */
export default defineNamespace(
  {
    skipToContent: 'Skip to main content',
    home: 'home',
    /** `{brand}, home`: the logo link's name. */
    brandHome: '{brand}, home',
    opensInNewTab: '(opens in a new tab)',
    loading: 'Loading…',
    save: 'Save',
    saving: 'Saving…',
    cancel: 'Cancel',
    close: 'Close',
    retry: 'Try again',
    backToHome: 'Back to home',
    /** The name of a trail of links to the pages above this one. */
    breadcrumb: 'Breadcrumb',
    pageNotFound: 'Page not found',
    pageNotFoundText: 'The page you are looking for does not exist or has moved.',
    errorTitle: 'Something went wrong',
    errorText: 'We could not load this page just now. Please try again in a moment.',
    /** The language switch: the other language's name is shown in that language. */
    languageSwitch: 'Language',
    readInOther: 'Read this page in {language}',
  },
  {
    skipToContent: 'انتقل إلى المحتوى الرئيسي',
    home: 'الرئيسية',
    brandHome: '{brand}، الصفحة الرئيسية',
    opensInNewTab: '(يفتح في علامة تبويب جديدة)',
    loading: 'جارٍ التحميل…',
    save: 'حفظ',
    saving: 'جارٍ الحفظ…',
    cancel: 'إلغاء',
    close: 'إغلاق',
    retry: 'حاول مرة أخرى',
    backToHome: 'العودة إلى الصفحة الرئيسية',
    breadcrumb: 'مسار التنقل',
    pageNotFound: 'الصفحة غير موجودة',
    pageNotFoundText: 'الصفحة التي تبحث عنها غير موجودة أو نُقلت إلى عنوان آخر.',
    errorTitle: 'حدث خطأ ما',
    errorText: 'تعذّر تحميل هذه الصفحة الآن. يرجى المحاولة بعد قليل.',
    languageSwitch: 'اللغة',
    readInOther: 'اقرأ هذه الصفحة باللغة {language}',
  },
);
