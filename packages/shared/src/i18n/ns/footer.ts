import { defineNamespace } from '../define.ts';

/** The footer of every public and learner page. */
export default defineNamespace(
  {
    tagline:
      'Honest guidance and practical courses for buying, financing and investing in Dubai property, from someone who has done it for over 26 years.',
    social: 'Social media',
    footer: 'Footer',
    explore: 'Explore',
    bookConsultation: 'Book a Free Consultation',
    getInTouch: 'Get in touch',
    chat: 'Chat with me',
    /** `© {year} {brand}. All rights reserved.` */
    rights: '© {year} {brand}. All rights reserved.',
    privacy: 'Privacy Policy',
  },
  {
    tagline:
      'إرشاد صادق ودورات عملية لشراء العقارات في دبي وتمويلها والاستثمار فيها، من خبير يمارس هذا العمل منذ أكثر من 26 عامًا.',
    social: 'وسائل التواصل الاجتماعي',
    footer: 'تذييل الصفحة',
    explore: 'تصفّح',
    bookConsultation: 'احجز استشارة مجانية',
    getInTouch: 'تواصل معنا',
    chat: 'تحدّث معي',
    rights: '© {year} {brand}. جميع الحقوق محفوظة.',
    privacy: 'سياسة الخصوصية',
  },
);
