import { QUERY_TYPE_LABELS } from '../../lead-rules.ts';
import { PAYMENT_MESSAGES } from '../../payment-messages.ts';
import { defineNamespace } from '../define.ts';

/**
 * The e-mails the server sends (apps/server/src/modules/auth, leads, payments), each in its
 * recipient's language. Server only: never sent to a page. `{brand}` is the site's name.
 */
export default defineNamespace(
  {
    hello: 'Hello {name},',
    helloThere: 'Hello there,',

    // Confirming the address of a new account.
    verifySubject: 'Confirm your {brand} e-mail address',
    verifyIntro:
      'Please confirm that this is the e-mail address of your {brand} account. Open this link within 7 days:',
    verifyLink: 'Confirm your e-mail address',
    verifyIgnore: 'If you did not create an account, ignore this e-mail: nothing happens without the link.',

    // A password reset link.
    resetSubject: 'Reset your {brand} password',
    resetIntro:
      'Someone asked to reset the password of your {brand} account. To choose a new password, open this link within one hour:',
    resetLink: 'Reset your password',
    resetIgnore: 'If it was not you, ignore this e-mail: your password stays as it is.',

    // An unconfirmed account taken over by its address's owner through Google sign-in.
    securedSubject: 'Your {brand} account is now secured with Google sign-in',
    securedIntro:
      'You signed in to {brand} with Google. An account with this e-mail address already existed, but its address had never been confirmed, so we have secured it for your Google sign-in: any password set on it before no longer works, and everyone who was signed in to it has been signed out.',
    securedHowTo: 'You can keep signing in with Google. To also sign in with a password, choose one here:',
    securedLink: 'Set a password',

    // Leads: the labels of the details.
    firstName: 'First name',
    lastName: 'Last name',
    fullName: 'Full name',
    email: 'Email',
    phone: 'Phone',
    queryType: 'Query type',
    received: 'Received',
    message: 'Message',
    investmentInterest: 'Investment interest',
    investmentAmount: 'Investment amount',
    preferredTime: 'Preferred time',
    /** `{when}`: the day and time written out. */
    receivedAt: '{when} (Dubai time)',
    allLeads: 'All messages and consultation requests: {url}',
    // The choices of the forms, as the e-mails show them.
    queryConsultation: QUERY_TYPE_LABELS.consultation,
    queryCourse: QUERY_TYPE_LABELS.course,
    interestInvestment: 'Investment',
    interestRelocation: 'Relocation',
    interestHolidayHome: 'Holiday Home',
    amount1m2m: '1m-2m',
    amount3m5m: '3m-5m',
    amount6mPlus: '6m+',
    timeWeekdayAm: 'Weekday AM',
    timeWeekdayPm: 'Weekday PM',
    timeWeekendAm: 'Weekend AM',
    timeWeekendPm: 'Weekend PM',

    // The contact form: to the owner, and the acknowledgement to the visitor.
    contactSubject: 'New contact message from {name}',
    contactHeading: 'New contact message',
    contactIntro: '{name} sent a message through the contact form. Reply to this e-mail to answer them.',
    contactAckSubject: 'We received your message | {brand}',
    contactAckHeading: 'Thank you for getting in touch',
    /** `{topic}`: the query type, in lower case in English. */
    contactAckText: 'We have received your message about: {topic}. We will reply to this address as soon as we can.',
    contactAckIgnore: 'If you did not send this message, you can ignore this e-mail.',

    // The consultation form.
    consultationSubject: 'New consultation request from {name}',
    consultationHeading: 'New consultation request',
    consultationIntro: '{name} booked a free consultation. They were promised a reply within 24 business hours.',
    consultationAckSubject: 'Your free consultation request | {brand}',
    consultationAckHeading: 'Thank you for booking a free consultation',
    consultationAckText: 'We have received your request and will get back to you within 24 business hours.',
    consultationAckIgnore: 'If you did not make this request, you can ignore this e-mail.',

    // A paid order.
    paymentSubject: 'Payment confirmed: {title}',
    paymentHeading: PAYMENT_MESSAGES.paymentSuccessful,
    paymentText:
      'Thank you for your purchase. Your payment for “{title}” is confirmed and the course is now in your account.',
    yourCourse: 'your course',
    orderReference: 'Order reference',
    course: 'Course',
    amount: 'Amount',
    /** The course's price before a coupon, and the coupon's line: `{code}` is the code. */
    listPrice: 'Price',
    couponDiscount: 'Coupon {code}',
    paymentId: 'Payment id',
    startLearning: 'Start learning: {url}',

    // A refund that succeeded.
    refundSubject: 'Refund: {title}',
    refundHeading: 'Your refund is on its way',
    refundText: 'We have refunded {amount} of your order for “{title}”. It reaches your card or account in a few days.',
    refundPartlyText: 'The rest of the order stays paid and the course stays in your account.',
    refundAccessKept: 'You keep access to the course.',
    refundAccessRevoked: 'The course is no longer in your account.',
    refundedAmount: 'Refunded',
    refundReason: 'Reason',
    creditNoteAttached: 'The tax credit note {number} is attached.',
    /** The reason printed on the credit note of a refund made at the payment provider. */
    refundAtProvider: 'Refunded at the payment provider',
  },
  {
    hello: 'مرحبًا {name}،',
    helloThere: 'مرحبًا،',

    verifySubject: 'أكّد عنوان بريدك الإلكتروني في {brand}',
    verifyIntro: 'يرجى تأكيد أن هذا هو عنوان البريد الإلكتروني لحسابك في {brand}. افتح هذا الرابط خلال 7 أيام:',
    verifyLink: 'تأكيد عنوان البريد الإلكتروني',
    verifyIgnore: 'إذا لم تُنشئ حسابًا، فتجاهل هذه الرسالة: لن يحدث شيء ما لم يُفتح الرابط.',

    resetSubject: 'إعادة تعيين كلمة المرور لحسابك في {brand}',
    resetIntro:
      'طلب أحدهم إعادة تعيين كلمة المرور لحسابك في {brand}. لاختيار كلمة مرور جديدة، افتح هذا الرابط خلال ساعة واحدة:',
    resetLink: 'إعادة تعيين كلمة المرور',
    resetIgnore: 'إذا لم تكن أنت من طلب ذلك، فتجاهل هذه الرسالة: ستبقى كلمة المرور كما هي.',

    securedSubject: 'أصبح حسابك في {brand} محميًا بتسجيل الدخول عبر Google',
    securedIntro:
      'لقد سجّلت الدخول إلى {brand} باستخدام Google. كان هناك حساب مسجّل بعنوان البريد الإلكتروني هذا، لكن العنوان لم يُؤكَّد من قبل، لذا أمّنّا الحساب لتسجيل دخولك عبر Google: لم تعد أي كلمة مرور عُيّنت له سابقًا صالحة، وسُجّل خروج كل من كان مسجّلًا الدخول إليه.',
    securedHowTo: 'يمكنك مواصلة تسجيل الدخول عبر Google. وإذا أردت تسجيل الدخول بكلمة مرور أيضًا، فاختر واحدة من هنا:',
    securedLink: 'تعيين كلمة مرور',

    firstName: 'الاسم الأول',
    lastName: 'اسم العائلة',
    fullName: 'الاسم الكامل',
    email: 'البريد الإلكتروني',
    phone: 'الهاتف',
    queryType: 'نوع الاستفسار',
    received: 'تاريخ الاستلام',
    message: 'الرسالة',
    investmentInterest: 'الغرض من الاستثمار',
    investmentAmount: 'مبلغ الاستثمار',
    preferredTime: 'الوقت المفضّل',
    receivedAt: '{when} (بتوقيت دبي)',
    allLeads: 'جميع الرسائل وطلبات الاستشارة: {url}',
    queryConsultation: 'استشارة مجانية',
    queryCourse: 'الدورات',
    interestInvestment: 'الاستثمار',
    interestRelocation: 'الانتقال للإقامة',
    interestHolidayHome: 'منزل لقضاء العطلات',
    amount1m2m: 'من 1 إلى 2 مليون',
    amount3m5m: 'من 3 إلى 5 ملايين',
    amount6mPlus: '6 ملايين فأكثر',
    timeWeekdayAm: 'أيام الأسبوع، صباحًا',
    timeWeekdayPm: 'أيام الأسبوع، مساءً',
    timeWeekendAm: 'عطلة نهاية الأسبوع، صباحًا',
    timeWeekendPm: 'عطلة نهاية الأسبوع، مساءً',

    contactSubject: 'رسالة جديدة من {name} عبر نموذج التواصل',
    contactHeading: 'رسالة تواصل جديدة',
    contactIntro: 'أرسل {name} رسالة عبر نموذج التواصل. للرد عليه، أجب على هذه الرسالة.',
    contactAckSubject: 'تلقّينا رسالتك | {brand}',
    contactAckHeading: 'شكرًا لتواصلك معنا',
    contactAckText: 'تلقّينا رسالتك بخصوص: {topic}. سنردّ عليك على هذا العنوان في أقرب وقت ممكن.',
    contactAckIgnore: 'إذا لم تُرسل هذه الرسالة، يمكنك تجاهل هذا البريد.',

    consultationSubject: 'طلب استشارة جديد من {name}',
    consultationHeading: 'طلب استشارة جديد',
    consultationIntro: 'حجز {name} استشارة مجانية، وقد وُعد بالرد خلال 24 ساعة عمل.',
    consultationAckSubject: 'طلبك للحصول على استشارة مجانية | {brand}',
    consultationAckHeading: 'شكرًا لحجزك استشارة مجانية',
    consultationAckText: 'تلقّينا طلبك وسنتواصل معك خلال 24 ساعة عمل.',
    consultationAckIgnore: 'إذا لم تُقدّم هذا الطلب، يمكنك تجاهل هذا البريد.',

    paymentSubject: 'تأكيد الدفع: {title}',
    paymentHeading: 'تمّت عملية الدفع بنجاح!',
    paymentText: 'شكرًا لشرائك. تأكّدت دفعتك مقابل «{title}»، وأصبحت الدورة الآن في حسابك.',
    yourCourse: 'دورتك',
    orderReference: 'مرجع الطلب',
    course: 'الدورة',
    amount: 'المبلغ',
    listPrice: 'السعر',
    couponDiscount: 'رمز الخصم {code}',
    paymentId: 'معرّف الدفع',
    startLearning: 'ابدأ التعلّم: {url}',

    refundSubject: 'استرداد: {title}',
    refundHeading: 'استردادك في الطريق إليك',
    refundText: 'رددنا إليك {amount} من طلبك لدورة «{title}». يصل المبلغ إلى بطاقتك أو حسابك خلال أيام.',
    refundPartlyText: 'يبقى باقي الطلب مدفوعًا وتبقى الدورة في حسابك.',
    refundAccessKept: 'يبقى وصولك إلى الدورة كما هو.',
    refundAccessRevoked: 'لم تعد الدورة في حسابك.',
    refundedAmount: 'المبلغ المسترد',
    refundReason: 'السبب',
    creditNoteAttached: 'الإشعار الدائن الضريبي {number} مرفق.',
    refundAtProvider: 'استُرد لدى مزوّد الدفع',
  },
);
