import { PAYMENT_MESSAGES } from '../../payment-messages.ts';
import { defineNamespace } from '../define.ts';

/**
 * The sandbox payment provider's page (apps/server/src/modules/payments/sandbox-page.ts): rendered
 * by the server, in the language of the checkout that opened it. Buyers read it: it says it is a
 * test payment and nothing about how the site is set up. Server only.
 */
export default defineNamespace(
  {
    title: 'Test mode payment',
    testMode: PAYMENT_MESSAGES.testMode,
    heading: 'Complete your payment',
    course: 'Course',
    amount: 'Amount',
    email: 'E-mail',
    paymentId: 'Payment id',
    /** `{amount}`: 'AED 888.00'. */
    pay: 'Pay {amount}',
    cancel: 'Cancel',
    completed: 'This test payment has already been paid.',
    canceled: 'This test payment was canceled.',
    failed: 'This test payment failed.',
    returnToSite: 'Return to the site',
  },
  {
    title: 'دفعة في وضع التجربة',
    testMode: 'وضع التجربة: لا تُحصَّل أي مبالغ حقيقية.',
    heading: 'أكمل عملية الدفع',
    course: 'الدورة',
    amount: 'المبلغ',
    email: 'البريد الإلكتروني',
    paymentId: 'معرّف الدفع',
    pay: 'ادفع {amount}',
    cancel: 'إلغاء',
    completed: 'سبق دفع هذه الدفعة التجريبية.',
    canceled: 'أُلغيت هذه الدفعة التجريبية.',
    failed: 'تعذّر إتمام هذه الدفعة التجريبية.',
    returnToSite: 'العودة إلى الموقع',
  },
);
