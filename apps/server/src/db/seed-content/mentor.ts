import { messagesFor } from '@oasis/shared/i18n/catalogue';

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
