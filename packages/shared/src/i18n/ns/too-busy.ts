import { defineNamespace } from '../define.ts';

/**
 * The pages the server writes itself, without the web app, in the language of the page asked for
 * (apps/server/src/plugins/server-pages.ts): one address asked for too many pages that had to be
 * rendered in a short time (lib/render-budget.ts), or the database is out of reach. Server only.
 */
export default defineNamespace(
  {
    title: 'Please slow down',
    text: 'Many pages were asked for from your address in a short time. Please wait a moment, then reload the page.',
    reload: 'Reload the page',
    awayTitle: 'Back in a moment',
    awayText:
      'The site cannot reach its database just now, so this page cannot be shown. Please try again in a minute.',
  },
  {
    title: 'يرجى التمهّل',
    text: 'طُلبت صفحات كثيرة من عنوانك في وقت قصير. يرجى الانتظار لحظة ثم إعادة تحميل الصفحة.',
    reload: 'إعادة تحميل الصفحة',
    awayTitle: 'نعود بعد لحظات',
    awayText: 'يتعذّر على الموقع الوصول إلى قاعدة بياناته حاليًا، لذا لا يمكن عرض هذه الصفحة. يرجى المحاولة بعد دقيقة.',
  },
);
