import { defineNamespace } from '../define.ts';

/**
 * The tax invoice and the tax credit note as PDF (apps/server/src/modules/tax-documents/pdf.ts),
 * with the fields the UAE's tax authority asks of each. Server only. An English document shows
 * the Arabic of each heading beside the English one; an Arabic document is wholly Arabic. The
 * Arabic texts use no brackets: PDF readers copy a bracket drawn mirrored in Arabic text as the
 * opposite one.
 */
export default defineNamespace(
  {
    invoiceTitle: 'Tax Invoice',
    creditNoteTitle: 'Tax Credit Note',
    simplifiedForm: 'Simplified tax invoice',
    fullForm: 'Full tax invoice',

    // The parties.
    seller: 'Seller',
    buyer: 'Buyer',
    name: 'Name',
    address: 'Address',
    trn: 'TRN',
    buyerCountry: 'Buyer’s country',

    // The document itself.
    details: 'Document details',
    invoiceNumber: 'Invoice number',
    creditNoteNumber: 'Credit note number',
    issuedAt: 'Date of issue (Dubai time)',
    orderReference: 'Order reference',

    // The lines.
    items: 'Items',
    listPrice: 'Price',
    discount: 'Discount',
    net: 'Net (excl. VAT)',
    vatRate: 'VAT rate',
    vatAmount: 'VAT amount',
    gross: 'Total (incl. VAT)',
    ratePercent: '{rate}%',
    outOfScopeShort: 'Out of scope',
    outOfScope: 'VAT does not apply: out of scope (buyer outside the UAE)',
    notRegisteredShort: 'No VAT',
    notRegistered: 'No VAT charged: the seller is not registered for VAT',

    // The totals.
    totals: 'Totals in AED',
    totalDiscount: 'Total discount',
    totalNet: 'Total net (excl. VAT)',
    totalVat: 'Total VAT',
    totalGross: 'Total including VAT',

    // A credit note: what it corrects.
    creditReference: 'Credit for invoice',
    creditOfInvoice: 'Invoice {number} of {date}',
    originalAmount: 'Original amount (incl. VAT)',
    correctedAmount: 'Corrected amount (incl. VAT)',
    difference: 'Difference credited (incl. VAT)',
    vatOnDifference: 'VAT on the difference',
    reason: 'Reason',

    amountsInAed: 'All amounts are in UAE dirhams (AED).',
    pageOf: '{number}, page {page} of {pages}',
  },
  {
    invoiceTitle: 'فاتورة ضريبية',
    creditNoteTitle: 'إشعار دائن ضريبي',
    simplifiedForm: 'فاتورة ضريبية مبسطة',
    fullForm: 'فاتورة ضريبية كاملة',

    seller: 'المورد',
    buyer: 'المشتري',
    name: 'الاسم',
    address: 'العنوان',
    trn: 'رقم التسجيل الضريبي',
    buyerCountry: 'دولة المشتري',

    details: 'بيانات المستند',
    invoiceNumber: 'رقم الفاتورة',
    creditNoteNumber: 'رقم الإشعار الدائن',
    issuedAt: 'تاريخ الإصدار بتوقيت دبي',
    orderReference: 'مرجع الطلب',

    items: 'البنود',
    listPrice: 'السعر',
    discount: 'الخصم',
    net: 'الصافي دون الضريبة',
    vatRate: 'نسبة الضريبة',
    vatAmount: 'مبلغ الضريبة',
    gross: 'الإجمالي شامل الضريبة',
    ratePercent: '{rate}٪',
    outOfScopeShort: 'خارج النطاق',
    outOfScope: 'لا تنطبق ضريبة القيمة المضافة: خارج النطاق، فالمشتري خارج دولة الإمارات',
    notRegisteredShort: 'بلا ضريبة',
    notRegistered: 'لا تفرض ضريبة القيمة المضافة: المورد غير مسجل لأغراضها',

    totals: 'الإجماليات بالدرهم الإماراتي',
    totalDiscount: 'إجمالي الخصم',
    totalNet: 'إجمالي الصافي دون الضريبة',
    totalVat: 'إجمالي ضريبة القيمة المضافة',
    totalGross: 'الإجمالي شامل الضريبة',

    creditReference: 'إشعار دائن للفاتورة',
    creditOfInvoice: 'الفاتورة {number} بتاريخ {date}',
    originalAmount: 'المبلغ الأصلي شامل الضريبة',
    correctedAmount: 'المبلغ المصحح شامل الضريبة',
    difference: 'الفرق المردود شامل الضريبة',
    vatOnDifference: 'الضريبة على الفرق',
    reason: 'السبب',

    amountsInAed: 'جميع المبالغ بالدرهم الإماراتي.',
    pageOf: 'الصفحة {page} من {pages}، {number}',
  },
);
