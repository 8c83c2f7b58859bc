import { PURCHASE_MESSAGES } from '../../purchase-messages.ts';
import { defineNamespace } from '../define.ts';

/** The course page's call to action (PURCHASE_MESSAGES, ../../purchase-messages.ts), shown with `tr`. */
export default defineNamespace(PURCHASE_MESSAGES, {
  buyNow: 'اشترِ الآن',
  goToCourse: 'انتقل إلى الدورة',
  loginToPurchase: 'يرجى تسجيل الدخول لشراء هذه الدورة.',
});
