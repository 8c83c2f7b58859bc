import { defineNamespace } from '../define.ts';

/**
 * The page a visitor gets when one address has asked for too many pages that had to be rendered in
 * a short time (apps/server/src/lib/render-budget.ts): rendered by the server without the web app,
 * in the language of the page asked for. Server only.
 */
export default defineNamespace(
  {
    title: 'Please slow down',
    text: 'Many pages were asked for from your address in a short time. Please wait a moment, then reload the page.',
    reload: 'Reload the page',
  },
  {
    title: 'يرجى التمهّل',
    text: 'طُلبت صفحات كثيرة من عنوانك في وقت قصير. يرجى الانتظار لحظة ثم إعادة تحميل الصفحة.',
    reload: 'إعادة تحميل الصفحة',
  },
);
