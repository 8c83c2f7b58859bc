import { defineNamespace } from '../define.ts';

/**
 * The video section's headings and placeholder title, chosen by the loaders of home, /contact and
 * /consult (`videoSection()`): they travel in the island's props, not with every page.
 */
export default defineNamespace(
  {
    eyebrow: 'Podcast & videos',
    title: 'Learn On the Go',
    lead: 'Short, practical episodes on off-plan buying, financing and life in Dubai. Watch or listen whenever it suits you.',
    consultEyebrow: 'Before we talk',
    consultTitle: 'Get to Know How I Work',
    consultLead:
      'Real questions from investors, answered plainly. A few minutes here will make our consultation even more useful.',
    /** The title of a placeholder shown while there are no episodes. */
    placeholderTitle: 'New episode coming soon',
  },
  {
    eyebrow: 'بودكاست وفيديوهات',
    title: 'تعلّم أينما كنت',
    lead: 'حلقات قصيرة وعملية عن الشراء على المخطط والتمويل والحياة في دبي. شاهدها أو استمع إليها متى شئت.',
    consultEyebrow: 'قبل أن نتحدث',
    consultTitle: 'تعرّف إلى طريقة عملي',
    consultLead: 'أسئلة حقيقية من المستثمرين وإجابات واضحة عنها. دقائق قليلة هنا ستجعل استشارتنا أكثر فائدة.',
    placeholderTitle: 'حلقة جديدة قريبًا',
  },
);
