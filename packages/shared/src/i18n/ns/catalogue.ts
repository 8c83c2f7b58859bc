import { defineNamespace } from '../define.ts';

/** The course catalogue page (routes/public/courses.tsx); its search form is `catalogueSearch`. */
export default defineNamespace(
  {
    metaTitle: 'Dubai Property Courses',
    metaDescription:
      'Online courses on Dubai real estate: off-plan buying, financing, the Golden Visa and investing for income. Learn at your own pace, priced in AED.',
    eyebrow: 'Online courses',
    title: 'Courses',
    lead: 'Practical, self-paced courses on buying, financing and investing in Dubai property.',
    results: 'Results',
    /** The results shown on this page (`{from}`–`{to}`) of `{count}`. */
    showing: { other: 'Showing {from}–{to} of {count} results' },
    /** `{query}` is the `quoted` search, in bold. */
    resultsFor: 'Results for {query}',
    quoted: '\u201c{query}\u201d',
    clearSearch: 'Clear search',
    seeAll: 'See all courses',
    pagination: 'Pagination',
    previous: 'Previous',
    next: 'Next',
    /** A page number's link, read as 'Page 2' (the number alone is shown). */
    page: 'Page {number}',
  },
  {
    metaTitle: 'دورات عقارات دبي',
    metaDescription:
      'دورات عبر الإنترنت عن عقارات دبي: الشراء على المخطط، والتمويل، والإقامة الذهبية، والاستثمار لتحقيق دخل. تعلّم وفق وتيرتك، بأسعار بالدرهم الإماراتي.',
    eyebrow: 'دورات عبر الإنترنت',
    title: 'الدورات',
    lead: 'دورات عملية تتعلّم فيها وفق وتيرتك عن شراء العقارات في دبي وتمويلها والاستثمار فيها.',
    results: 'النتائج',
    showing: {
      one: 'عرض {from}–{to} من أصل نتيجة واحدة',
      two: 'عرض {from}–{to} من أصل نتيجتين',
      few: 'عرض {from}–{to} من أصل {count} نتائج',
      many: 'عرض {from}–{to} من أصل {count} نتيجة',
      other: 'عرض {from}–{to} من أصل {count} نتيجة',
    },
    resultsFor: 'نتائج البحث عن {query}',
    quoted: '«{query}»',
    clearSearch: 'مسح البحث',
    seeAll: 'عرض جميع الدورات',
    pagination: 'التنقّل بين الصفحات',
    previous: 'السابق',
    next: 'التالي',
    page: 'الصفحة {number}',
  },
);
