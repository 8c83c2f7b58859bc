/**
 * The rules' texts of attribution and the WhatsApp button, written once in English; the
 * `attributionRules` namespace translates them.
 */
export const ATTRIBUTION_MESSAGES = {
  whatsappInvalid: 'Enter the WhatsApp number with its country code, such as +971501234567, or leave it empty.',
} as const;
