import type { CourseLevel } from '@oasis/shared/selling';
import type { QuestionInput } from '../factories.ts';
import type { DemoImage } from './images.ts';

/**
 * The demo courses, every text in English and in Arabic (docs/i18n.md#content): the flagship with
 * its lessons and quiz, and five courses marked coming soon.
 */

const day = (iso: string) => new Date(`${iso}T09:00:00.000Z`);

export const OFF_PLAN_DESCRIPTION = `
<p>Buying <strong>off-plan</strong> means buying a home before it is built, usually with a deposit and a payment plan that runs alongside construction. In Dubai it is the most common way to invest in new property, and it can be an excellent one: attractive entry prices, flexible payments and a brand-new home at handover. It also has its own risks, and this course shows you how to manage them.</p>
<p>Over three short modules I take you through the whole journey as I would with a private client: how the market and the law protect off-plan buyers, how to judge a developer and a project, and how to read a payment plan so that you know exactly what you will pay, and when.</p>
<h3>Who this course is for</h3>
<ul>
<li>First-time buyers and investors looking at Dubai from abroad</li>
<li>UAE residents who want to move from renting to owning</li>
<li>Anyone who has been offered an off-plan unit and wants a second opinion before signing</li>
</ul>
<blockquote><p>Good property decisions come from clear numbers and honest advice, not from pressure at a sales launch.</p></blockquote>
`.trim();

export const OFF_PLAN_DESCRIPTION_AR = `
<p>شراء العقار <strong>على الخارطة</strong> يعني شراء المنزل قبل بنائه، عادةً بدفعة أولى وخطة سداد تسير جنبًا إلى جنب مع أعمال البناء. وهو في دبي الطريقة الأكثر شيوعًا للاستثمار في العقارات الجديدة، وقد يكون من أفضلها: أسعار دخول مغرية، ودفعات مرنة، ومنزل جديد كليًا عند التسليم. لكن له مخاطره أيضًا، وهذه الدورة تبيّن لك كيف تديرها.</p>
<p>على مدى ثلاث وحدات قصيرة أرافقك في الرحلة كاملة كما أفعل مع عميل خاص: كيف تحمي السوق والقوانين مشتري العقارات على الخارطة، وكيف تقيّم المطوّر والمشروع، وكيف تقرأ خطة السداد لتعرف بالضبط ما ستدفعه ومتى.</p>
<h3>لمن هذه الدورة</h3>
<ul>
<li>المشترون لأول مرة والمستثمرون الذين يتطلعون إلى دبي من الخارج</li>
<li>المقيمون في الإمارات الراغبون في الانتقال من الإيجار إلى التملّك</li>
<li>كل من عُرضت عليه وحدة على الخارطة ويريد رأيًا ثانيًا قبل التوقيع</li>
</ul>
<blockquote><p>القرارات العقارية الجيدة تنبع من أرقام واضحة ونصيحة صادقة، لا من الضغط في فعاليات إطلاق المبيعات.</p></blockquote>
`.trim();

export const OFF_PLAN_OUTCOME = `
<ul>
<li>Explain how an off-plan purchase works in Dubai, from reservation and SPA to Oqood registration and handover</li>
<li>Check a developer and a project: escrow accounts, registration with the Dubai Land Department and a track record of delivery</li>
<li>Read a developer's payment plan and turn it into a month-by-month cash-flow plan</li>
<li>Budget for every cost: the 4% DLD transfer fee, registration and agency fees, and service charges</li>
<li>Compare locations and communities using supply, rental demand and infrastructure plans</li>
<li>Know your options if you need to sell before handover</li>
</ul>
`.trim();

export const OFF_PLAN_OUTCOME_AR = `
<ul>
<li>تشرح آلية الشراء على الخارطة في دبي، من الحجز واتفاقية البيع والشراء إلى التسجيل في نظام «عقود» والتسليم</li>
<li>تتحقق من المطوّر والمشروع: حساب الضمان، والتسجيل لدى دائرة الأراضي والأملاك في دبي، وسجل التسليم</li>
<li>تقرأ خطة السداد التي يعرضها المطوّر وتحوّلها إلى خطة تدفق نقدي شهرًا بشهر</li>
<li>تضع ميزانية لكل التكاليف: رسوم نقل الملكية البالغة 4% لدى دائرة الأراضي، ورسوم التسجيل والوساطة، ورسوم الخدمات</li>
<li>تقارن بين المواقع والمجتمعات السكنية بحسب المعروض والطلب على الإيجار ومشاريع البنية التحتية</li>
<li>تعرف خياراتك إن احتجت إلى البيع قبل التسليم</li>
</ul>
`.trim();

