import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { messagesFor } from '@oasis/shared/i18n/catalogue';
import { LIMITS } from '@oasis/shared/limits';
import type { CourseLevel } from '@oasis/shared/selling';
import { ConfigError } from '../config.ts';
import { serverDir } from '../lib/server-dir.ts';
import type { Deps } from '../deps.ts';
import { DEFAULT_HERO, DEFAULT_INTRO } from '../modules/home/service.ts';
import { deleteMedia, IMAGE_FORMAT_EXT, type MediaRow } from '../modules/media/service.ts';
import { DEFAULT_SETTINGS } from '../modules/settings/service.ts';
import type { Db } from './client.ts';
import {
  type QuestionInput,
  seedBlog,
  seedCourse,
  seedHero,
  seedIntro,
  seedMentor,
  seedModule,
  seedPodcastVideo,
  seedQuiz,
  seedSettings,
  seedUser,
  seedVideo,
} from './factories.ts';
import { courses, media, users } from './schema.ts';

export const SEED_ASSETS_DIR = path.join(serverDir, 'seed-assets');
/** The demo images, already encoded by the media pipeline (seed-assets/renditions.ts makes them). */
export const RENDITIONS_DIR = path.join(SEED_ASSETS_DIR, 'renditions');
export const DEFAULT_ADMIN_EMAIL = 'admin@oasis.local';

export interface SeedOptions {
  /** Defaults to ADMIN_EMAIL, then admin@oasis.local. */
  adminEmail?: string;
  /** Defaults to ADMIN_PASSWORD, then a generated 16-character password. */
  adminPassword?: string;
  /** Store the demo images (default). Tests about accounts only leave them out to save time. */
  images?: boolean;
  /** Where the one-time admin notice goes (stdout by default, so it is seen whatever the log format). */
  print?: (text: string) => void;
}

export interface SeedResult {
  seeded: boolean;
  admin?: { email: string; password: string; generated: boolean };
}

const adminEmailSchema = z.email('must be an e-mail address');
const adminPasswordSchema = z.string().min(LIMITS.passwordMin, `must be at least ${LIMITS.passwordMin} characters`);

function readSetting<T>(name: string, schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ConfigError([`${name}: ${parsed.error.issues[0]?.message ?? 'invalid'}`]);
  return parsed.data;
}

/** Easy to read and type: no 0/O, 1/l/I. */
const PASSWORD_ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function generatePassword(length = 16): string {
  return Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
}

async function isEmpty(db: Db): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).limit(1);
  const [course] = await db.select({ id: courses.id }).from(courses).limit(1);
  return !user && !course;
}

/**
 * Seeds demo content into an empty database (no users and no courses), so a fresh start shows a
 * complete site. Does nothing on later starts. Images go through the media pipeline like uploads.
 */
export async function seedDemoContent(deps: Deps, options: SeedOptions = {}): Promise<SeedResult> {
  const { db } = deps;
  if (!(await isEmpty(db))) return { seeded: false };

  const email = readSetting(
    'ADMIN_EMAIL',
    adminEmailSchema,
    options.adminEmail ?? (process.env.ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL),
  );
  const givenPassword = options.adminPassword ?? (process.env.ADMIN_PASSWORD || undefined);
  const password = givenPassword
    ? readSetting('ADMIN_PASSWORD', adminPasswordSchema, givenPassword)
    : generatePassword();

  const started = performance.now();
  const images = options.images === false ? NO_IMAGES : await storeSeedImages(deps);
  try {
    await db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await seedSettings(db, DEFAULT_SETTINGS);
      await seedHero(db, { ...DEFAULT_HERO, imageId: images.hero });
      await seedIntro(db, { ...DEFAULT_INTRO, imageId: images.intro });
      // No portrait: the pages show the neutral silhouette (public/mentor-placeholder.svg) until the owner uploads one.
      await seedMentor(db, demoMentor());
      await seedCourses(db, images);
      await seedBlogs(db, images);
      for (const [position, item] of PODCASTS.entries()) await seedPodcastVideo(db, { ...item, position });
      // The operator chose the address: it counts as proved (Google sign-in then links, never takes over).
      await seedUser(db, { name: 'Site Admin', email, password, role: 'admin', emailVerifiedAt: new Date() });
    });
  } catch (error) {
    await Promise.all(Object.values(images).map((id) => (id ? deleteMedia(deps, id).catch(() => {}) : undefined)));
    throw error;
  }
  deps.pageCache.invalidate();
  deps.log.info({ ms: Math.round(performance.now() - started), adminEmail: email }, 'demo content seeded');

  const print = options.print ?? ((text: string) => process.stdout.write(text));
  print(adminNotice(email, givenPassword ? null : password, deps.config.siteUrl));
  return { seeded: true, admin: { email, password, generated: !givenPassword } };
}

