import { defineNamespace } from '../define.ts';

/**
 * Course certificates: the PDF (apps/server/src/modules/certificates/pdf.ts), the public check
 * page (routes/public/certificate.tsx) and the completion e-mail. A page namespace: the check
 * page's loader sends the texts it shows. The Arabic PDF texts use no brackets (a bracket drawn
 * mirrored in Arabic text reads back from the PDF as the opposite one).
 */
export default defineNamespace(
  {
    // The PDF.
    pdfTitle: 'Certificate of Completion',
    pdfCertifies: 'This certifies that',
    pdfCompleted: 'has completed the course',
    pdfDate: 'Date',
    pdfMentor: 'Mentor',
    pdfId: 'Certificate ID',
    pdfCheck: 'Check this certificate at',

    // The check page.
    pageTitle: 'Certificate {id}',
    pageDescription: 'Check the certificate {id} issued by {brand}.',
    eyebrow: 'Certificate check',
    valid: 'Valid certificate',
    validText: 'This certificate was issued by {brand} and has not been revoked.',
    revoked: 'Revoked certificate',
    revokedText: 'This certificate was revoked on {date}.',
    reason: 'Reason',
    reason_replaced: 'Replaced by a corrected certificate',
    reason_issued_in_error: 'Issued in error',
    reason_misconduct: 'Breach of the course rules',
    reason_other: 'Another reason',
    issuedTo: 'Issued to',
    course: 'Course',
    issuedOn: 'Issued on',
    issuer: 'Issued by',
    certificateId: 'Certificate ID',
    downloadPdf: 'Download the certificate (PDF)',
    downloadCredential: 'Download the Open Badges credential',
    addToLinkedIn: 'Add to LinkedIn profile',
    copyLink: 'Copy link',
    linkCopied: 'Link copied',
    notFoundTitle: 'Certificate not found',

    // The completion e-mail.
    mailSubject: 'Your certificate: {title}',
    mailText:
      'Congratulations, {name}. You have completed {title}.\n\nYour certificate is attached. Anyone can check it at:\n{url}',
  },
  {
    pdfTitle: 'شهادة إتمام',
    pdfCertifies: 'نشهد بأن',
    pdfCompleted: 'قد أتمّ الدورة',
    pdfDate: 'التاريخ',
    pdfMentor: 'المرشد',
    pdfId: 'رقم الشهادة',
    pdfCheck: 'تحقّق من هذه الشهادة على',

    pageTitle: 'الشهادة {id}',
    pageDescription: 'تحقّق من الشهادة {id} الصادرة عن {brand}.',
    eyebrow: 'التحقّق من شهادة',
    valid: 'شهادة سارية',
    validText: 'أصدر {brand} هذه الشهادة ولم تُلغَ.',
    revoked: 'شهادة ملغاة',
    revokedText: 'أُلغيت هذه الشهادة بتاريخ {date}.',
    reason: 'السبب',
    reason_replaced: 'استُبدلت بشهادة مصحّحة',
    reason_issued_in_error: 'صدرت عن طريق الخطأ',
    reason_misconduct: 'مخالفة قواعد الدورة',
    reason_other: 'سبب آخر',
    issuedTo: 'صادرة باسم',
    course: 'الدورة',
    issuedOn: 'تاريخ الإصدار',
    issuer: 'الجهة المصدرة',
    certificateId: 'رقم الشهادة',
    downloadPdf: 'تنزيل الشهادة بصيغة PDF',
    downloadCredential: 'تنزيل اعتماد الشارات المفتوحة',
    addToLinkedIn: 'أضِفها إلى ملفك على LinkedIn',
    copyLink: 'نسخ الرابط',
    linkCopied: 'نُسخ الرابط',
    notFoundTitle: 'الشهادة غير موجودة',

    mailSubject: 'شهادتك: {title}',
    mailText: 'تهانينا يا {name}. لقد أتممت {title}.\n\nشهادتك مرفقة. يمكن لأي شخص التحقّق منها على:\n{url}',
  },
);
