import { defineNamespace } from '../define.ts';

/**
 * The course page's call to action (components/course/purchase-action.tsx, an island) besides the
 * rules' texts of the `purchase` namespace: a course coming soon, or priced on application.
 */
export default defineNamespace(
  {
    comingSoon: 'Coming soon',
    /** `{link}` is the `askMe` link. */
    whenOpens: 'Want to know when it opens? {link}.',
    askMe: 'Ask me',
    enquireNow: 'Enquire Now',
    priceOnApplication: 'Price on application: send me a message for details.',
  },
  {
    comingSoon: 'قريبًا',
    whenOpens: 'هل تودّ معرفة موعد إطلاقها؟ {link}.',
    askMe: 'اسألني',
    enquireNow: 'استفسر الآن',
    priceOnApplication: 'السعر عند الطلب: راسلني لمعرفة التفاصيل.',
  },
);