function adminNotice(email: string, generatedPassword: string | null, siteUrl: string): string {
  const lines = [
    'Oasis: admin account created',
    '',
    `E-mail:    ${email}`,
    generatedPassword ? `Password:  ${generatedPassword}` : 'Password:  the one set in ADMIN_PASSWORD',
    `Sign in:   ${siteUrl}/admin/login`,
    '',
    generatedPassword
      ? 'This password is shown only once. Store it now, then change it.'
      : 'Remove ADMIN_PASSWORD from the environment once you have signed in.',
  ];
  const width = Math.max(...lines.map((l) => l.length)) + 2;
  const border = '═'.repeat(width + 2);
  return ['', `╔${border}╗`, ...lines.map((l) => `║  ${l.padEnd(width)}║`), `╚${border}╝`, '', ''].join('\n');
}

// ---------------------------------------------------------------- images

export const IMAGE_FILES = {
  hero: 'hero-dubai-skyline.jpg',
  intro: 'intro-balcony-view.jpg',
  offPlan: 'course-off-plan.jpg',
  goldenVisa: 'course-golden-visa.jpg',
  mortgages: 'course-mortgages.jpg',
  market: 'course-market.jpg',
  holidayHomes: 'course-holiday-homes.jpg',
  buyingProcess: 'course-buying-process.jpg',
  blogMarina: 'blog-marina-night.jpg',
  blogYields: 'blog-rental-yields.jpg',
  blogKeys: 'blog-keys.jpg',
} as const;
type SeedImages = Record<keyof typeof IMAGE_FILES, string | null>;
const NO_IMAGES = Object.fromEntries(Object.keys(IMAGE_FILES).map((k) => [k, null])) as SeedImages;

/** What renditions/manifest.json records of each demo image: its media row, less id and key. */
export type SeedRendition = Pick<MediaRow, 'mime' | 'bytes' | 'width' | 'height' | 'widths' | 'formats'>;

/**
 * Stores the demo images as uploads would leave them, by copying their ready-made renditions:
 * encoding eleven pictures at four widths in three formats took most of a first start.
 */
async function storeSeedImages(deps: Deps): Promise<SeedImages> {
  const manifest = JSON.parse(await fs.readFile(path.join(RENDITIONS_DIR, 'manifest.json'), 'utf8')) as Record<
    string,
    SeedRendition
  >;
  const stored: Partial<SeedImages> = {};
  let key = '';
  try {
    for (const [name, file] of Object.entries(IMAGE_FILES) as [keyof SeedImages, string][]) {
      const stem = path.parse(file).name;
      const rendition = manifest[stem];
      if (!rendition) throw new Error(`seed-assets/renditions has no ${stem}: run seed-assets/renditions.ts`);
      const id = randomUUID();
      key = `images/${id}`;
      const files = rendition.widths.flatMap((width) =>
        rendition.formats.map((format) => `${width}.${IMAGE_FORMAT_EXT[format]}`),
      );
      await Promise.all(
        files.map(async (f) => deps.storage.put(`${key}/${f}`, await fs.readFile(path.join(RENDITIONS_DIR, stem, f)))),
      );
      await deps.db.insert(media).values({ id, kind: 'image', key, ...rendition });
      stored[name] = id;
      key = '';
    }
  } catch (error) {
    if (key) await deps.storage.remove(key).catch(() => {});
    await Promise.all(Object.values(stored).map((id) => (id ? deleteMedia(deps, id).catch(() => {}) : undefined)));
    throw error;
  }
  return stored as SeedImages;
}

