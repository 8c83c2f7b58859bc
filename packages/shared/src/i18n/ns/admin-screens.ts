import { ADMIN_SCREEN_MESSAGES } from '../../admin/screen-messages.ts';
import { defineNamespace } from '../define.ts';
import network from './network.ts';

/** What the admin screens carry in English from their loaders and requests (ADMIN_SCREEN_MESSAGES). */
export default defineNamespace(ADMIN_SCREEN_MESSAGES, {
  sessionEnded: 'انتهت جلسة المسؤول. يرجى تسجيل الدخول مجددًا.',
  fieldRequired: 'هذا الحقل مطلوب.',
  networkError: network.ar.unreachable,
  failedToLoadHero: 'تعذّر تحميل اللافتة الرئيسية',
  failedToLoadIntro: 'تعذّر تحميل المقدمة',
  failedToLoadVideos: 'تعذّر تحميل مقاطع الفيديو',
  failedToLoadLeads: 'تعذّر تحميل العملاء المحتملين',
  failedToLoadLead: 'تعذّر تحميل بيانات هذا العميل المحتمل',
  leadGone: 'لم يعد هذا العميل المحتمل موجودًا.',
  exportFailed: 'تعذّر التصدير',
});
