import { REVENUE_MESSAGES } from '../../revenue-messages.ts';
import { defineNamespace } from '../define.ts';

/** The rules of the revenue report's and the exports' date ranges. */
export default defineNamespace(REVENUE_MESSAGES, {
  dateInvalid: 'أدخل التاريخ بالصيغة YYYY-MM-DD.',
  rangeReversed: 'نهاية الفترة تسبق بدايتها.',
  rangeTooLong: 'لا تتجاوز الفترة 366 يومًا.',
});