// ---------------------------------------------------------------- mentor

/** The About page's story as the owner's rich text: the catalogue's timeline, in each language. */
function aboutStory(locale: 'en' | 'ar'): string {
  const t = messagesFor(locale).about;
  const parts = [1, 2, 3, 4, 5] as const;
  return [
    `<p>${t.storyLead}</p>`,
    ...parts.map((n) => `<h3>${t[`story${n}Title`]}</h3><p>${t[`story${n}Text`]}</p>`),
  ].join('');
}

/** The demo mentor (English and Arabic): the person the About page and the course pages present. */
export function demoMentor() {
  return {
    name: 'Sarah Whitfield',
    nameAr: 'سارة ويتفيلد',
    jobTitle: 'Founder and Dubai property mentor',
    jobTitleAr: 'مؤسِّسة ومرشدة عقارية في دبي',
    bio: 'Over 26 years in property: a UK-qualified mortgage adviser, 16 years at a housing association, and today a RERA-licensed Dubai off-plan specialist who explains every number before you sign.',
    bioAr:
      'أكثر من 26 عامًا في القطاع العقاري: مستشارة رهن عقاري مؤهَّلة في المملكة المتحدة، و16 عامًا في جمعية إسكان، واليوم خبيرة مرخّصة من ريرا في عقارات دبي على المخطط تشرح كل رقم قبل أن توقّع.',
    credentials: ['RERA broker no. 12345', 'CeMAP-qualified mortgage adviser (UK)', '26 years in property and finance'],
    credentialsAr: [
      'وسيطة مسجّلة لدى ريرا برقم 12345',
      'مستشارة رهن عقاري مؤهَّلة (CeMAP، المملكة المتحدة)',
      '26 عامًا في العقارات والتمويل',
    ],
    social: {
      linkedin: 'https://www.linkedin.com/',
      instagram: 'https://www.instagram.com/',
      youtube: 'https://www.youtube.com/',
    },
    aboutHtml: aboutStory('en'),
    aboutHtmlAr: aboutStory('ar'),
  };
}

// ---------------------------------------------------------------- courses

const day = (iso: string) => new Date(`${iso}T09:00:00.000Z`);

const OFF_PLAN_DESCRIPTION = `
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

/**
 * The flagship course in Arabic (docs/i18n.md#content), so the Arabic pages show translated
 * content; the rest of the demo content has none and falls back to the English.
 */
const OFF_PLAN_TITLE_AR = 'مقدمة في العقارات على الخارطة';
const OFF_PLAN_DESCRIPTION_AR = `
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

const OFF_PLAN_OUTCOME = `
<ul>
<li>Explain how an off-plan purchase works in Dubai, from reservation and SPA to Oqood registration and handover</li>
<li>Check a developer and a project: escrow accounts, registration with the Dubai Land Department and a track record of delivery</li>
<li>Read a developer's payment plan and turn it into a month-by-month cash-flow plan</li>
<li>Budget for every cost: the 4% DLD transfer fee, registration and agency fees, and service charges</li>
<li>Compare locations and communities using supply, rental demand and infrastructure plans</li>
<li>Know your options if you need to sell before handover</li>
</ul>
`.trim();

