import { defineNamespace } from '../define.ts';

/** The admin area's shared pieces: modal and confirm buttons, item buttons, move buttons, the image and price inputs. */
export default defineNamespace(
  {
    saveChanges: 'Save changes',
    saving: 'Saving...',
    edit: 'Edit',
    delete: 'Delete',
    remove: 'Remove',
    /** Move buttons: `{name}` is what moves ('module Basics'). */
    moveUp: 'Move up',
    moveDown: 'Move down',
    moveNameUp: 'Move {name} up',
    moveNameDown: 'Move {name} down',
    /** The image input. */
    imagePreview: 'Preview of {name}',
    theChosenImage: 'the chosen image',
    noImageChosen: 'No image chosen',
    imageHint: 'JPEG, PNG, WebP, AVIF or GIF, up to {mb} MB.',
    chosenFile: 'Chosen: {name}',
    keepCurrentImage: 'Keep the current image',
    removeChosenImage: 'Remove chosen image',
    /** The price input: its default label and the currency shown in front of the amount. */
    priceAed: 'Price (AED)',
    aed: 'AED',
    /** Under each Arabic field of the content forms (the Arabic twin of a title, a text…). */
    arabicHint: 'Leave empty to show the English on Arabic pages.',
  },
  {
    saveChanges: 'حفظ التغييرات',
    saving: 'جارٍ الحفظ...',
    edit: 'تعديل',
    delete: 'حذف',
    remove: 'إزالة',
    moveUp: 'نقل إلى الأعلى',
    moveDown: 'نقل إلى الأسفل',
    moveNameUp: 'نقل {name} إلى الأعلى',
    moveNameDown: 'نقل {name} إلى الأسفل',
    imagePreview: 'معاينة {name}',
    theChosenImage: 'الصورة المختارة',
    noImageChosen: 'لم تُختر أي صورة',
    imageHint: 'JPEG أو PNG أو WebP أو AVIF أو GIF، بحجم أقصاه {mb} ميغابايت.',
    chosenFile: 'الملف المختار: {name}',
    keepCurrentImage: 'الإبقاء على الصورة الحالية',
    removeChosenImage: 'إزالة الصورة المختارة',
    priceAed: 'السعر (بالدرهم الإماراتي)',
    aed: 'د.إ',
    arabicHint: 'اترك الحقل فارغًا لعرض النص الإنجليزي في الصفحات العربية.',
  },
);