/** The flagship's selling blocks (docs/product.md#course-page), English and Arabic. */
export const OFF_PLAN_PAGE = {
  tagline: 'Buy off-plan in Dubai with a clear plan, not sales pressure.',
  taglineAr: 'اشترِ عقارك على الخارطة في دبي بخطة واضحة، لا تحت ضغط البيع.',
  level: 'beginner',
  language: 'en',
  outcomes: [
    'How an off-plan purchase works, from reservation to handover',
    'Checking a developer: escrow, DLD registration and track record',
    'Turning a payment plan into a month-by-month cash-flow plan',
    'Budgeting for every fee: DLD, registration, agency and service charges',
    'Comparing communities on supply, rental demand and infrastructure',
    'Your options if you need to sell before handover',
  ],
  outcomesAr: [
    'كيف يتم الشراء على الخارطة، من الحجز حتى التسليم',
    'تقييم المطوّر: حساب الضمان والتسجيل في دائرة الأراضي وسجل الإنجاز',
    'تحويل خطة السداد إلى خطة تدفق نقدي شهرًا بشهر',
    'احتساب كل الرسوم: دائرة الأراضي والتسجيل والوساطة ورسوم الخدمات',
    'مقارنة المجتمعات السكنية بحسب العرض والطلب على الإيجار والبنية التحتية',
    'خياراتك إن احتجت إلى البيع قبل التسليم',
  ],
  faq: [
    {
      question: 'Do I need to live in the UAE to follow this course?',
      answer:
        'No. The course is written for buyers in the UAE and abroad; where the rules differ for non-residents, the lesson says so.',
      questionAr: 'هل يجب أن أقيم في الإمارات لأتابع هذه الدورة؟',
      answerAr: 'لا. الدورة موجّهة إلى المشترين داخل الإمارات وخارجها، وحيث تختلف القواعد لغير المقيمين يوضّح الدرس ذلك.',
    },
    {
      question: 'How long do I have access?',
      answer: 'For as long as the course is online. Watch at your own pace and come back to any lesson.',
      questionAr: 'إلى متى يمكنني الوصول إلى الدورة؟',
      answerAr: 'ما دامت الدورة متاحة على الموقع. شاهدها وفق وتيرتك وعد إلى أي درس متى شئت.',
    },
    {
      question: 'Is this financial advice?',
      answer: 'No. It teaches you how to judge a purchase yourself. For your own case, book a consultation.',
      questionAr: 'هل هذه نصيحة مالية؟',
      answerAr: 'لا. تعلّمك الدورة كيف تقيّم عملية الشراء بنفسك. ولحالتك الخاصة احجز استشارة.',
    },
  ],
} as const;

/** Lessons as [title, Arabic title, Vimeo id, length in seconds]; the first one is a free preview. */
export const OFF_PLAN_MODULES = [
  {
    title: 'Off-Plan Basics',
    titleAr: 'أساسيات الشراء على الخارطة',
    videos: [
      ['What off-plan really means', 'ما المقصود فعلًا بالشراء على الخارطة', 76979871, 372],
      ['How Dubai protects off-plan buyers', 'كيف تحمي دبي مشتري العقارات على الخارطة', 59777392, 545],
      [
        'Key terms: EOI, SPA, Oqood and handover',
        'مصطلحات أساسية: خطاب إبداء الاهتمام، واتفاقية البيع والشراء، و«عقود»، والتسليم',
        19231868,
        488,
      ],
    ],
  },
  {
    title: 'Choosing the Right Project',
    titleAr: 'اختيار المشروع المناسب',
    videos: [
      ['Researching a developer and its track record', 'البحث في خلفية المطوّر وسجل إنجازاته', 22439234, 622],
      ['Location, community and future supply', 'الموقع والمجتمع السكني والمعروض المستقبلي', 76979871, 701],
    ],
  },
  {
    title: 'Payment Plans, Fees and Your Exit',
    titleAr: 'خطط السداد والرسوم وخيارات الخروج',
    videos: [
      ['Reading a payment plan', 'كيف تقرأ خطة السداد', 59777392, 834],
      [
        'Fees: DLD transfer, registration and service charges',
        'الرسوم: نقل الملكية لدى دائرة الأراضي والتسجيل ورسوم الخدمات',
        19231868,
        517,
      ],
      ['Selling before handover', 'البيع قبل التسليم', 22439234, 463],
    ],
  },
] as const;