/** The flagship's selling blocks (docs/product.md#course-page), English and Arabic. */
const OFF_PLAN_PAGE = {
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

/** Lessons as [title, Vimeo id, length in seconds]; the first one is a free preview. */
const OFF_PLAN_MODULES = [
  {
    title: 'Off-Plan Basics',
    videos: [
      ['What off-plan really means', 76979871, 372],
      ['How Dubai protects off-plan buyers', 59777392, 545],
      ['Key terms: EOI, SPA, Oqood and handover', 19231868, 488],
    ],
  },
  {
    title: 'Choosing the Right Project',
    videos: [
      ['Researching a developer and its track record', 22439234, 622],
      ['Location, community and future supply', 76979871, 701],
    ],
  },
  {
    title: 'Payment Plans, Fees and Your Exit',
    videos: [
      ['Reading a payment plan', 59777392, 834],
      ['Fees: DLD transfer, registration and service charges', 19231868, 517],
      ['Selling before handover', 22439234, 463],
    ],
  },
] as const;

const OFF_PLAN_QUIZ: QuestionInput[] = [
  {
    question: "Where must an off-plan buyer's payments to the developer be held in Dubai?",
    options: [
      "In the developer's main operating account",
      'In the escrow account registered for the project',
      "With the buyer's agent until handover",
      'In cash at the sales office',
    ],
    correctAnswer: 1,
  },
  {
    question: 'What is Oqood?',
    options: [
      'A mortgage product for expatriate buyers',
      "The Dubai Land Department's interim register for off-plan sales",
      'A type of annual service charge',
      'The final title deed issued at handover',
    ],
    correctAnswer: 1,
  },
  {
    question: 'What transfer fee does the Dubai Land Department usually charge on a purchase?',
    options: ['1% of the price', '2% of the price', '4% of the price', '10% of the price'],
    correctAnswer: 2,
  },
  {
    question: "A '60/40' payment plan usually means:",
    options: [
      '60% paid during construction and 40% on or after handover',
      '60% deposit and 40% financed by the developer over 60 years',
      'A 60% discount with 40% paid in fees',
      '60 monthly instalments of AED 40,000',
    ],
    correctAnswer: 0,
  },
  {
    question: 'Which body licenses and regulates real-estate brokers in Dubai?',
    options: [
      'The Dubai Chamber of Commerce',
      'RERA, the Real Estate Regulatory Agency',
      'Dubai Municipality',
      'The Central Bank of the UAE',
    ],
    correctAnswer: 1,
  },
];

interface ComingSoonCourse {
  title: string;
  image: keyof SeedImages;
  description: string;
  courseOutcome: string;
  tagline: string;
  level: CourseLevel;
  createdAt: Date;
}

const COMING_SOON: ComingSoonCourse[] = [
  {
    title: 'Dubai Golden Visa Through Property',
    tagline: 'A ten-year residence for you and your family, through the right purchase.',
    level: 'all',
    image: 'goldenVisa',
    createdAt: day('2025-05-20'),
    description:
      '<p>A property investment of AED 2 million or more can qualify you and your family for a ten-year <strong>Golden Visa</strong>. This course explains who qualifies, which properties count (including off-plan), and how the application works from start to finish.</p>',
    courseOutcome:
      '<ul><li>Check whether your purchase qualifies for the Golden Visa</li><li>Prepare the documents the authorities ask for</li><li>Understand sponsoring your family and what the visa gives you</li></ul>',
  },
  {
    title: 'Financing Your Dubai Property: Mortgages Explained',
    tagline: 'Borrow with confidence: compare UAE mortgages on their true cost.',
    level: 'beginner',
    image: 'mortgages',
    createdAt: day('2025-05-12'),
    description:
      '<p>Drawing on my UK mortgage qualification and years of advising buyers, I explain how UAE mortgages work for residents and non-residents: loan-to-value limits, fixed and variable rates, fees and how to compare offers.</p>',
    courseOutcome:
      '<ul><li>Know how much you can borrow and the deposit you will need</li><li>Compare mortgage offers on their true cost</li><li>Avoid the most common mistakes at pre-approval and valuation</li></ul>',
  },
  {
    title: 'Reading the Dubai Property Market',
    tagline: 'Judge a community or a launch on evidence, not advertising.',
    level: 'intermediate',
    image: 'market',
    createdAt: day('2025-05-05'),
    description:
      '<p>Prices, rents, supply and transaction data: learn where to find reliable figures for Dubai and how to read them, so that you can judge a community or a launch on evidence rather than advertising.</p>',
    courseOutcome:
      '<ul><li>Use official transaction data to check prices</li><li>Estimate rental demand and future supply in an area</li><li>Spot the signs of an overheated launch</li></ul>',
  },
  {
    title: 'Buy-to-Let and Holiday Homes in Dubai',
    tagline: 'Long lets or holiday homes: the yields, rules and costs compared.',
    level: 'intermediate',
    image: 'holidayHomes',
    createdAt: day('2025-04-28'),
    description:
      '<p>Long-term lets or short-stay holiday homes? This course compares the two in Dubai: permits, management, realistic occupancy, costs and the rental yields you can expect in different communities.</p>',
    courseOutcome:
      '<ul><li>Calculate gross and net rental yield</li><li>Understand holiday-home permits and rules</li><li>Choose between self-managing and an operator</li></ul>',
  },
  {
    title: 'Buying Property in Dubai: From Viewing to Title Deed',
    tagline: 'Every step of a ready purchase, from the offer to your title deed.',
    level: 'beginner',
    image: 'buyingProcess',
    createdAt: day('2025-04-20'),
    description:
      '<p>A step-by-step guide to buying a ready property in Dubai: making an offer, the Form F contract, the no-objection certificate, the transfer at a trustee office and receiving your title deed.</p>',
    courseOutcome:
      '<ul><li>Follow each step of a Dubai purchase with confidence</li><li>Know what every form and fee is for</li><li>Work safely with agents, conveyancers and banks</li></ul>',
  },
];

async function seedCourses(db: Db, images: SeedImages) {
  // The flagship course is the newest, so it leads the catalogue and the home teaser.
  const offPlan = await seedCourse(db, {
    title: 'Introduction to Off Plan',
    titleAr: OFF_PLAN_TITLE_AR,
    description: OFF_PLAN_DESCRIPTION,
    descriptionAr: OFF_PLAN_DESCRIPTION_AR,
    courseOutcome: OFF_PLAN_OUTCOME,
    ...OFF_PLAN_PAGE,
    outcomes: [...OFF_PLAN_PAGE.outcomes],
    outcomesAr: [...OFF_PLAN_PAGE.outcomesAr],
    faq: [...OFF_PLAN_PAGE.faq],
    priceFils: 88_800,
    comingSoon: false,
    thumbnailId: images.offPlan,
    createdAt: day('2025-06-01'),
  });
  for (const [position, module] of OFF_PLAN_MODULES.entries()) {
    const row = await seedModule(db, { courseId: offPlan.id, title: module.title, position });
    for (const [videoPosition, [title, vimeoId, seconds]] of module.videos.entries()) {
      await seedVideo(db, {
        moduleId: row.id,
        title,
        source: 'vimeo',
        url: `https://player.vimeo.com/video/${vimeoId}`,
        position: videoPosition,
        durationSeconds: seconds,
        freePreview: position === 0 && videoPosition === 0,
      });
    }
  }
  await seedQuiz(db, { courseId: offPlan.id, questions: OFF_PLAN_QUIZ });

  for (const course of COMING_SOON) {
    await seedCourse(db, {
      title: course.title,
      description: course.description,
      courseOutcome: course.courseOutcome,
      tagline: course.tagline,
      level: course.level,
      // The list items of the free text, as the page's checklist.
      outcomes: [...course.courseOutcome.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1] ?? ''),
      priceFils: 0,
      comingSoon: true,
      thumbnailId: images[course.image],
      createdAt: course.createdAt,
    });
  }
}

