import type { SiteSettings } from '@oasis/shared/api';
import type { Messages } from '@oasis/shared/i18n/catalogue';
import { inLocale } from '@oasis/shared/i18n/content';
import type { Locale } from '@oasis/shared/i18n/locales';

/** The date the privacy policy takes effect (shown on the page and used as its sitemap lastmod). */
export const PRIVACY_EFFECTIVE_DATE = '2025-06-29';

/**
 * A paragraph, or a bulleted list. `**text**` is bold; `{email}` becomes the owner's e-mail link
 * and `{tel}` the phone number (both written left to right in any language).
 */
export type PolicyBlock = string | string[];

export interface PolicySection {
  id: string;
  title: string;
  blocks: PolicyBlock[];
}

type PrivacyTexts = Messages['privacy'];
type Key = keyof PrivacyTexts;

/** The policy's order: its sections (with their anchors) and blocks, as keys of the `privacy` namespace. */
const INTRO: (Key | Key[])[] = ['intro'];

const SECTIONS: { id: string; title: Key; blocks: (Key | Key[])[] }[] = [
  { id: 'who-we-are', title: 'whoTitle', blocks: ['whoText'] },
  {
    id: 'what-we-collect',
    title: 'collectTitle',
    blocks: [
      ['collectAccount', 'collectPurchases', 'collectLearning', 'collectEnquiries', 'collectTechnical'],
      'collectSensitive',
    ],
  },
  {
    id: 'how-we-use',
    title: 'useTitle',
    blocks: [['useAccount', 'usePayments', 'useEnquiries', 'useSecurity', 'useEmails'], 'useNoSale'],
  },
  { id: 'cookies', title: 'cookiesTitle', blocks: ['cookiesStorage', 'cookiesAttribution', 'cookiesVideos'] },
  {
    id: 'sharing',
    title: 'sharingTitle',
    blocks: ['sharingIntro', ['sharingPayment', 'sharingEmail', 'sharingHosting', 'sharingGoogle'], 'sharingLaw'],
  },
  { id: 'transfers', title: 'transfersTitle', blocks: ['transfersText'] },
  {
    id: 'retention',
    title: 'retentionTitle',
    blocks: [['retentionAccount', 'retentionEnquiries', 'retentionPayments', 'retentionLogs']],
  },
  {
    id: 'rights',
    title: 'rightsTitle',
    blocks: [
      'rightsIntro',
      ['rightsAccess', 'rightsCorrect', 'rightsDelete', 'rightsObject', 'rightsPortability', 'rightsWithdraw'],
      'rightsHowTo',
    ],
  },
  { id: 'security', title: 'securityTitle', blocks: ['securityText'] },
  { id: 'children', title: 'childrenTitle', blocks: ['childrenText'] },
  { id: 'changes', title: 'changesTitle', blocks: ['changesText'] },
  { id: 'contact', title: 'contactTitle', blocks: ['contactText'] },
];

/**
 * The privacy policy (UAE PDPL; GDPR where it applies) in the page's language (`t`, the `privacy`
 * namespace, and `locale`: the address in Arabic when the owner wrote one), filled in with the site
 * settings. Read by the page's loader, so the text travels as data and not as JavaScript.
 */
export function privacyPolicy(
  settings: SiteSettings,
  t: PrivacyTexts,
  locale: Locale,
): { intro: PolicyBlock[]; sections: PolicySection[] } {
  const address = inLocale(locale, settings.address, settings.addressAr).text;
  const fill = (key: Key) =>
    t[key]
      .replaceAll('{brand}', settings.brandName)
      .replaceAll('{address}', address)
      .replaceAll('{phone}', settings.phone ? t.callUs.replaceAll('{phone}', '{tel}') : '');
  const block = (b: Key | Key[]): PolicyBlock => (typeof b === 'string' ? fill(b) : b.map(fill));
  return {
    intro: INTRO.map(block),
    sections: SECTIONS.map((s) => ({ id: s.id, title: t[s.title], blocks: s.blocks.map(block) })),
  };
}
