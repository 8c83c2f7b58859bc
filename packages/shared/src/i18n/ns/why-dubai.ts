import { defineNamespace } from '../define.ts';

/** The 'Why Invest in Dubai Real Estate' page (/why-dubai): a page namespace, sent by its loader. */
export default defineNamespace(
  {
    headTitle: 'Why Invest in Dubai Real Estate',
    headDescription:
      'Tax-free rental income, strong yields, the Golden Visa and a well-regulated off-plan market: why Dubai property stands out, plus the latest market articles.',
    eyebrow: 'Dubai real estate',
    title: 'Why Invest in Dubai Real Estate?',
    lead: 'A stable, tax-efficient market with strong demand, clear rules and room to grow. Here is why investors from around the world are choosing Dubai.',

    reasonsEyebrow: 'Six good reasons',
    reasonsTitle: 'What makes Dubai different',
    taxTitle: 'Tax-free returns',
    taxText:
      'No personal income tax on rent and no capital gains tax for individual owners: more of your return stays with you.',
    yieldsTitle: 'Strong rental yields',
    yieldsText: 'Gross yields across many communities sit well above those of London, New York or Singapore.',
    visaTitle: 'Golden Visa residency',
    visaText:
      'Property worth AED 2 million or more can qualify you and your family for a renewable ten-year UAE residence visa.',
    regulatedTitle: 'Regulated and secure',
    regulatedText:
      'Off-plan payments go into escrow accounts, and developers and brokers answer to the Dubai Land Department and RERA.',
    infrastructureTitle: 'World-class infrastructure',
    infrastructureText:
      'Two international airports, an expanding metro, excellent schools and healthcare, and new communities still being built.',
    cityTitle: 'A growing global city',
    cityText: 'A fast-growing population, a diversified economy and a time zone that connects Europe, Asia and Africa.',

    advantageEyebrow: 'The off-plan advantage',
    advantageTitle: 'Buy earlier, pay gradually, gain more',
    advantage1:
      'Buying off-plan means buying from the developer before or during construction. Launch prices are usually lower than for finished homes, and payment plans spread the cost over the build, often with part of the price due after handover.',
    advantage2:
      'Your money is protected in a regulated escrow account, released to the developer only as the work progresses. By handover, many buyers own a brand-new property in a maturing community that is worth more than they paid. The key is choosing the right developer, location and plan, and that is exactly where I can help.',
    getConsultation: 'Get Your Free Consultation',
    fact1Value: '0%',
    fact1Label: 'income tax on rental income',
    fact2Value: '10 yrs',
    fact2Label: 'Golden Visa residency',
    fact3Value: 'Escrow',
    fact3Label: 'protection for off-plan payments',
    fact4Value: '4%',
    fact4Label: 'one-off DLD transfer fee',

    blogsEyebrow: 'Insights',
    blogsTitle: 'Latest Blogs',
    blogsLead: 'Market updates, buying guides and lessons from the field.',
    readMore: 'Read More',
    /** Read after 'Read More' by screen readers: which post the link opens. */
    readMoreAbout: 'about {title}',
  },
  {
    headTitle: 'لماذا تستثمر في عقارات دبي',
    headDescription:
      'دخل إيجاري معفى من الضرائب، وعوائد قوية، والإقامة الذهبية، وسوق عقارات على المخطط منظَّمة تنظيمًا محكمًا: لماذا تتميّز عقارات دبي، مع أحدث مقالات السوق.',
    eyebrow: 'عقارات دبي',
    title: 'لماذا تستثمر في عقارات دبي؟',
    lead: 'سوق مستقرة وفعّالة ضريبيًا، يدعمها طلب قوي وقواعد واضحة ومجال واسع للنمو. إليك الأسباب التي تجعل المستثمرين من حول العالم يختارون دبي.',

    reasonsEyebrow: 'ستة أسباب وجيهة',
    reasonsTitle: 'ما الذي يميّز دبي',
    taxTitle: 'عوائد معفاة من الضرائب',
    taxText:
      'لا ضريبة دخل شخصية على الإيجار ولا ضريبة على الأرباح الرأسمالية للمالكين الأفراد: يبقى الجزء الأكبر من عائدك لك.',
    yieldsTitle: 'عوائد إيجارية قوية',
    yieldsText:
      'تفوق العوائد الإجمالية في كثير من المجتمعات السكنية نظيراتها في لندن أو نيويورك أو سنغافورة بفارق كبير.',
    visaTitle: 'الإقامة الذهبية',
    visaText:
      'قد يؤهّلك عقار بقيمة 2 مليون درهم أو أكثر، أنت وعائلتك، للحصول على تأشيرة إقامة إماراتية مدتها عشر سنوات قابلة للتجديد.',
    regulatedTitle: 'سوق منظَّمة وآمنة',
    regulatedText:
      'تُودَع دفعات الشراء على المخطط في حسابات ضمان، ويخضع المطوّرون والوسطاء لرقابة دائرة الأراضي والأملاك في دبي ومؤسسة التنظيم العقاري (ريرا).',
    infrastructureTitle: 'بنية تحتية عالمية المستوى',
    infrastructureText:
      'مطاران دوليان، وشبكة مترو تتوسّع، ومدارس ورعاية صحية ممتازة، ومجتمعات سكنية جديدة لا تزال قيد الإنشاء.',
    cityTitle: 'مدينة عالمية تنمو باستمرار',
    cityText: 'عدد سكان يتزايد بسرعة، واقتصاد متنوّع، ومنطقة زمنية تصل أوروبا بآسيا وأفريقيا.',

    advantageEyebrow: 'ميزة الشراء على المخطط',
    advantageTitle: 'اشترِ مبكرًا، وادفع تدريجيًا، واربح أكثر',
    advantage1:
      'الشراء على المخطط يعني الشراء من المطوّر قبل البناء أو في أثنائه. وعادةً ما تكون أسعار الإطلاق أقل من أسعار المنازل الجاهزة، وتوزّع خطط السداد التكلفة على مدة البناء، وكثيرًا ما يُستحق جزء من الثمن بعد التسليم.',
    advantage2:
      'أموالك محمية في حساب ضمان خاضع للرقابة، ولا تُصرف للمطوّر إلا بقدر تقدّم الأعمال. وعند التسليم، يمتلك كثير من المشترين عقارًا جديدًا كليًا في مجتمع سكني آخذ في النضج، تفوق قيمته ما دفعوه. والأساس هو اختيار المطوّر والموقع والخطة المناسبة، وهنا تحديدًا أستطيع مساعدتك.',
    getConsultation: 'احصل على استشارتك المجانية',
    fact1Value: '0%',
    fact1Label: 'ضريبة دخل على الإيجارات',
    fact2Value: '10 سنوات',
    fact2Label: 'مدة الإقامة الذهبية',
    fact3Value: 'حساب ضمان',
    fact3Label: 'يحمي دفعات الشراء على المخطط',
    fact4Value: '4%',
    fact4Label: 'رسوم نقل ملكية تُدفع مرة واحدة لدائرة الأراضي والأملاك',

    blogsEyebrow: 'رؤى',
    blogsTitle: 'أحدث المقالات',
    blogsLead: 'مستجدات السوق، وأدلة الشراء، ودروس من الميدان.',
    readMore: 'اقرأ المزيد',
    readMoreAbout: 'عن {title}',
  },
);
