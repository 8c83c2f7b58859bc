import { VALIDATION_MESSAGES } from '../../validation-messages.ts';
import { defineNamespace } from '../define.ts';

/** The API's texts for fields a schema refuses in its own words (VALIDATION_MESSAGES). */
export default defineNamespace(VALIDATION_MESSAGES, {
  tooLong: 'يرجى ألا يتجاوز هذا {max} حرفًا.',
  tooShort: 'يرجى إدخال {min} أحرف على الأقل.',
  tooLarge: 'يرجى إدخال قيمة لا تزيد على {max}.',
  tooSmall: 'يرجى إدخال قيمة لا تقل عن {min}.',
  required: 'هذا الحقل مطلوب.',
  invalidFormat: 'يرجى مراجعة صيغة هذا الحقل.',
  invalidChoice: 'يرجى اختيار أحد الخيارات المعروضة.',
  invalid: 'يرجى مراجعة هذا الحقل.',
});
