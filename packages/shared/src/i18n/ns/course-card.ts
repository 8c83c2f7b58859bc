import { defineNamespace } from '../define.ts';

/** A course's card in the home page's teaser and the catalogue. */
export default defineNamespace(
  {
    comingSoon: 'Coming soon',
    view: 'View',
    /** Read before the price by screen readers. */
    price: 'Price:',
    /** The price of a course that has none yet ('price on application'). */
    poa: 'POA',
    students: { one: '{count} student', other: '{count} students' },
  },
  {
    comingSoon: 'قريبًا',
    view: 'عرض',
    price: 'السعر:',
    poa: 'السعر عند الطلب',
    students: {
      one: 'طالب واحد',
      two: 'طالبان',
      few: '{count} طلاب',
      many: '{count} طالبًا',
      other: '{count} طالب',
    },
  },
);
