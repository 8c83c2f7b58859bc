import type { DemoImage } from './images.ts';

/** The demo blog posts, newest first: title and whole body in English and in Arabic. */
export interface DemoPost {
  title: string;
  titleAr: string;
  image: DemoImage;
  /** The day it was published (YYYY-MM-DD). */
  day: string;
  description: string;
  descriptionAr: string;
}

export const DEMO_POSTS: DemoPost[] = [
  {
    title: 'Off-Plan or Ready? Choosing Your First Dubai Property',
    titleAr: 'على الخارطة أم جاهز؟ كيف تختار عقارك الأول في دبي',
    image: 'blogKeys',
    day: '2025-06-18',
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
    descriptionAr: `
<p>من أوائل الأسئلة التي تُطرح عليّ: هل أشتري عقارًا <strong>على الخارطة</strong> أم عقارًا <strong>جاهزًا</strong>؟ لا توجد إجابة واحدة صحيحة للجميع، فالأمر يتوقف على ميزانيتك وإطارك الزمني وما تريده من العقار.</p>
<h2>مزايا الشراء على الخارطة</h2>
<ul>
<li><strong>سعر دخول أقل</strong>: كثيرًا ما تأتي أسعار الإطلاق دون أسعار العقارات الجاهزة المماثلة.</li>
<li><strong>خطط سداد مرنة</strong>: تدفع على مراحل، وغالبًا ما يُستحق جزء كبير من المبلغ عند التسليم أو بعده.</li>
<li><strong>منزل جديد</strong>: تصاميم عصرية ومرافق حديثة وضمانات من المطوّر.</li>
</ul>
<h2>مزايا العقار الجاهز</h2>
<ul>
<li><strong>دخل إيجاري من اليوم الأول</strong>، وترى بعينك ما تشتريه تمامًا.</li>
<li><strong>أيسر في التمويل</strong>: تُقبل البنوك على تمويل المنازل المكتملة بسهولة أكبر.</li>
<li><strong>لا مخاطر إنشائية</strong>: لا تأخير في التسليم ولا تغيير في المواصفات.</li>
</ul>
<blockquote><p>حدّد الغاية من العقار قبل أن تقرر ماذا تشتري. فالاستثمار، والسكن المستقبلي، والحصول على الإقامة الذهبية، قد يقود كلٌّ منها إلى خيار مختلف.</p></blockquote>
<p>وأيًّا كان اختيارك، تأكّد أن الوسيط مرخّص من مؤسسة التنظيم العقاري (ريرا)، وأن دفعات الشراء على الخارطة تُودَع في حساب الضمان الخاص بالمشروع، وأنك أدرجت في ميزانيتك رسوم نقل الملكية البالغة 4% لدى دائرة الأراضي والأملاك. وإن أردت رأيًا ثانيًا في وحدة بعينها، <a href="/ar/contact">احجز استشارة مجانية</a>.</p>
`.trim(),
  },
  {
    title: 'Understanding Rental Yields in Dubai',
    titleAr: 'فهم العائد الإيجاري في دبي',
    image: 'blogYields',
    day: '2025-06-04',
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
    descriptionAr: `
<p>العائد الإيجاري في دبي من أكثر الأرقام تداولًا في عالم العقارات، ومن أكثرها التباسًا أيضًا. فالرقم المعلن نادرًا ما يخبرك بما ستجنيه فعلًا.</p>
<h2>العائد الإجمالي والعائد الصافي</h2>
<p><strong>العائد الإجمالي</strong> هو الإيجار السنوي مقسومًا على سعر الشراء. أما <strong>العائد الصافي</strong> فيُخصم منه ما تتحمّله من تكاليف: رسوم الخدمات، والصيانة، وأتعاب الإدارة، وعمولة التأجير، والفترات التي يبقى فيها العقار شاغرًا. وكثيرًا ما يبلغ الفرق بينهما نقطتين مئويتين أو أكثر.</p>
<h3>مثال سريع بالأرقام</h3>
<ol>
<li>سعر الشراء: 1,200,000 درهم</li>
<li>الإيجار السنوي: 90,000 درهم، أي عائد إجمالي قدره 7.5%</li>
<li>رسوم الخدمات والتكاليف: 18,000 درهم سنويًا</li>
<li>صافي الإيجار: 72,000 درهم، أي عائد صافٍ قدره 6.0%</li>
</ol>
<p>اسأل دائمًا عن رسوم الخدمات المعتمدة حاليًا للقدم المربعة في المجتمع السكني، وقارن بإيجارات الوحدات <em>المؤجّرة حديثًا</em> لا بالأسعار المطلوبة في الإعلانات.</p>
`.trim(),
  },
  {
    title: 'Dubai Property Market 2025: Five Trends to Watch',
    titleAr: 'سوق دبي العقاري في 2025: خمسة اتجاهات جديرة بالمتابعة',
    image: 'blogMarina',
    day: '2025-05-22',
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
    descriptionAr: `
<p>بعد عدة سنوات من الأداء القوي، يتساءل المشترون: هل ما زالت دبي تقدّم قيمة حقيقية؟ إليك خمسة اتجاهات أتابعها عن كثب، وما تعنيه لك.</p>
<h2>1. الشراء على الخارطة ما زال في الصدارة</h2>
<p>أغلب الصفقات اليوم على الخارطة، مدعومةً بخطط سداد مرنة. ولذلك صار اختيار المطوّر أهم من أي وقت مضى.</p>
<h2>2. معروض أكبر في المجتمعات الطرفية</h2>
<p>تطرح المجتمعات السكنية الجديدة آلاف الوحدات في السوق. راجع جدول التسليمات المرتقبة قبل أن تشتري في منطقة ما زالت تنمو.</p>
<h2>3. استقرار الإيجارات في بعض المناطق</h2>
<p>حيثما يصل معروض جديد يتباطأ نمو الإيجارات. ابنِ حساباتك على إيجارات واقعية، لا على أعلى ما بلغته.</p>
<h2>4. المستخدمون النهائيون والمقيمون لمدد طويلة</h2>
<p>استقطبت الإقامة الذهبية والعمل عن بُعد مزيدًا ممن يشترون ليسكنوا، لا ليستثمروا فحسب.</p>
<h2>5. التنظيم والشفافية</h2>
<p>قواعد حسابات الضمان، وترخيص الوسطاء لدى ريرا، وبيانات الصفقات المتاحة للجميع، كلها تسهّل التحقق من أي صفقة. فاستفد منها.</p>
<p>هل تريد التعمق أكثر؟ دورتي <a href="/ar/courses/introduction-to-off-plan">مقدمة في العقارات على الخارطة</a> تشرح خطوة بخطوة كيف تقيّم أي مشروع.</p>
`.trim(),
  },
];
