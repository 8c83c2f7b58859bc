import type { LeadKind, LeadStatus } from '@oasis/shared/lead-rules';

/**
 * The demo inbox: a few leads across the pipeline's stages, so the inbox, its filters and the
 * dashboard's figures show something on a fresh site. Addresses are on example.com (reserved for
 * examples: nothing is ever delivered). `stages` is the lead's path from 'new', recorded in its
 * history as the admin's changes; `followUpInDays` sets a follow-up day relative to the seed's day
 * (0: due today).
 */
export interface DemoLead {
  kind: LeadKind;
  name: string;
  email: string;
  phone: string;
  message?: string;
  details: Record<string, string>;
  locale: 'en' | 'ar';
  /** Days before the seed that the lead arrived. */
  daysAgo: number;
  stages: LeadStatus[];
  followUpInDays?: number;
  notes: string[];
}

export const DEMO_LEADS: DemoLead[] = [
  {
    kind: 'consultation',
    name: 'Priya Raman',
    email: 'priya.raman@example.com',
    phone: '+971501112233',
    details: { investmentInterest: 'Investment', investmentAmount: '1m-2m', preferredTime: 'Weekday PM' },
    locale: 'en',
    daysAgo: 1,
    stages: [],
    notes: [],
  },
  {
    kind: 'contact',
    name: 'خالد المنصوري',
    email: 'khaled.mansouri@example.com',
    phone: '+971552223344',
    message: 'أرغب في معرفة المزيد عن الاستثمار في العقارات على الخارطة في دبي هيلز.',
    details: { query_type: 'consultation' },
    locale: 'ar',
    daysAgo: 3,
    stages: ['contacted'],
    followUpInDays: 2,
    notes: ['Called back; prefers WhatsApp. Sending the Dubai Hills brochure.'],
  },
  {
    kind: 'consultation',
    name: 'Thomas Weber',
    email: 'thomas.weber@example.com',
    phone: '+491701234567',
    details: { investmentInterest: 'Relocation', investmentAmount: '3m-5m', preferredTime: 'Weekend AM' },
    locale: 'en',
    daysAgo: 6,
    stages: ['contacted', 'qualified'],
    followUpInDays: 0,
    notes: ['Moving with family in spring; budget confirmed.', 'Wants a second call about the Golden Visa.'],
  },
  {
    kind: 'contact',
    name: 'Sara Haddad',
    email: 'sara.haddad@example.com',
    phone: '+971504445566',
    message: 'Is the off-plan course suitable for a first-time buyer?',
    details: { query_type: 'course' },
    locale: 'en',
    daysAgo: 12,
    stages: ['contacted', 'won'],
    notes: ['Bought Introduction to Off Plan.'],
  },
  {
    kind: 'consultation',
    name: 'Daniel Okafor',
    email: 'daniel.okafor@example.com',
    phone: '+2348031234567',
    details: { investmentInterest: 'Holiday Home', investmentAmount: '1m-2m', preferredTime: 'Weekday AM' },
    locale: 'en',
    daysAgo: 20,
    stages: ['contacted', 'lost'],
    notes: ['Decided to buy in his home country for now.'],
  },
];

/** Two visitors waiting for the first coming-soon course to open. */
export const DEMO_WAITLIST = [
  { email: 'lena.fischer@example.com', locale: 'en', daysAgo: 4 },
  { email: 'mariam.alhashimi@example.com', locale: 'ar', daysAgo: 2 },
] as const;
