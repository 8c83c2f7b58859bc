import { TAX_MESSAGES } from '../../tax-messages.ts';
import { defineNamespace } from '../define.ts';

/** The rules of VAT settings, the buyer's tax details at checkout and invoice downloads. */
export default defineNamespace(TAX_MESSAGES, {
  trnInvalid: 'يتكوّن رقم التسجيل الضريبي من 15 رقمًا.',
  legalNameRequired: 'أدخل الاسم القانوني المسجّل لضريبة القيمة المضافة.',
  legalNameTooLong: 'لا يتجاوز الاسم القانوني 200 حرف.',
  addressRequired: 'أدخل العنوان المسجّل لضريبة القيمة المضافة.',
  addressTooLong: 'لا يتجاوز العنوان 500 حرف.',
  countryRequired: 'اختر البلد الذي تشتري منه.',
  countryInvalid: 'اختر بلدًا من القائمة.',
  companyTooLong: 'لا يتجاوز اسم الشركة 200 حرف.',
  invoiceNotFound: 'لا توجد فاتورة لهذا الطلب.',
  orderNotFound: 'الطلب غير موجود.',
});
