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
  refundAmountInvalid: 'أدخل مبلغًا أكبر من صفر بالدرهم، بخانتين عشريتين على الأكثر.',
  refundReasonRequired: 'أدخل سبب الاسترداد: يُطبع على الإشعار الدائن.',
  refundReasonTooLong: 'لا يتجاوز السبب 300 حرف.',
  refundNotPaid: 'لا يمكن استرداد إلا طلب مدفوع.',
  refundFreeOrder: 'كان هذا الطلب مجانيًا: لا يوجد ما يُسترد.',
  refundTooMuch: 'هذا المبلغ أكبر مما تبقى للاسترداد في هذا الطلب (تُحتسب عمليات الاسترداد الجارية أيضًا).',
  refundProviderFailed: 'لم يقبل مزوّد الدفع عملية الاسترداد. لم يُسترد أي مبلغ؛ حاول مرة أخرى لاحقًا.',
  creditNoteNotFound: 'لا يوجد إشعار دائن كهذا لهذا الطلب.',
});
