import { defineNamespace } from '../define.ts';

/** The consultation landing page's own texts (routes/public/consult.tsx); its form's are `leadForm`. */
export default defineNamespace(
  {
    metaTitle: 'Book Your Free Consultation',
    metaDescription:
      'Book a free, no-obligation consultation about investing, relocating or buying a holiday home in Dubai, with a licensed off-plan specialist.',
    eyebrow: 'Free · 1:1 · No obligation',
    title: 'Book Your Free Consultation',
    lead: 'Investing, relocating or looking for a holiday home? Talk it through with a licensed Dubai off-plan specialist with over 26 years in property and finance.',
    benefit1: 'A clear view of what your budget buys, and where',
    benefit2: 'Off-plan versus ready property, explained for your goals',
    benefit3: 'Financing, fees and Golden Visa eligibility checked',
    benefit4: 'No obligation and no pressure, ever',
    formTitle: 'Request your call',
    formNote: 'I will reply within 24 business hours.',
    stepsEyebrow: 'How it works',
    stepsTitle: 'Three simple steps',
    step1Title: 'Tell me about your plans',
    step1Text: 'Share your goals, budget and timing in the form. It takes two minutes.',
    step2Title: 'We talk',
    step2Text: 'I call you at the time you choose and we go through your options together.',
    step3Title: 'You decide',
    step3Text: 'You get honest recommendations and next steps, with no obligation to buy anything.',
  },
  {
    metaTitle: 'احجز استشارتك المجانية',
    metaDescription:
      'احجز استشارة مجانية ودون أي التزام حول الاستثمار أو الانتقال للإقامة أو شراء منزل لقضاء العطلات في دبي، مع مختص مرخّص في العقارات على المخطط.',
    eyebrow: 'مجانية · فردية · دون أي التزام',
    title: 'احجز استشارتك المجانية',
    lead: 'تفكّر في الاستثمار أو الانتقال للإقامة أو تبحث عن منزل لقضاء العطلات؟ ناقش خياراتك مع مختص مرخّص في عقارات دبي على المخطط، يتمتع بخبرة تزيد على 26 عامًا في العقارات والتمويل.',
    benefit1: 'صورة واضحة عمّا تتيحه ميزانيتك، وأين',
    benefit2: 'العقار على المخطط أم الجاهز؟ شرح يناسب أهدافك',
    benefit3: 'مراجعة التمويل والرسوم وأهليتك للإقامة الذهبية',
    benefit4: 'دون أي التزام أو ضغط، على الإطلاق',
    formTitle: 'اطلب مكالمتك',
    formNote: 'سأردّ عليك خلال 24 ساعة عمل.',
    stepsEyebrow: 'كيف تسير العملية',
    stepsTitle: 'ثلاث خطوات بسيطة',
    step1Title: 'أخبرني عن خططك',
    step1Text: 'شارك أهدافك وميزانيتك وتوقيتك في النموذج. لن يستغرق ذلك أكثر من دقيقتين.',
    step2Title: 'نتحدث معًا',
    step2Text: 'أتصل بك في الوقت الذي تختاره ونستعرض خياراتك معًا.',
    step3Title: 'القرار لك',
    step3Text: 'تحصل على توصيات صادقة وخطوات واضحة لما بعد ذلك، دون أي التزام بشراء أي شيء.',
  },
);
