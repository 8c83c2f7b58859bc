import { DEFAULT_HERO, DEFAULT_INTRO } from '../../modules/home/defaults.ts';
import { DEFAULT_SETTINGS } from '../../modules/settings/defaults.ts';

/** The demo site's settings: the defaults, with the address also in Arabic. */
export const DEMO_SETTINGS = {
  ...DEFAULT_SETTINGS,
  addressAr: 'واحة دبي للسيليكون، دبي، الإمارات العربية المتحدة',
};

/**
 * The brand's name as Arabic pages write it, for the demo's bylines: the posts' author, and the
 * courses' (which name no author of their own, so English pages show the brand itself).
 */
export const DEMO_BRAND_AR = 'أكاديمية الواحة العقارية';

/** The home page's banner, in English and Arabic. */
export const DEMO_HERO = {
  ...DEFAULT_HERO,
  titleAr: 'استثمر في دبي بثقة',
  subtitleAr:
    'إرشاد واضح وصادق في الشراء على الخارطة والتمويل والإقامة الذهبية، من مرشدة أمضت 26 عامًا في القطاع العقاري.',
};

/** The mentor's introduction on the home page, in English and Arabic. */
export const DEMO_INTRO = {
  ...DEFAULT_INTRO,
  headingAr: 'تعرّف إلى مرشدتك العقارية في دبي',
  subheadingAr:
    'من الرهن العقاري والإسكان الاجتماعي في المملكة المتحدة إلى العقارات على الخارطة في دبي: 26 عامًا في مساعدة الناس على الشراء بحكمة',
  paragraph1Ar:
    'بدأت مسيرتي المهنية في المملكة المتحدة، حيث تأهّلت مستشارةً للرهن العقاري، وأمضيت 16 عامًا في جمعية إسكان أساعد الأسر على امتلاك مساكن آمنة بأسعار في متناولها. وتعلّمت على مدى 26 عامًا في القطاع العقاري أن أفضل القرارات تنبع من أرقام واضحة وشرح متأنٍّ ونصيحة صادقة.',
  paragraph2Ar:
    'أعيش اليوم في دبي، وأتخصص في العقارات على الخارطة وسيطةً مرخّصة من مؤسسة التنظيم العقاري (ريرا). أرافق المستثمرين والعائلات في كل خطوة، من اختيار المطوّر وقراءة خطة السداد إلى التمويل والإقامة الذهبية، لتستثمر عن بيّنة لا عن تخمين.',
};

/** The podcast episodes, in the order the home page lists them. */
export const DEMO_PODCASTS = [
  {
    title: 'Off-Plan in Dubai: What Every Buyer Should Know',
    titleAr: 'العقارات على الخارطة في دبي: ما يجب أن يعرفه كل مشترٍ',
    embeddedUrl: 'https://www.youtube.com/embed/aqz-KE-bpKQ',
    comingSoon: false,
  },
  {
    title: 'Financing Your First Dubai Property',
    titleAr: 'تمويل عقارك الأول في دبي',
    embeddedUrl: '',
    comingSoon: true,
  },
  {
    title: 'Golden Visa Questions Answered',
    titleAr: 'الإقامة الذهبية: إجابات عن أسئلتكم',
    embeddedUrl: '',
    comingSoon: true,
  },
];
