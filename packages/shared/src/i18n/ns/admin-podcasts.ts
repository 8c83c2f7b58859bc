import { defineNamespace } from '../define.ts';

/** The admin's podcast videos screen (the home page's 'Learn On the Go' section). */
export default defineNamespace(
  {
    title: 'Podcast Videos',
    lead: "The videos of the 'Learn On the Go' section on the home page, in this order.",
    addHeading: 'Add a video',
    addVideo: 'Add Video',
    adding: 'Adding...',
    onSite: 'Videos on the site',
    loading: 'Loading videos...',
    empty: 'No podcast videos yet.',
    emptyText: 'The home page shows three coming-soon placeholders until you add one.',
    comingSoon: 'Coming soon',
    comingSoonHint: "Listed with a 'coming soon' label instead of the player.",
    editTitle: 'Edit video',
    saveChanges: 'Save changes',
    deleteTitle: 'Delete this video?',
    /** `{title}` is the video's title, in bold. */
    deleteText: '{title} will be removed from the home page.',
    videoTitle: 'Title',
    /** The Arabic twin of 'Title' (without that word: labels are looked up by substring). */
    videoTitleAr: 'Video name in Arabic',
    url: 'YouTube URL',
    urlHint: 'A watch, shorts or embed link.',
  },
  {
    title: 'فيديوهات البودكاست',
    lead: 'فيديوهات قسم «تعلّم أينما كنت» في الصفحة الرئيسية، بهذا الترتيب.',
    addHeading: 'إضافة فيديو',
    addVideo: 'إضافة الفيديو',
    adding: 'جارٍ الإضافة...',
    onSite: 'الفيديوهات المعروضة على الموقع',
    loading: 'جارٍ تحميل الفيديوهات...',
    empty: 'لا توجد فيديوهات بودكاست بعد.',
    emptyText: 'تعرض الصفحة الرئيسية ثلاث بطاقات «قريبًا» إلى أن تضيف أول فيديو.',
    comingSoon: 'قريبًا',
    comingSoonHint: 'يظهر بعلامة «قريبًا» بدلًا من مشغّل الفيديو.',
    editTitle: 'تعديل الفيديو',
    saveChanges: 'حفظ التغييرات',
    deleteTitle: 'هل تريد حذف هذا الفيديو؟',
    deleteText: 'سيُحذف {title} من الصفحة الرئيسية.',
    videoTitle: 'العنوان',
    videoTitleAr: 'اسم الفيديو بالعربية',
    url: 'رابط يوتيوب',
    urlHint: 'رابط مشاهدة أو رابط Shorts أو رابط تضمين.',
  },
);
