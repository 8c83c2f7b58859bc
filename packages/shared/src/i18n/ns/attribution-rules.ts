import { ATTRIBUTION_MESSAGES } from '../../attribution-messages.ts';
import { defineNamespace } from '../define.ts';

const ltr = (text: string) => `\u2066${text}\u2069`;

/** The rules of the WhatsApp number setting. */
export default defineNamespace(ATTRIBUTION_MESSAGES, {
  whatsappInvalid: `أدخل رقم واتساب مع رمز الدولة، مثل ${ltr('+971501234567')}، أو اترك الحقل فارغًا.`,
});
