import { defineNamespace } from '../define.ts';

/**
 * The privacy policy (UAE PDPL; GDPR where it applies): a page namespace, sent by its loader. The
 * order of its sections and lists is in apps/web/app/routes/public/sections/privacy-content.ts.
 * In the policy's texts `**text**` is bold; `{brand}`, `{address}` and `{email}` are the site
 * settings' (`{email}` becomes a link); `{phone}` is `callUs` when the site has a phone number.
 */
export default defineNamespace(
  {
    headTitle: 'Privacy Policy',
    headDescription:
      'How we collect, use and protect your personal data when you browse, create an account, buy a course or contact us, and your rights under UAE law.',
    eyebrow: 'Legal',
    title: 'Privacy Policy',
    lead: 'How we collect, use and protect your personal data, and the choices you have.',
    /** Before the date the policy takes effect. */
    validFrom: 'Valid from',
    onThisPage: 'On this page',
    callUs: ', or call {phone}',

    intro:
      'This policy explains how {brand} (“we”, “us”) handles personal data when you use this website: when you browse it, create an account, buy and take a course, or contact us. We process personal data in line with the UAE Federal Decree-Law No. 45 of 2021 on the Protection of Personal Data (PDPL) and, where it applies to you, other data-protection laws such as the EU and UK GDPR.',

    whoTitle: '1. Who we are',
    whoText:
      '{brand} is responsible (the “controller”) for the personal data described here. Our office is at {address}. You can reach us about anything in this policy at {email}.',

    collectTitle: '2. What we collect',
    collectAccount:
      '**Account details:** your name, e-mail address and, if you give it, your phone number. Your password is stored only as a one-way hash; we never see it. If you sign in with Google, we receive your name and e-mail address from Google.',
    collectPurchases:
      '**Purchases:** the course you buy, the price, the date and the payment reference. Card details are entered on our payment provider’s secure page and never reach our servers.',
    collectLearning:
      '**Learning records:** the courses you are enrolled in, the lessons you have completed and your quiz results, so you can pick up where you left off on any device.',
    collectEnquiries:
      '**Enquiries:** what you send through the contact form (name, e-mail, phone number, your message and its topic) or the consultation form (name, e-mail, phone number, investment interest, budget range and preferred call time), and any e-mails we exchange afterwards.',
    collectTechnical:
      '**Technical data:** our servers record requests (IP address, browser type, the page asked for and the time) to keep the site secure and working.',
    collectSensitive:
      'We do not ask for, and ask you not to send us, sensitive data such as health or religious information.',

    useTitle: '3. How and why we use it',
    useAccount:
      '**To provide your account and courses** (performing our contract with you): signing you in, giving you access to what you bought, saving your progress.',
    usePayments:
      '**To take payments and keep records** (contract and legal obligation): confirming payments, issuing receipts and meeting UAE accounting and tax rules.',
    useEnquiries:
      '**To answer enquiries and arrange consultations** (your request and consent): replying by e-mail or phone at the time you prefer.',
    useSecurity:
      '**To keep the site secure** (legitimate interests): preventing fraud and abuse, limiting repeated failed log-ins, fixing faults.',
    useEmails:
      '**Service e-mails** such as password resets and purchase confirmations. We only send marketing e-mails if you have agreed to receive them, and every one has a way to unsubscribe.',
    useNoSale: 'We do not sell your personal data, and we do not use it for automated decisions about you.',

    cookiesTitle: '4. Cookies and local storage',
    cookiesStorage:
      'We do not use advertising or tracking cookies. When you log in, your browser keeps a session token in its local storage so you stay signed in; logging out removes it and ends the session on our server.',
    cookiesAttribution:
      'Our own server sets one cookie, "attribution", for 13 months: where your first visit and your latest campaign visit came from (the campaign tags in the link, an ad click id, the address of the site that linked to us, the page you arrived on and the time). It is never shared with anyone; when you send a form, register or buy, a copy is kept with that record so we know which channels bring enquiries. If your browser sends Global Privacy Control or Do Not Track, it keeps only the kind of channel (such as search or social). Pressing the WhatsApp button is counted per page and day, with nothing about you.',
    cookiesVideos:
      'Course lessons and the videos on our pages are hosted by Vimeo and YouTube. A YouTube video is only loaded when you press play, and then uses YouTube’s privacy-enhanced mode; those providers may set their own cookies under their own policies once a player loads. You can clear cookies and local storage at any time in your browser settings.',

    sharingTitle: '5. Who we share it with',
    sharingIntro:
      'We share personal data only with service providers who help us run the site, under contracts that protect it:',
    sharingPayment: 'our payment provider (such as Ziina or Stripe), to take your payment;',
    sharingEmail: 'our e-mail delivery provider, to send the messages described above;',
    sharingHosting: 'our hosting and storage providers, who keep the site and its data running;',
    sharingGoogle: 'Google, if you choose to sign in with Google; Vimeo and YouTube, when you watch a video.',
    sharingLaw:
      'We may also disclose data when the law requires it, for example to a court or a regulator, or to protect the rights and safety of our users and ourselves.',

    transfersTitle: '6. International transfers',
    transfersText:
      'Some of our providers process data outside the UAE. When that happens we rely on the safeguards the PDPL allows, such as transfers to countries with adequate protection or contractual protections with the provider.',

    retentionTitle: '7. How long we keep it',
    retentionAccount:
      'Account and learning records: while your account is open, and deleted within 90 days after you close it.',
    retentionEnquiries:
      'Enquiries and consultation requests: up to 24 months after our last contact, unless you become a client.',
    retentionPayments: 'Payment and accounting records: as long as UAE law requires, usually five years.',
    retentionLogs: 'Server logs: up to 90 days, unless needed to investigate a security incident.',

    rightsTitle: '8. Your rights',
    rightsIntro: 'Under the PDPL (and the GDPR, where it applies) you can ask us to:',
    rightsAccess: 'tell you what personal data we hold about you and give you a copy;',
    rightsCorrect: 'correct data that is inaccurate or incomplete;',
    rightsDelete: 'delete your data, or restrict how we use it;',
    rightsObject: 'stop using it for a purpose you object to, including any direct marketing;',
    rightsPortability: 'send your data to you or another organisation in a structured, machine-readable form;',
    rightsWithdraw: 'withdraw a consent you gave, without affecting what we did before.',
    rightsHowTo:
      'To use any of these rights, write to {email}. We may ask you to confirm your identity and will reply within 30 days. If you are unhappy with our answer, you can complain to the UAE Data Office or to the data-protection authority where you live.',

    securityTitle: '9. Security',
    securityText:
      'The site uses encrypted connections (HTTPS). Passwords are hashed, session tokens are stored hashed and expire, and access to personal data is limited to the people who need it. No system is perfectly secure, so please use a strong, unique password and tell us straight away if you think your account has been misused.',

    childrenTitle: '10. Children',
    childrenText:
      'This site and its courses are meant for adults. We do not knowingly collect personal data from anyone under 18; if you believe a child has given us their data, please contact us and we will delete it.',

    changesTitle: '11. Changes to this policy',
    changesText:
      'We may update this policy when our services or the law change. The date at the top shows when it last took effect; if a change is significant, we will tell account holders by e-mail before it applies.',

    contactTitle: '12. Contact us',
    contactText: 'Questions or requests about your personal data: {email} {phone}. Post: {brand}, {address}.',
  },
  {
    headTitle: 'سياسة الخصوصية',
    headDescription:
      'كيف نجمع بياناتك الشخصية ونستخدمها ونحميها عند تصفّحك الموقع أو إنشائك حسابًا أو شرائك دورة أو تواصلك معنا، وما حقوقك بموجب القانون الإماراتي.',
    eyebrow: 'معلومات قانونية',
    title: 'سياسة الخصوصية',
    lead: 'كيف نجمع بياناتك الشخصية ونستخدمها ونحميها، والخيارات المتاحة لك.',
    validFrom: 'سارية اعتبارًا من',
    onThisPage: 'في هذه الصفحة',
    callUs: '، أو اتصل بنا على {phone}',

    intro:
      'توضّح هذه السياسة كيف نتعامل في {brand} (ويُشار إلينا بـ«نحن») مع البيانات الشخصية عند استخدامك هذا الموقع: عند تصفّحه، أو إنشاء حساب فيه، أو شراء دورة ومتابعتها، أو التواصل معنا. ونعالج البيانات الشخصية وفقًا للمرسوم بقانون اتحادي رقم 45 لسنة 2021 بشأن حماية البيانات الشخصية في دولة الإمارات العربية المتحدة، ووفقًا لقوانين حماية البيانات الأخرى حيثما تنطبق عليك، مثل اللائحة العامة لحماية البيانات (GDPR) في الاتحاد الأوروبي والمملكة المتحدة.',

    whoTitle: '1. من نحن',
    whoText:
      'نحن في {brand} الجهة المسؤولة («المتحكّم») عن البيانات الشخصية الموضّحة في هذه السياسة. يقع مكتبنا في {address}. ويمكنك التواصل معنا بشأن أي أمر تتناوله هذه السياسة عبر {email}.',

    collectTitle: '2. البيانات التي نجمعها',
    collectAccount:
      '**بيانات الحساب:** اسمك وعنوان بريدك الإلكتروني، ورقم هاتفك إن قدّمته. ولا تُخزَّن كلمة مرورك إلا في صورة تجزئة أحادية الاتجاه، فلا نطّلع عليها أبدًا. وإذا سجّلت الدخول بحساب Google، نتلقّى اسمك وعنوان بريدك الإلكتروني من Google.',
    collectPurchases:
      '**المشتريات:** الدورة التي تشتريها، وسعرها، وتاريخ الشراء، والرقم المرجعي للدفع. وتُدخَل بيانات البطاقة في الصفحة الآمنة لمزوّد خدمة الدفع لدينا، ولا تصل إلى خوادمنا أبدًا.',
    collectLearning:
      '**سجلات التعلّم:** الدورات المسجّل فيها، والدروس التي أتممتها، ونتائج اختباراتك، لتتمكّن من المتابعة من حيث توقّفت على أي جهاز.',
    collectEnquiries:
      '**الاستفسارات:** ما ترسله عبر نموذج التواصل (الاسم، والبريد الإلكتروني، ورقم الهاتف، ورسالتك وموضوعها) أو نموذج الاستشارة (الاسم، والبريد الإلكتروني، ورقم الهاتف، ومجال الاستثمار الذي يهمّك، ونطاق الميزانية، والوقت المفضّل للاتصال)، وأي رسائل بريد إلكتروني نتبادلها بعد ذلك.',
    collectTechnical:
      '**البيانات التقنية:** تسجّل خوادمنا الطلبات (عنوان IP، ونوع المتصفح، والصفحة المطلوبة، ووقت الطلب) للحفاظ على أمان الموقع وحسن عمله.',
    collectSensitive: 'لا نطلب البيانات الحساسة، مثل المعلومات الصحية أو الدينية، ونرجو منك ألّا ترسلها إلينا.',

    useTitle: '3. كيف نستخدم بياناتك ولماذا',
    useAccount: '**لتوفير حسابك ودوراتك** (تنفيذًا لعقدنا معك): تسجيل دخولك، وإتاحة ما اشتريته لك، وحفظ تقدّمك.',
    usePayments:
      '**لتحصيل المدفوعات والاحتفاظ بالسجلات** (بموجب العقد والتزاماتنا القانونية): تأكيد المدفوعات، وإصدار الإيصالات، والامتثال لقواعد المحاسبة والضرائب في دولة الإمارات.',
    useEnquiries:
      '**للرد على الاستفسارات وترتيب الاستشارات** (بناءً على طلبك وموافقتك): الرد عليك بالبريد الإلكتروني أو الهاتف في الوقت الذي تفضّله.',
    useSecurity:
      '**للحفاظ على أمان الموقع** (مصالحنا المشروعة): منع الاحتيال وإساءة الاستخدام، والحدّ من محاولات تسجيل الدخول الفاشلة المتكرّرة، وإصلاح الأعطال.',
    useEmails:
      '**رسائل الخدمة** مثل رسائل إعادة تعيين كلمة المرور وتأكيد الشراء. ولا نرسل رسائل تسويقية إلا إذا وافقت على تلقّيها، وتتضمّن كل رسالة منها وسيلة لإلغاء الاشتراك.',
    useNoSale: 'لا نبيع بياناتك الشخصية، ولا نستخدمها لاتخاذ قرارات آلية بشأنك.',

    cookiesTitle: '4. ملفات تعريف الارتباط والتخزين المحلي',
    cookiesStorage:
      'لا نستخدم ملفات تعريف ارتباط إعلانية أو ملفات تتبّع. وعند تسجيل دخولك، يحتفظ متصفحك برمز جلسة في مساحة التخزين المحلي ليبقيك مسجّلًا؛ وعند تسجيل الخروج يُحذف هذا الرمز وتنتهي الجلسة على خادمنا.',
    cookiesAttribution:
      'يضع خادمنا ملف تعريف ارتباط واحدًا خاصًا بنا، "attribution"، لمدة 13 شهرًا: مصدر زيارتك الأولى وآخر زيارة لك من حملة (وسوم الحملة في الرابط، ومعرّف النقر على إعلان، وعنوان الموقع الذي أحالك إلينا، والصفحة التي وصلت إليها، والوقت). لا نشاركه مع أي جهة؛ وعند إرسالك نموذجًا أو تسجيلك أو شرائك تُحفظ نسخة منه مع ذلك السجل لنعرف القنوات التي تجلب الاستفسارات. وإذا أرسل متصفحك إشارة Global Privacy Control أو Do Not Track فلا يحتفظ إلا بنوع القناة (مثل البحث أو التواصل الاجتماعي). ويُحتسب الضغط على زر واتساب لكل صفحة ويوم، دون أي معلومات عنك.',
    cookiesVideos:
      'تستضيف Vimeo وYouTube دروس الدورات ومقاطع الفيديو المعروضة في صفحاتنا. ولا يُحمَّل فيديو YouTube إلا عند ضغطك على زر التشغيل، ويُعرض حينها في وضع الخصوصية المحسّن من YouTube؛ وقد يضع هذان المزوّدان ملفات تعريف ارتباط خاصة بهما وفق سياساتهما بمجرد تحميل المشغّل. ويمكنك حذف ملفات تعريف الارتباط وبيانات التخزين المحلي في أي وقت من إعدادات متصفحك.',

    sharingTitle: '5. الجهات التي نشارك البيانات معها',
    sharingIntro:
      'لا نشارك البيانات الشخصية إلا مع مزوّدي الخدمات الذين يساعدوننا في تشغيل الموقع، بموجب عقود تكفل حمايتها:',
    sharingPayment: 'مزوّد خدمة الدفع لدينا (مثل Ziina أو Stripe)، لتحصيل مدفوعاتك؛',
    sharingEmail: 'مزوّد خدمة إرسال البريد الإلكتروني، لإرسال الرسائل الموضّحة أعلاه؛',
    sharingHosting: 'مزوّدو خدمات الاستضافة والتخزين، الذين يضمنون استمرار عمل الموقع وبياناته؛',
    sharingGoogle: 'Google، إذا اخترت تسجيل الدخول بحساب Google؛ وVimeo وYouTube، عند مشاهدتك مقطع فيديو.',
    sharingLaw:
      'وقد نفصح أيضًا عن البيانات عندما يقتضي القانون ذلك، كأن نفصح عنها لمحكمة أو جهة رقابية، أو لحماية حقوق مستخدمينا وسلامتهم وحقوقنا وسلامتنا.',

    transfersTitle: '6. نقل البيانات إلى خارج الدولة',
    transfersText:
      'يعالج بعض مزوّدينا البيانات خارج دولة الإمارات. وفي هذه الحالة نعتمد على الضمانات التي يجيزها قانون حماية البيانات الشخصية، مثل النقل إلى دول توفّر مستوى كافيًا من الحماية، أو الضمانات التعاقدية المبرمة مع المزوّد.',

    retentionTitle: '7. مدة الاحتفاظ بالبيانات',
    retentionAccount: 'بيانات الحساب وسجلات التعلّم: طوال مدة بقاء حسابك مفتوحًا، وتُحذف خلال 90 يومًا من إغلاقه.',
    retentionEnquiries: 'الاستفسارات وطلبات الاستشارة: حتى 24 شهرًا من آخر تواصل بيننا، ما لم تصبح عميلًا لدينا.',
    retentionPayments: 'سجلات الدفع والمحاسبة: طوال المدة التي يشترطها القانون الإماراتي، وهي خمس سنوات في العادة.',
    retentionLogs: 'سجلات الخادم: حتى 90 يومًا، ما لم نحتج إليها للتحقيق في حادث أمني.',

    rightsTitle: '8. حقوقك',
    rightsIntro:
      'بموجب قانون حماية البيانات الشخصية (واللائحة العامة لحماية البيانات حيثما تنطبق)، يحق لك أن تطلب منا:',
    rightsAccess: 'إبلاغك بالبيانات الشخصية التي نحتفظ بها عنك وتزويدك بنسخة منها؛',
    rightsCorrect: 'تصحيح البيانات غير الدقيقة أو غير المكتملة؛',
    rightsDelete: 'حذف بياناتك، أو تقييد طريقة استخدامنا لها؛',
    rightsObject: 'التوقف عن استخدامها لغرض تعترض عليه، بما في ذلك أي تسويق مباشر؛',
    rightsPortability: 'إرسال بياناتك إليك أو إلى جهة أخرى بصيغة منظّمة قابلة للقراءة آليًا؛',
    rightsWithdraw: 'سحب موافقة سبق أن قدّمتها، دون أن يمسّ ذلك ما قمنا به قبل سحبها.',
    rightsHowTo:
      'لممارسة أي من هذه الحقوق، راسلنا على {email}. وقد نطلب منك تأكيد هويتك، وسنرد عليك خلال 30 يومًا. وإذا لم يُرضِك ردّنا، يمكنك تقديم شكوى إلى مكتب الإمارات للبيانات أو إلى سلطة حماية البيانات في بلد إقامتك.',

    securityTitle: '9. أمن البيانات',
    securityText:
      'يستخدم الموقع اتصالات مشفّرة (HTTPS). وتُخزَّن كلمات المرور في صورة تجزئة، وتُخزَّن رموز الجلسات مجزّأة وتنتهي صلاحيتها، ويقتصر الوصول إلى البيانات الشخصية على من يحتاجون إليها. ولا يوجد نظام آمن تمامًا، لذا يُرجى استخدام كلمة مرور قوية وفريدة، وإبلاغنا فورًا إذا اعتقدت أن حسابك قد أُسيء استخدامه.',

    childrenTitle: '10. الأطفال',
    childrenText:
      'هذا الموقع ودوراته موجّهة إلى البالغين. ولا نجمع عن علم بيانات شخصية من أي شخص دون 18 عامًا؛ وإذا كنت تعتقد أن طفلًا قد زوّدنا ببياناته، يُرجى التواصل معنا وسنحذفها.',

    changesTitle: '11. التغييرات على هذه السياسة',
    changesText:
      'قد نحدّث هذه السياسة عند تغيّر خدماتنا أو القانون. ويبيّن التاريخ في أعلى الصفحة موعد سريان آخر نسخة منها؛ وإذا كان التغيير جوهريًا، فسنُبلغ أصحاب الحسابات بالبريد الإلكتروني قبل سريانه.',

    contactTitle: '12. تواصل معنا',
    contactText: 'للأسئلة أو الطلبات المتعلقة ببياناتك الشخصية: {email}{phone}. العنوان البريدي: {brand}، {address}.',
  },
);
