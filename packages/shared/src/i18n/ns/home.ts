import { defineNamespace } from '../define.ts';

/**
 * The home page's own texts (a page namespace: its loader sends them): the words shown when the
 * hero or intro is empty, the sections' headings, the services and the placeholder courses.
 */
export default defineNamespace(
  {
    /** The page's `<title>`: `{brand}` is the site's name. */
    headTitle: '{brand} | Dubai Property Courses & Consultation',
    headDescription:
      'Buy off-plan and invest in Dubai property with confidence: practical online courses, honest one-to-one consultations and guidance on mortgages and the Golden Visa.',

    heroEyebrow: 'Dubai real estate, made clear',
    heroFallbackTitle: 'Invest in Dubai with confidence',
    heroFallbackSubtitle:
      'Courses and one-to-one guidance from a property professional with over 26 years of experience.',
    exploreCourses: 'Explore Courses',
    freeConsultation: 'Free Consultation',
    scroll: 'Scroll',

    introEyebrow: 'Meet your mentor',
    introFallbackHeading: 'Your guide to property in Dubai',
    introFallbackSubheading: 'Over 26 years of helping people buy, finance and invest wisely',
    introFallbackParagraph1:
      'I started in property finance in the UK, qualified as a mortgage adviser and spent sixteen years with a housing association helping families into homes they could afford.',
    introFallbackParagraph2:
      'Today I specialise in Dubai off-plan property. I explain the market plainly, check the details others skip and stay with you from the first question to the keys.',
    yearsValue: '26+',
    yearsLabel: 'years in property',
    whyChooseMe: 'Why Choose Me?',

    servicesEyebrow: 'How I can help',
    servicesTitle: 'Services built around you',
    servicesLead:
      'Whether you are buying your first off-plan unit or growing a portfolio, you get clear answers and a plan that fits.',
    mentorshipTitle: 'Mentorship',
    mentorshipText:
      'One-to-one support from your first question to completion, with someone who has seen every stage many times.',
    guidanceTitle: 'Dubai Guidance',
    guidanceText:
      'Communities, developers and the buying process explained plainly, so you know exactly where you stand.',
    insightsTitle: 'Market Insights',
    insightsText: 'Prices, rental yields and launch pipelines read with a critical eye, not a sales pitch.',
    financingTitle: 'Financing Guidance',
    financingText:
      'Mortgages, payment plans and fees compared, drawing on a UK mortgage qualification and years of lending experience.',
    goldenVisaTitle: 'Golden Visa Guidance',
    goldenVisaText: 'Which purchases qualify for the UAE Golden Visa, and the documents and steps to get there.',
    trainingTitle: 'Courses & Training',
    trainingText: 'Self-paced video courses that turn years of experience into clear, practical lessons.',

    consultTitle: 'Thinking about Dubai property?',
    consultText:
      'Book a free, no-obligation consultation. Tell me what you want to achieve and I will tell you honestly what it takes, what it costs and what to watch out for.',
    consultButton: 'Book a Free Consultation',

    coursesEyebrow: 'Online courses',
    coursesTitle: 'Learn at your own pace',
    coursesLead:
      'Practical video courses on Dubai property, from your first off-plan purchase to building a portfolio.',

    /** The placeholder courses (the demo seed's titles), shown while the catalogue is smaller than the teaser. */
    offPlanTitle: 'Introduction to Off Plan',
    offPlanSummary:
      'Buying off-plan means buying a home before it is built, usually with a deposit and a payment plan that runs alongside construction.',
    goldenVisaCourseTitle: 'Dubai Golden Visa Through Property',
    goldenVisaCourseSummary:
      'A property investment of AED 2 million or more can qualify you and your family for a ten-year Golden Visa.',
    mortgagesTitle: 'Financing Your Dubai Property: Mortgages Explained',
    mortgagesSummary:
      'How UAE mortgages work for residents and non-residents: loan-to-value limits, rates, fees and comparing offers.',
    marketTitle: 'Reading the Dubai Property Market',
    marketSummary:
      'Prices, rents, supply and transaction data: where to find reliable figures for Dubai and how to read them.',
    rentalTitle: 'Buy-to-Let and Holiday Homes in Dubai',
    rentalSummary:
      'Long-term lets or short-stay holiday homes? Permits, management, occupancy, costs and realistic yields.',
    buyingTitle: 'Buying Property in Dubai: From Viewing to Title Deed',
    buyingSummary:
      'A step-by-step guide to buying a ready property: the offer, Form F, the NOC, the transfer and your title deed.',
  },
  {
    headTitle: '{brand} | دورات واستشارات عقارات دبي',
    headDescription:
      'اشترِ على المخطط واستثمر في عقارات دبي بثقة: دورات عملية عبر الإنترنت، واستشارات فردية صادقة، وإرشاد حول التمويل العقاري والإقامة الذهبية.',

    heroEyebrow: 'عقارات دبي بكل وضوح',
    heroFallbackTitle: 'استثمر في دبي بثقة',
    heroFallbackSubtitle: 'دورات وإرشاد فردي من خبير عقاري تزيد خبرته على 26 عامًا.',
    exploreCourses: 'تصفّح الدورات',
    freeConsultation: 'استشارة مجانية',
    scroll: 'مرّر للأسفل',

    introEyebrow: 'تعرّف إلى مرشدك',
    introFallbackHeading: 'دليلك إلى العقارات في دبي',
    introFallbackSubheading: 'أكثر من 26 عامًا في مساعدة الناس على الشراء والتمويل والاستثمار بحكمة',
    introFallbackParagraph1:
      'بدأت مسيرتي في التمويل العقاري في المملكة المتحدة، وحصلت على مؤهل مستشار رهن عقاري، وأمضيت ستة عشر عامًا في جمعية إسكان أساعد العائلات على امتلاك منازل في حدود إمكاناتها.',
    introFallbackParagraph2:
      'أتخصص اليوم في عقارات دبي على المخطط. أشرح السوق بلغة واضحة، وأدقّق في التفاصيل التي يتجاوزها غيري، وأرافقك من سؤالك الأول حتى تتسلّم المفاتيح.',
    yearsValue: '26+',
    yearsLabel: 'عامًا في القطاع العقاري',
    whyChooseMe: 'لماذا تختارني؟',

    servicesEyebrow: 'كيف أساعدك',
    servicesTitle: 'خدمات مصمَّمة حول احتياجاتك',
    servicesLead: 'سواء كنت تشتري وحدتك الأولى على المخطط أو توسّع محفظتك العقارية، ستحصل على إجابات واضحة وخطة تناسبك.',
    mentorshipTitle: 'الإرشاد الشخصي',
    mentorshipText: 'دعم فردي من سؤالك الأول حتى إتمام الصفقة، مع شخص خَبِر كل مرحلة منها مرات عديدة.',
    guidanceTitle: 'إرشاد في سوق دبي',
    guidanceText: 'شرح واضح للمجتمعات السكنية والمطوّرين وخطوات الشراء، لتعرف موقعك بدقة في كل خطوة.',
    insightsTitle: 'رؤى السوق',
    insightsText: 'قراءة للأسعار والعوائد الإيجارية والمشاريع المرتقبة بعين ناقدة، لا بأسلوب الترويج والبيع.',
    financingTitle: 'إرشاد في التمويل',
    financingText:
      'مقارنة بين قروض الرهن العقاري وخطط السداد والرسوم، استنادًا إلى مؤهل بريطاني في الرهن العقاري وسنوات من الخبرة في الإقراض.',
    goldenVisaTitle: 'إرشاد حول الإقامة الذهبية',
    goldenVisaText: 'أيّ عمليات الشراء تؤهّلك للإقامة الذهبية في الإمارات، وما المستندات والخطوات اللازمة للحصول عليها.',
    trainingTitle: 'الدورات والتدريب',
    trainingText: 'دورات فيديو تتعلّم فيها وفق وتيرتك، تحوّل سنوات من الخبرة إلى دروس عملية واضحة.',

    consultTitle: 'تفكّر في الاستثمار العقاري في دبي؟',
    consultText:
      'احجز استشارة مجانية دون أي التزام. أخبرني بما تريد تحقيقه، وسأخبرك بصراحة بما يتطلّبه ذلك، وكم يكلّف، وما الذي ينبغي أن تنتبه له.',
    consultButton: 'احجز استشارة مجانية',

    coursesEyebrow: 'دورات عبر الإنترنت',
    coursesTitle: 'تعلّم وفق وتيرتك الخاصة',
    coursesLead: 'دورات فيديو عملية عن عقارات دبي، من أول عملية شراء على المخطط حتى بناء محفظة عقارية.',

    offPlanTitle: 'مقدمة في الشراء على المخطط',
    offPlanSummary:
      'الشراء على المخطط يعني شراء منزل قبل بنائه، عادةً بدفعة مقدّمة وخطة سداد تسير بالتوازي مع أعمال البناء.',
    goldenVisaCourseTitle: 'الإقامة الذهبية في دبي عبر الاستثمار العقاري',
    goldenVisaCourseSummary:
      'قد يؤهّلك استثمار عقاري بقيمة 2 مليون درهم أو أكثر، أنت وعائلتك، للحصول على إقامة ذهبية مدتها عشر سنوات.',
    mortgagesTitle: 'تمويل عقارك في دبي: دليل قروض الرهن العقاري',
    mortgagesSummary:
      'كيف تعمل قروض الرهن العقاري في الإمارات للمقيمين وغير المقيمين: حدود نسبة التمويل إلى القيمة، والفوائد، والرسوم، والمقارنة بين العروض.',
    marketTitle: 'قراءة سوق العقارات في دبي',
    marketSummary: 'الأسعار والإيجارات والمعروض وبيانات الصفقات: أين تجد أرقامًا موثوقة عن دبي وكيف تقرؤها.',
    rentalTitle: 'الشراء بغرض التأجير وبيوت العطلات في دبي',
    rentalSummary:
      'تأجير طويل الأمد أم بيوت عطلات للإقامات القصيرة؟ التصاريح والإدارة ونسب الإشغال والتكاليف والعوائد الواقعية.',
    buyingTitle: 'شراء عقار في دبي: من المعاينة إلى سند الملكية',
    buyingSummary:
      'دليل خطوة بخطوة لشراء عقار جاهز: تقديم العرض، والنموذج F، وشهادة عدم الممانعة، ونقل الملكية، وسند ملكيتك.',
  },
);