/** The flagship's quiz; the Arabic options are in the English order (answers are graded by index). */
export const OFF_PLAN_QUIZ: QuestionInput[] = [
  {
    question: "Where must an off-plan buyer's payments to the developer be held in Dubai?",
    questionAr: 'أين يجب أن تُودَع دفعات مشتري العقار على الخارطة إلى المطوّر في دبي؟',
    options: [
      "In the developer's main operating account",
      'In the escrow account registered for the project',
      "With the buyer's agent until handover",
      'In cash at the sales office',
    ],
    optionsAr: [
      'في الحساب التشغيلي الرئيسي للمطوّر',
      'في حساب الضمان المسجّل باسم المشروع',
      'لدى وسيط المشتري حتى التسليم',
      'نقدًا في مكتب المبيعات',
    ],
    correctAnswer: 1,
  },
  {
    question: 'What is Oqood?',
    questionAr: 'ما نظام «عقود»؟',
    options: [
      'A mortgage product for expatriate buyers',
      "The Dubai Land Department's interim register for off-plan sales",
      'A type of annual service charge',
      'The final title deed issued at handover',
    ],
    optionsAr: [
      'منتج رهن عقاري مخصّص للمشترين الوافدين',
      'السجل المبدئي لدى دائرة الأراضي والأملاك في دبي لبيوع العقارات على الخارطة',
      'نوع من رسوم الخدمات السنوية',
      'سند الملكية النهائي الذي يصدر عند التسليم',
    ],
    correctAnswer: 1,
  },
  {
    question: 'What transfer fee does the Dubai Land Department usually charge on a purchase?',
    questionAr: 'كم تبلغ عادةً رسوم نقل الملكية التي تتقاضاها دائرة الأراضي والأملاك في دبي عند الشراء؟',
    options: ['1% of the price', '2% of the price', '4% of the price', '10% of the price'],
    optionsAr: ['1% من السعر', '2% من السعر', '4% من السعر', '10% من السعر'],
    correctAnswer: 2,
  },
  {
    question: "A '60/40' payment plan usually means:",
    questionAr: 'خطة السداد «60/40» تعني عادةً:',
    options: [
      '60% paid during construction and 40% on or after handover',
      '60% deposit and 40% financed by the developer over 60 years',
      'A 60% discount with 40% paid in fees',
      '60 monthly instalments of AED 40,000',
    ],
    optionsAr: [
      'سداد 60% خلال فترة البناء و40% عند التسليم أو بعده',
      'دفعة أولى بنسبة 60% و40% يموّلها المطوّر على مدى 60 عامًا',
      'خصم بنسبة 60% مع سداد 40% رسومًا',
      '60 قسطًا شهريًا قيمة كل منها 40,000 درهم',
    ],
    correctAnswer: 0,
  },
  {
    question: 'Which body licenses and regulates real-estate brokers in Dubai?',
    questionAr: 'ما الجهة التي ترخّص الوسطاء العقاريين في دبي وتنظّم عملهم؟',
    options: [
      'The Dubai Chamber of Commerce',
      'RERA, the Real Estate Regulatory Agency',
      'Dubai Municipality',
      'The Central Bank of the UAE',
    ],
    optionsAr: ['غرفة تجارة دبي', 'مؤسسة التنظيم العقاري (ريرا)', 'بلدية دبي', 'مصرف الإمارات العربية المتحدة المركزي'],
    correctAnswer: 1,
  },
];

