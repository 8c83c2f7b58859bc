import { defineNamespace } from '../define.ts';

/** The contact page's own texts (routes/public/contact.tsx); its form's are `leadForm`. */
export default defineNamespace(
  {
    metaTitle: 'Contact Me',
    metaDescription:
      'Questions about Dubai property, off-plan investing or a course? Send a message or book a free consultation and get a personal reply.',
    eyebrow: 'Get in touch',
    title: 'Contact Me',
    lead: 'Ask about buying in Dubai, financing, the Golden Visa or one of my courses. Every message gets a personal reply.',
    section: 'Contact form and details',
    formTitle: 'Send me a message',
    allRequired: 'All fields are required.',
    otherWays: 'Other ways to reach me',
    email: 'E-mail',
    phone: 'Phone',
    chat: 'Chat',
    chatValue: 'Message me',
    office: 'Office',
    replies: 'Replies',
    repliesValue: 'Within 24 business hours',
  },
  {
    metaTitle: 'تواصل معي',
    metaDescription:
      'لديك أسئلة عن عقارات دبي أو الاستثمار في المشاريع على المخطط أو إحدى الدورات؟ أرسل رسالة أو احجز استشارة مجانية واحصل على ردّ شخصي.',
    eyebrow: 'لنتواصل',
    title: 'تواصل معي',
    lead: 'اسأل عن الشراء في دبي أو التمويل أو الإقامة الذهبية أو إحدى دوراتي. كل رسالة تحظى بردّ شخصي.',
    section: 'نموذج التواصل وبيانات الاتصال',
    formTitle: 'أرسل لي رسالة',
    allRequired: 'جميع الحقول مطلوبة.',
    otherWays: 'طرق أخرى للتواصل معي',
    email: 'البريد الإلكتروني',
    phone: 'الهاتف',
    chat: 'الدردشة',
    chatValue: 'راسلني',
    office: 'المكتب',
    replies: 'الردود',
    repliesValue: 'خلال 24 ساعة عمل',
  },
);
