import { defineNamespace } from '../define.ts';

/**
 * The course page's call to action (components/course/purchase-action.tsx, an island) besides the
 * rules' texts of the `purchase` namespace: a course coming soon, or priced on application.
 */
export default defineNamespace(
  {
    comingSoon: 'Coming soon',
    enquireNow: 'Enquire Now',
    priceOnApplication: 'Price on application: send me a message for details.',
  },
  {
    comingSoon: 'قريبًا',
    enquireNow: 'استفسر الآن',
    priceOnApplication: 'السعر عند الطلب: راسلني لمعرفة التفاصيل.',
  },
);