/** A course shown as coming soon: its texts in both languages; the checklist is cut from the free text. */
export interface ComingSoonCourse {
  title: string;
  titleAr: string;
  image: DemoImage;
  description: string;
  descriptionAr: string;
  courseOutcome: string;
  courseOutcomeAr: string;
  tagline: string;
  taglineAr: string;
  level: CourseLevel;
  createdAt: Date;
}

export const COMING_SOON: ComingSoonCourse[] = [
  {
    title: 'Dubai Golden Visa Through Property',
    titleAr: 'الإقامة الذهبية في دبي عبر الاستثمار العقاري',
    tagline: 'A ten-year residence for you and your family, through the right purchase.',
    taglineAr: 'إقامة لعشر سنوات لك ولعائلتك، عبر عملية الشراء المناسبة.',
    level: 'all',
    image: 'goldenVisa',
    createdAt: day('2025-05-20'),
    description:
      '<p>A property investment of AED 2 million or more can qualify you and your family for a ten-year <strong>Golden Visa</strong>. This course explains who qualifies, which properties count (including off-plan), and how the application works from start to finish.</p>',
    descriptionAr:
      '<p>قد يؤهّلك استثمار عقاري بقيمة مليونَي درهم أو أكثر، أنت وعائلتك، للحصول على <strong>الإقامة الذهبية</strong> لمدة عشر سنوات. تشرح هذه الدورة من يستحقها، وأي العقارات تُحتسب (ومنها العقارات على الخارطة)، وكيف يسير الطلب من أوله إلى آخره.</p>',
    courseOutcome:
      '<ul><li>Check whether your purchase qualifies for the Golden Visa</li><li>Prepare the documents the authorities ask for</li><li>Understand sponsoring your family and what the visa gives you</li></ul>',
    courseOutcomeAr:
      '<ul><li>تتحقق مما إذا كانت عملية شرائك مؤهَّلة للإقامة الذهبية</li><li>تجهّز المستندات التي تطلبها الجهات المختصة</li><li>تفهم كيف تكفل أفراد عائلتك وما تمنحك إياه الإقامة</li></ul>',
  },
  {
    title: 'Financing Your Dubai Property: Mortgages Explained',
    titleAr: 'تمويل عقارك في دبي: دليل قروض الرهن العقاري',
    tagline: 'Borrow with confidence: compare UAE mortgages on their true cost.',
    taglineAr: 'اقترض بثقة: قارن عروض الرهن العقاري في الإمارات بتكلفتها الحقيقية.',
    level: 'beginner',
    image: 'mortgages',
    createdAt: day('2025-05-12'),
    description:
      '<p>Drawing on my UK mortgage qualification and years of advising buyers, I explain how UAE mortgages work for residents and non-residents: loan-to-value limits, fixed and variable rates, fees and how to compare offers.</p>',
    descriptionAr:
      '<p>انطلاقًا من تأهيلي في الرهن العقاري في المملكة المتحدة وسنوات من تقديم المشورة للمشترين، أشرح كيف تعمل قروض الرهن العقاري في الإمارات للمقيمين وغير المقيمين: الحد الأقصى لنسبة التمويل إلى القيمة، والفائدة الثابتة والمتغيرة، والرسوم، وطريقة المقارنة بين العروض.</p>',
    courseOutcome:
      '<ul><li>Know how much you can borrow and the deposit you will need</li><li>Compare mortgage offers on their true cost</li><li>Avoid the most common mistakes at pre-approval and valuation</li></ul>',
    courseOutcomeAr:
      '<ul><li>تعرف المبلغ الذي يمكنك اقتراضه والدفعة الأولى التي ستحتاج إليها</li><li>تقارن عروض الرهن العقاري بتكلفتها الحقيقية</li><li>تتجنّب الأخطاء الأكثر شيوعًا في مرحلتَي الموافقة المبدئية والتقييم</li></ul>',
  },
  {
    title: 'Reading the Dubai Property Market',
    titleAr: 'قراءة سوق العقارات في دبي',
    tagline: 'Judge a community or a launch on evidence, not advertising.',
    taglineAr: 'احكم على المجتمع السكني أو المشروع الجديد بالأدلة، لا بالإعلانات.',
    level: 'intermediate',
    image: 'market',
    createdAt: day('2025-05-05'),
    description:
      '<p>Prices, rents, supply and transaction data: learn where to find reliable figures for Dubai and how to read them, so that you can judge a community or a launch on evidence rather than advertising.</p>',
    descriptionAr:
      '<p>الأسعار والإيجارات والمعروض وبيانات الصفقات: تعلّم أين تجد أرقامًا موثوقة عن سوق دبي وكيف تقرؤها، لتحكم على المجتمع السكني أو المشروع الجديد بالأدلة لا بالإعلانات.</p>',
    courseOutcome:
      '<ul><li>Use official transaction data to check prices</li><li>Estimate rental demand and future supply in an area</li><li>Spot the signs of an overheated launch</li></ul>',
    courseOutcomeAr:
      '<ul><li>تستخدم بيانات الصفقات الرسمية للتحقق من الأسعار</li><li>تقدّر الطلب على الإيجار والمعروض المستقبلي في أي منطقة</li><li>تلتقط علامات المضاربة المحمومة عند إطلاق المشاريع</li></ul>',
  },
  {
    title: 'Buy-to-Let and Holiday Homes in Dubai',
    titleAr: 'الشراء بغرض التأجير وبيوت العطلات في دبي',
    tagline: 'Long lets or holiday homes: the yields, rules and costs compared.',
    taglineAr: 'التأجير الطويل أم بيوت العطلات: مقارنة بين العوائد والقواعد والتكاليف.',
    level: 'intermediate',
    image: 'holidayHomes',
    createdAt: day('2025-04-28'),
    description:
      '<p>Long-term lets or short-stay holiday homes? This course compares the two in Dubai: permits, management, realistic occupancy, costs and the rental yields you can expect in different communities.</p>',
    descriptionAr:
      '<p>تأجير طويل الأمد أم بيوت عطلات للإقامات القصيرة؟ تقارن هذه الدورة بين الخيارين في دبي: التصاريح، والإدارة، ونسب الإشغال الواقعية، والتكاليف، والعوائد الإيجارية التي يمكنك توقّعها في مختلف المجتمعات السكنية.</p>',
    courseOutcome:
      '<ul><li>Calculate gross and net rental yield</li><li>Understand holiday-home permits and rules</li><li>Choose between self-managing and an operator</li></ul>',
    courseOutcomeAr:
      '<ul><li>تحسب العائد الإيجاري الإجمالي والصافي</li><li>تفهم تصاريح بيوت العطلات وقواعدها</li><li>تختار بين إدارة عقارك بنفسك والتعاقد مع شركة تشغيل</li></ul>',
  },
  {
    title: 'Buying Property in Dubai: From Viewing to Title Deed',
    titleAr: 'شراء عقار في دبي: من المعاينة إلى سند الملكية',
    tagline: 'Every step of a ready purchase, from the offer to your title deed.',
    taglineAr: 'كل خطوة في شراء عقار جاهز، من تقديم العرض حتى استلام سند الملكية.',
    level: 'beginner',
    image: 'buyingProcess',
    createdAt: day('2025-04-20'),
    description:
      '<p>A step-by-step guide to buying a ready property in Dubai: making an offer, the Form F contract, the no-objection certificate, the transfer at a trustee office and receiving your title deed.</p>',
    descriptionAr:
      '<p>دليل خطوة بخطوة لشراء عقار جاهز في دبي: تقديم العرض، وعقد البيع المعتمد من مؤسسة التنظيم العقاري، وشهادة عدم الممانعة من المطوّر، ونقل الملكية في أحد مكاتب أمناء التسجيل، ثم استلام سند ملكيتك.</p>',
    courseOutcome:
      '<ul><li>Follow each step of a Dubai purchase with confidence</li><li>Know what every form and fee is for</li><li>Work safely with agents, conveyancers and banks</li></ul>',
    courseOutcomeAr:
      '<ul><li>تتابع كل خطوة من خطوات الشراء في دبي بثقة</li><li>تعرف الغرض من كل نموذج وكل رسم</li><li>تتعامل بأمان مع الوسطاء ومكاتب نقل الملكية والبنوك</li></ul>',
  },
];

export { day };
