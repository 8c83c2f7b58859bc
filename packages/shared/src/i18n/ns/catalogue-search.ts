import { COURSE_SORTS } from '../../limits.ts';
import { defineNamespace } from '../define.ts';

/**
 * The catalogue's search and sort form (routes/public/sections/catalogue-search.tsx, an island).
 * The sort names are keyed by the sort's value in the address (`?sort=priceLow`).
 */
export default defineNamespace(
  {
    searchCourses: 'Search courses',
    sortBy: 'Sort by',
    search: 'Search',
    ...COURSE_SORTS,
  },
  {
    searchCourses: 'ابحث في الدورات',
    sortBy: 'ترتيب حسب',
    search: 'بحث',
    latest: 'الأحدث نشرًا',
    popular: 'الأكثر إقبالًا',
    rating: 'الأعلى تقييمًا',
    oldest: 'الأقدم',
    priceLow: 'السعر: من الأقل إلى الأعلى',
    priceHigh: 'السعر: من الأعلى إلى الأقل',
  },
);
