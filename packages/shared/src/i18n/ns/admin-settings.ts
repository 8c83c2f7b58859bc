import { defineNamespace } from '../define.ts';

// Phone numbers inside Arabic text keep their left-to-right order (Unicode isolates).
const ltr = (text: string) => `\u2066${text}\u2069`;

/** The admin's site settings screen (/admin/dashboard/settings). */
export default defineNamespace(
  {
    title: 'Site settings',
    lead: 'The brand name and contact details shown in the navigation, the footer and e-mails.',
    loading: 'Loading the settings...',
    loadFailed: 'Failed to load the settings',
    submit: 'Save settings',
    brandAndContact: 'Brand and contact',
    brandName: 'Brand name',
    email: 'E-mail',
    emailHint: 'Shown in the footer; new leads are sent here.',
    phone: 'Phone',
    phoneHint: 'With the country code, such as +971 50 123 4567.',
    chatUrl: 'Chat link',
    chatUrlHint: 'Optional, such as a WhatsApp link.',
    address: 'Address',
    /** The Arabic twin of 'Address' (without that word: labels are looked up by substring). */
    addressAr: 'Location in Arabic',
    brandSiteUrl: 'Brand website',
    brandSiteUrlHint: 'Optional. Linked from the footer of the consultation pages.',
    socialChannels: 'Social channels',
    // How Arabic pages write the dirham (a setting: English pages always write 'AED').
    arabicPages: 'Arabic pages',
    coursePages: 'Course pages',
    enrolmentThreshold: 'Show the learner count from',
    enrolmentThresholdHint:
      'A course page shows how many learners it has only from this many on, so a new course never shows "0 students". 0 shows the count always.',
    currencyLegend: 'How prices write the dirham on Arabic pages',
    currencyCode: 'AED, the currency code',
    currencySign: 'د.إ, the Arabic dirham sign',
    /** `{price}` is a sample price as Arabic pages would show it ('888.00 AED'). */
    currencyExample: 'Shown as {price}',
    currencyHint: 'English pages always write AED before the amount.',
  },
  {
    title: 'إعدادات الموقع',
    lead: 'اسم العلامة التجارية وبيانات التواصل التي تظهر في شريط التنقل وتذييل الصفحات ورسائل البريد الإلكتروني.',
    loading: 'جارٍ تحميل الإعدادات...',
    loadFailed: 'تعذّر تحميل الإعدادات',
    submit: 'حفظ الإعدادات',
    brandAndContact: 'العلامة التجارية وبيانات التواصل',
    brandName: 'اسم العلامة التجارية',
    email: 'البريد الإلكتروني',
    emailHint: 'يظهر في تذييل الصفحات، وتُرسَل إليه طلبات العملاء المحتملين الجديدة.',
    phone: 'الهاتف',
    phoneHint: `مع رمز الدولة، مثل ${ltr('+971 50 123 4567')}.`,
    chatUrl: 'رابط المحادثة',
    chatUrlHint: 'اختياري، مثل رابط واتساب.',
    address: 'العنوان',
    addressAr: 'عنوان المقرّ بالعربية',
    brandSiteUrl: 'الموقع الإلكتروني للعلامة التجارية',
    brandSiteUrlHint: 'اختياري. يظهر رابطه في تذييل صفحات الاستشارات.',
    socialChannels: 'قنوات التواصل الاجتماعي',
    arabicPages: 'الصفحات العربية',
    coursePages: 'صفحات الدورات',
    enrolmentThreshold: 'اعرض عدد المتعلّمين ابتداءً من',
    enrolmentThresholdHint:
      'لا تعرض صفحة الدورة عدد متعلّميها إلا حين يبلغ هذا العدد، فلا تظهر دورة جديدة بعبارة «0 طالب». القيمة 0 تعرض العدد دائمًا.',
    currencyLegend: 'طريقة كتابة الدرهم في الأسعار على الصفحات العربية',
    currencyCode: 'AED، رمز العملة الدولي',
    currencySign: 'د.إ، رمز الدرهم بالعربية',
    currencyExample: 'يظهر السعر هكذا: {price}',
    currencyHint: 'تكتب الصفحات الإنجليزية دائمًا AED قبل المبلغ.',
  },
);
