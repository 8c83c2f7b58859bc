import { defineNamespace } from '../define.ts';

/** The certificates' rules, as the API answers them (a rules namespace: codes `certificateRules.*`). */
export default defineNamespace(
  {
    alreadyRevoked: 'This certificate is already revoked.',
    alreadyReplaced: 'This certificate has already been replaced; re-issue the newest one.',
    notAvailable: 'Certificates cannot be issued until the site has its signing key.',
    failedToLoad: 'Failed to load certificates.',
  },
  {
    alreadyRevoked: 'هذه الشهادة ملغاة بالفعل.',
    alreadyReplaced: 'استُبدلت هذه الشهادة بالفعل؛ أعد إصدار أحدث شهادة.',
    notAvailable: 'لا يمكن إصدار الشهادات قبل أن يحصل الموقع على مفتاح التوقيع الخاص به.',
    failedToLoad: 'تعذّر تحميل الشهادات.',
  },
);
