import { defineNamespace } from '../define.ts';

/** A blog post's page (/blogs/:slug): a page namespace, sent by its loader. The post itself is data. */
export default defineNamespace(
  {
    /** The link back to the posts' list, on the Dubai page. */
    back: 'Dubai Real Estate',
    eyebrow: 'Blog',
    /** Read before the author's name by screen readers. */
    by: 'By',
    empty: 'This article has no content yet.',
    keepReading: 'Keep reading',
    /** The heading of the closing section when there are no other posts. */
    planning: 'Planning a move into Dubai property?',
    bookConsultation: 'Book a Free Consultation',
    exploreCourses: 'Explore Courses',
  },
  {
    back: 'عقارات دبي',
    eyebrow: 'المدونة',
    by: 'بقلم',
    empty: 'لا يحتوي هذا المقال على أي محتوى بعد.',
    keepReading: 'تابع القراءة',
    planning: 'تخطط لدخول سوق العقارات في دبي؟',
    bookConsultation: 'احجز استشارة مجانية',
    exploreCourses: 'تصفّح الدورات',
  },
);