// ---------------------------------------------------------------- blogs

async function seedBlogs(db: Db, images: SeedImages) {
  const author = DEFAULT_SETTINGS.brandName;
  await seedBlog(db, {
    title: 'Off-Plan or Ready? Choosing Your First Dubai Property',
    author,
    imageId: images.blogKeys,
    date: day('2025-06-18'),
    description: `
<p>One of the first questions I am asked is whether to buy <strong>off-plan</strong> or a <strong>ready</strong> home. There is no single right answer: it depends on your budget, your timeline and what you want the property to do for you.</p>
<h2>The case for off-plan</h2>
<ul>
<li><strong>Lower entry price</strong>: launch prices are often below comparable ready homes.</li>
<li><strong>Payment plans</strong>: you pay in stages, often with a large share due at or after handover.</li>
<li><strong>A new home</strong>: modern layouts, new amenities and developer warranties.</li>
</ul>
<h2>The case for ready property</h2>
<ul>
<li><strong>Rental income from day one</strong>, and you can see exactly what you are buying.</li>
<li><strong>Mortgage friendly</strong>: banks lend more readily on completed homes.</li>
<li><strong>No construction risk</strong>: no delays and no changes to the specification.</li>
</ul>
<blockquote><p>Decide what the property is for before you decide what to buy. An investment, a future home and a Golden Visa route can each point to a different choice.</p></blockquote>
<p>Whichever you choose, check that the agent is licensed by RERA, that off-plan payments go into the project's escrow account, and that you have budgeted for the 4% DLD transfer fee. If you would like a second opinion on a specific unit, <a href="/contact">book a free consultation</a>.</p>
`.trim(),
  });

  await seedBlog(db, {
    title: 'Understanding Rental Yields in Dubai',
    // The one post with an Arabic title: its body falls back to the English on Arabic pages.
    titleAr: 'فهم العائد الإيجاري في دبي',
    author,
    imageId: images.blogYields,
    date: day('2025-06-04'),
    description: `
<p>Dubai's rental yields are among the most talked-about numbers in property, and among the most misunderstood. A headline figure rarely tells you what you will actually earn.</p>
<h2>Gross yield versus net yield</h2>
<p><strong>Gross yield</strong> is the annual rent divided by the purchase price. <strong>Net yield</strong> takes off the costs: service charges, maintenance, management fees, letting fees and periods without a tenant. The difference is often two percentage points or more.</p>
<h3>A quick worked example</h3>
<ol>
<li>Purchase price: AED 1,200,000</li>
<li>Annual rent: AED 90,000, a gross yield of 7.5%</li>
<li>Service charges and costs: AED 18,000 a year</li>
<li>Net rent: AED 72,000, a net yield of 6.0%</li>
</ol>
<p>Always ask for the community's current service-charge rate per square foot, and compare rents of <em>recently let</em> units, not asking prices.</p>
`.trim(),
  });

  await seedBlog(db, {
    title: 'Dubai Property Market 2025: Five Trends to Watch',
    author,
    imageId: images.blogMarina,
    date: day('2025-05-22'),
    description: `
<p>After several strong years, buyers are asking whether Dubai still offers value. Here are five trends I am watching closely, and what they mean for you.</p>
<h2>1. Off-plan continues to lead</h2>
<p>Most transactions are now off-plan, supported by flexible payment plans. Developer selection matters more than ever.</p>
<h2>2. More supply in outer communities</h2>
<p>New communities are bringing thousands of units to market. Check the delivery pipeline before you buy in a growing area.</p>
<h2>3. Rents stabilising in some areas</h2>
<p>Where new supply arrives, rent growth slows. Base your plans on realistic, not peak, rents.</p>
<h2>4. End users and long-term residents</h2>
<p>Golden Visas and remote work have brought more people who buy to live, not only to invest.</p>
<h2>5. Regulation and transparency</h2>
<p>Escrow rules, RERA licensing and public transaction data make it easier to check a deal. Use them.</p>
<p>Want to go deeper? My course <a href="/courses/introduction-to-off-plan">Introduction to Off Plan</a> covers how to assess a project step by step.</p>
`.trim(),
  });
}

// ---------------------------------------------------------------- podcasts

const PODCASTS = [
  {
    title: 'Off-Plan in Dubai: What Every Buyer Should Know',
    embeddedUrl: 'https://www.youtube.com/embed/aqz-KE-bpKQ',
    comingSoon: false,
  },
  { title: 'Financing Your First Dubai Property', embeddedUrl: '', comingSoon: true },
  { title: 'Golden Visa Questions Answered', embeddedUrl: '', comingSoon: true },
];
