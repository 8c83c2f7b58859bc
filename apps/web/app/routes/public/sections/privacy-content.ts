import type { SiteSettings } from '@oasis/shared/api';

/** The date the privacy policy takes effect (shown on the page and used as its sitemap lastmod). */
export const PRIVACY_EFFECTIVE_DATE = '2025-06-29';

/** A paragraph, or a bulleted list. `**text**` is bold; `{email}` becomes the owner's e-mail link. */
export type PolicyBlock = string | string[];

export interface PolicySection {
  id: string;
  title: string;
  blocks: PolicyBlock[];
}

/**
 * The privacy policy (UAE PDPL; GDPR where it applies), filled in with the site settings. Read by
 * the page's loader, so the text travels as data and not as JavaScript.
 */
export function privacyPolicy(settings: SiteSettings): { intro: PolicyBlock[]; sections: PolicySection[] } {
  const fill = (text: string) =>
    text
      .replaceAll('{brand}', settings.brandName)
      .replaceAll('{address}', settings.address)
      .replaceAll('{phone}', settings.phone ? `, or call ${settings.phone}` : '');
  const block = (b: PolicyBlock): PolicyBlock => (typeof b === 'string' ? fill(b) : b.map(fill));
  return {
    intro: INTRO.map(block),
    sections: SECTIONS.map((s) => ({ ...s, blocks: s.blocks.map(block) })),
  };
}

const INTRO: PolicyBlock[] = [
  'This policy explains how {brand} (“we”, “us”) handles personal data when you use this website: when you browse it, create an account, buy and take a course, or contact us. We process personal data in line with the UAE Federal Decree-Law No. 45 of 2021 on the Protection of Personal Data (PDPL) and, where it applies to you, other data-protection laws such as the EU and UK GDPR.',
];

const SECTIONS: PolicySection[] = [
  {
    id: 'who-we-are',
    title: '1. Who we are',
    blocks: [
      '{brand} is responsible (the “controller”) for the personal data described here. Our office is at {address}. You can reach us about anything in this policy at {email}.',
    ],
  },
  {
    id: 'what-we-collect',
    title: '2. What we collect',
    blocks: [
      [
        '**Account details:** your name, e-mail address and, if you give it, your phone number. Your password is stored only as a one-way hash; we never see it. If you sign in with Google, we receive your name and e-mail address from Google.',
        '**Purchases:** the course you buy, the price, the date and the payment reference. Card details are entered on our payment provider’s secure page and never reach our servers.',
        '**Learning records:** the courses you are enrolled in, the lessons you have completed and your quiz results, so you can pick up where you left off on any device.',
        '**Enquiries:** what you send through the contact form (name, e-mail, phone number, your message and its topic) or the consultation form (name, e-mail, phone number, investment interest, budget range and preferred call time), and any e-mails we exchange afterwards.',
        '**Technical data:** our servers record requests (IP address, browser type, the page asked for and the time) to keep the site secure and working.',
      ],
      'We do not ask for, and ask you not to send us, sensitive data such as health or religious information.',
    ],
  },
  {
    id: 'how-we-use',
    title: '3. How and why we use it',
    blocks: [
      [
        '**To provide your account and courses** (performing our contract with you): signing you in, giving you access to what you bought, saving your progress.',
        '**To take payments and keep records** (contract and legal obligation): confirming payments, issuing receipts and meeting UAE accounting and tax rules.',
        '**To answer enquiries and arrange consultations** (your request and consent): replying by e-mail or phone at the time you prefer.',
        '**To keep the site secure** (legitimate interests): preventing fraud and abuse, limiting repeated failed log-ins, fixing faults.',
        '**Service e-mails** such as password resets and purchase confirmations. We only send marketing e-mails if you have agreed to receive them, and every one has a way to unsubscribe.',
      ],
      'We do not sell your personal data, and we do not use it for automated decisions about you.',
    ],
  },
  {
    id: 'cookies',
    title: '4. Cookies and local storage',
    blocks: [
      'We do not use advertising or tracking cookies. When you log in, your browser keeps a session token in its local storage so you stay signed in; logging out removes it and ends the session on our server.',
      'Course lessons and the videos on our pages are hosted by Vimeo and YouTube. A YouTube video is only loaded when you press play, and then uses YouTube’s privacy-enhanced mode; those providers may set their own cookies under their own policies once a player loads. You can clear cookies and local storage at any time in your browser settings.',
    ],
  },
  {
    id: 'sharing',
    title: '5. Who we share it with',
    blocks: [
      'We share personal data only with service providers who help us run the site, under contracts that protect it:',
      [
        'our payment provider (such as Ziina or Stripe), to take your payment;',
        'our e-mail delivery provider, to send the messages described above;',
        'our hosting and storage providers, who keep the site and its data running;',
        'Google, if you choose to sign in with Google; Vimeo and YouTube, when you watch a video.',
      ],
      'We may also disclose data when the law requires it, for example to a court or a regulator, or to protect the rights and safety of our users and ourselves.',
    ],
  },
  {
    id: 'transfers',
    title: '6. International transfers',
    blocks: [
      'Some of our providers process data outside the UAE. When that happens we rely on the safeguards the PDPL allows, such as transfers to countries with adequate protection or contractual protections with the provider.',
    ],
  },
  {
    id: 'retention',
    title: '7. How long we keep it',
    blocks: [
      [
        'Account and learning records: while your account is open, and deleted within 90 days after you close it.',
        'Enquiries and consultation requests: up to 24 months after our last contact, unless you become a client.',
        'Payment and accounting records: as long as UAE law requires, usually five years.',
        'Server logs: up to 90 days, unless needed to investigate a security incident.',
      ],
    ],
  },
  {
    id: 'rights',
    title: '8. Your rights',
    blocks: [
      'Under the PDPL (and the GDPR, where it applies) you can ask us to:',
      [
        'tell you what personal data we hold about you and give you a copy;',
        'correct data that is inaccurate or incomplete;',
        'delete your data, or restrict how we use it;',
        'stop using it for a purpose you object to, including any direct marketing;',
        'send your data to you or another organisation in a structured, machine-readable form;',
        'withdraw a consent you gave, without affecting what we did before.',
      ],
      'To use any of these rights, write to {email}. We may ask you to confirm your identity and will reply within 30 days. If you are unhappy with our answer, you can complain to the UAE Data Office or to the data-protection authority where you live.',
    ],
  },
  {
    id: 'security',
    title: '9. Security',
    blocks: [
      'The site uses encrypted connections (HTTPS). Passwords are hashed, session tokens are stored hashed and expire, and access to personal data is limited to the people who need it. No system is perfectly secure, so please use a strong, unique password and tell us straight away if you think your account has been misused.',
    ],
  },
  {
    id: 'children',
    title: '10. Children',
    blocks: [
      'This site and its courses are meant for adults. We do not knowingly collect personal data from anyone under 18; if you believe a child has given us their data, please contact us and we will delete it.',
    ],
  },
  {
    id: 'changes',
    title: '11. Changes to this policy',
    blocks: [
      'We may update this policy when our services or the law change. The date at the top shows when it last took effect; if a change is significant, we will tell account holders by e-mail before it applies.',
    ],
  },
  {
    id: 'contact',
    title: '12. Contact us',
    blocks: ['Questions or requests about your personal data: {email} {phone}. Post: {brand}, {address}.'],
  },
];
