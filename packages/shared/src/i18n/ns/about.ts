import { defineNamespace } from '../define.ts';

/** The 'Why Choose Me' page (/about): a page namespace, sent by its loader. */
export default defineNamespace(
  {
    /** The page's heading and its `<title>`. */
    title: 'Why Choose Me',
    headDescription:
      'Over 26 years in property: a UK mortgage qualification, 16 years at a housing association, years of volunteering and a licensed Dubai off-plan specialist.',
    eyebrow: 'About me',
    lead: 'Over 26 years of helping people buy, finance and invest in property, first in the UK and now in Dubai.',

    atAGlance: 'At a glance',
    stat1Value: '26+',
    stat1Label: 'years in property and finance',
    stat2Value: '16',
    stat2Label: 'years at a UK housing association',
    stat3Value: 'RERA',
    stat3Label: 'licensed in Dubai',
    stat4Value: '1:1',
    stat4Label: 'guidance, start to finish',

    storyEyebrow: 'My story',
    storyTitle: 'Experience you can lean on',
    storyLead:
      'Buying property abroad is a big decision. You deserve advice from someone who has spent a career on the lending, housing and investing side of it.',
    story1Title: 'Where it started: the UK',
    story1Text:
      'My career began in the UK property and finance world more than 26 years ago. It taught me that good property decisions are made on numbers and honest advice, not on brochures.',
    story2Title: 'Qualified in mortgages',
    story2Text:
      'I trained and qualified as a mortgage adviser, so I understand lending from the inside: affordability, loan-to-value, fees and the fine print that changes what a property really costs you.',
    story3Title: '16 years at a housing association',
    story3Text:
      'For sixteen years I worked with a housing association, helping families and first-time buyers into homes they could afford and keep. It is where I learnt to explain complex things simply and patiently.',
    story4Title: 'Giving back',
    story4Text:
      'Alongside my work I have volunteered for years, supporting people with housing, budgeting and getting back on their feet. That sense of responsibility shapes how I advise today.',
    story5Title: 'Dubai off-plan specialist',
    story5Text:
      'Today I specialise in Dubai off-plan property and hold a licence from the Real Estate Regulatory Agency (RERA). I help investors and families from around the world buy with clear eyes: the right developer, the right payment plan, the right unit.',

    promiseEyebrow: 'Working together',
    promiseTitle: 'What you can expect',
    promiseLead:
      'I only take on clients I can genuinely help, and I tell you early if something does not fit your goals.',
    promise1: 'Straight answers, including when the answer is "don\'t buy this".',
    promise2: 'Every cost explained up front: fees, service charges and financing.',
    promise3: 'Developers and projects checked before they reach your shortlist.',
    promise4: 'Support that continues after you sign, through to handover.',

    ctaTitle: "Let's talk about your plans",
    ctaText: 'A free consultation, with no obligation and no pressure.',
    bookConsultation: 'Book a Free Consultation',
    exploreCourses: 'Explore Courses',

    // The mentor's profile (Admin → Mentor profile) and the course pages' instructor block.
    mentorEyebrow: 'Your mentor',
    portraitAlt: 'Portrait of {name}',
    credentialsTitle: 'Credentials',
    findMeOnline: 'Find me online',
    linkedin: 'LinkedIn',
    instagram: 'Instagram',
    youtube: 'YouTube',
    x: 'X',
    website: 'Website',
    socialLink: '{name} on {network}',
    instructorHeading: 'Your instructor',
    instructorMore: 'More about your mentor',
  },
  {
    title: 'لماذا تختارني',
    headDescription:
      'أكثر من 26 عامًا في القطاع العقاري: مؤهل بريطاني في الرهن العقاري، و16 عامًا في جمعية إسكان، وسنوات من العمل التطوعي، وخبرة مرخّصة في عقارات دبي على المخطط.',
    eyebrow: 'نبذة عني',
    lead: 'أكثر من 26 عامًا في مساعدة الناس على شراء العقارات وتمويلها والاستثمار فيها، في المملكة المتحدة أولًا، واليوم في دبي.',

    atAGlance: 'لمحة سريعة',
    stat1Value: '26+',
    stat1Label: 'عامًا في العقارات والتمويل',
    stat2Value: '16',
    stat2Label: 'عامًا في جمعية إسكان بريطانية',
    stat3Value: 'ريرا',
    stat3Label: 'ترخيص مزاولة المهنة في دبي',
    stat4Value: '1:1',
    stat4Label: 'إرشاد فردي من البداية إلى النهاية',

    storyEyebrow: 'قصتي',
    storyTitle: 'خبرة يمكنك الاعتماد عليها',
    storyLead:
      'شراء عقار في الخارج قرار كبير، ومن حقك أن تستشير شخصًا أمضى مسيرته المهنية في مجالات الإقراض والإسكان والاستثمار.',
    story1Title: 'البداية: المملكة المتحدة',
    story1Text:
      'بدأت مسيرتي المهنية في قطاع العقارات والتمويل في المملكة المتحدة قبل أكثر من 26 عامًا، وتعلّمت منها أن القرارات العقارية السليمة تُبنى على الأرقام والمشورة الصادقة، لا على الكتيّبات الترويجية.',
    story2Title: 'مؤهَّل في الرهن العقاري',
    story2Text:
      'تدرّبت وحصلت على مؤهل مستشار رهن عقاري، لذا أفهم الإقراض من الداخل: القدرة على السداد، ونسبة التمويل إلى القيمة، والرسوم، والتفاصيل الدقيقة التي تغيّر التكلفة الحقيقية للعقار عليك.',
    story3Title: '16 عامًا في جمعية إسكان',
    story3Text:
      'عملت ستة عشر عامًا مع جمعية إسكان، أساعد العائلات ومن يشترون منزلهم الأول على امتلاك مساكن تناسب إمكاناتهم ويستطيعون الحفاظ عليها. وهناك تعلّمت أن أشرح الأمور المعقّدة ببساطة وصبر.',
    story4Title: 'ردّ الجميل',
    story4Text:
      'إلى جانب عملي، تطوّعت لسنوات في دعم الناس في شؤون السكن وإدارة ميزانياتهم والوقوف على أقدامهم من جديد. وهذا الحسّ بالمسؤولية هو ما يوجّه طريقتي في تقديم المشورة اليوم.',
    story5Title: 'خبير في عقارات دبي على المخطط',
    story5Text:
      'أتخصص اليوم في عقارات دبي على المخطط، وأحمل ترخيصًا من مؤسسة التنظيم العقاري (ريرا). أساعد المستثمرين والعائلات من مختلف أنحاء العالم على الشراء عن بيّنة: المطوّر المناسب، وخطة السداد المناسبة، والوحدة المناسبة.',

    promiseEyebrow: 'العمل معًا',
    promiseTitle: 'ما الذي يمكنك توقّعه',
    promiseLead: 'لا أقبل إلا العملاء الذين أستطيع مساعدتهم فعلًا، وأخبرك مبكرًا إن كان أمرٌ ما لا يتوافق مع أهدافك.',
    promise1: 'إجابات صريحة، حتى عندما تكون الإجابة «لا تشترِ هذا العقار».',
    promise2: 'شرح كل التكاليف مسبقًا: الرسوم، ورسوم الخدمات، والتمويل.',
    promise3: 'التحقق من المطوّرين والمشاريع قبل أن تصل إلى قائمتك المختصرة.',
    promise4: 'دعم يستمر بعد التوقيع وحتى التسليم.',

    ctaTitle: 'لنتحدث عن خططك',
    ctaText: 'استشارة مجانية، دون أي التزام أو ضغط.',
    bookConsultation: 'احجز استشارة مجانية',
    exploreCourses: 'تصفّح الدورات',

    mentorEyebrow: 'مرشدك',
    portraitAlt: 'صورة {name}',
    credentialsTitle: 'المؤهلات',
    findMeOnline: 'تجدني على الإنترنت',
    linkedin: 'لينكدإن',
    instagram: 'إنستغرام',
    youtube: 'يوتيوب',
    x: 'منصة إكس',
    website: 'الموقع الإلكتروني',
    socialLink: '{name} على {network}',
    instructorHeading: 'مدرّب الدورة',
    instructorMore: 'المزيد عن مرشدك',
  },
);
