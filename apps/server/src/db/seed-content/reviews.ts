/**
 * The demo's approved reviews of the flagship course (enough for its rating to show) and its
 * testimonials, in English and Arabic. Reviewers are demo learner accounts without a password.
 */
export const DEMO_REVIEWS = [
  {
    name: 'Aisha Rahman',
    email: 'aisha.demo@oasis.local',
    rating: 5,
    text: 'Clear numbers and no sales talk. I finally understand payment plans.',
  },
  {
    name: 'Omar Saleh',
    email: 'omar.demo@oasis.local',
    rating: 5,
    text: 'شرح واضح لخطط السداد والرسوم، أنصح بها لكل من يفكر في الشراء على الخارطة.',
  },
  {
    name: 'James Carter',
    email: 'james.demo@oasis.local',
    rating: 4,
    text: 'Practical and well paced. The escrow lesson alone was worth it.',
  },
  { name: 'Fatima Al Mansoori', email: 'fatima.demo@oasis.local', rating: 4, text: '' },
] as const;

export const DEMO_TESTIMONIALS = [
  {
    name: 'Daniel Brooks',
    nameAr: 'دانيال بروكس',
    role: 'First-time buyer, Dubai Marina',
    roleAr: 'مشترٍ لأول مرة، دبي مارينا',
    quote: 'Sarah walked me through every fee before I signed. No surprises at handover.',
    quoteAr: 'شرحت لي سارة كل رسم قبل التوقيع، فلم تفاجئني أي تكلفة عند الاستلام.',
    onHome: true,
    onAbout: true,
    onCourse: true,
  },
  {
    name: 'Mariam Haddad',
    nameAr: 'مريم حداد',
    role: 'Investor',
    roleAr: 'مستثمرة',
    quote: 'The course gave me the questions to ask developers. I bought with confidence.',
    quoteAr: 'منحتني الدورة الأسئلة التي أطرحها على المطورين، فاشتريت بثقة.',
    onHome: true,
    onAbout: false,
    onCourse: true,
  },
  {
    name: 'Raj Patel',
    nameAr: 'راج باتيل',
    role: 'Relocating from London',
    roleAr: 'انتقل من لندن',
    quote: 'Honest advice from someone who knows both the UK and Dubai markets.',
    quoteAr: 'نصيحة صادقة من خبيرة تعرف سوقي المملكة المتحدة ودبي.',
    onHome: false,
    onAbout: true,
    onCourse: false,
  },
] as const;
