import type { Hero, Intro } from '@oasis/shared/api';
import { PLACEHOLDER_IMAGE } from '@oasis/shared/limits';
import type { Image } from '@oasis/shared/media';
import type { IconName } from '~/components/ui/icons';

/**
 * Home page copy that is not (yet) edited in the admin area, and the words used when the hero or
 * intro is empty or fails to load. Read by the loader, so it travels as data, not as JavaScript.
 */
export const HERO_FALLBACK = {
  title: 'Invest in Dubai with confidence',
  subtitle: 'Courses and one-to-one guidance from a property professional with over 26 years of experience.',
};

export const INTRO_FALLBACK = {
  heading: 'Your guide to property in Dubai',
  subheading: 'Over 26 years of helping people buy, finance and invest wisely',
  paragraph1:
    'I started in property finance in the UK, qualified as a mortgage adviser and spent sixteen years with a housing association helping families into homes they could afford.',
  paragraph2:
    'Today I specialise in Dubai off-plan property. I explain the market plainly, check the details others skip and stay with you from the first question to the keys.',
};

/** Section headings and the consultation call to action. */
export const HOME_COPY = {
  services: {
    eyebrow: 'How I can help',
    title: 'Services built around you',
    lead: 'Whether you are buying your first off-plan unit or growing a portfolio, you get clear answers and a plan that fits.',
  },
  courses: {
    eyebrow: 'Online courses',
    title: 'Learn at your own pace',
    lead: 'Practical video courses on Dubai property, from your first off-plan purchase to building a portfolio.',
  },
  consult: {
    title: 'Thinking about Dubai property?',
    text: 'Book a free, no-obligation consultation. Tell me what you want to achieve and I will tell you honestly what it takes, what it costs and what to watch out for.',
  },
};

export const SERVICES: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'users',
    title: 'Mentorship',
    text: 'One-to-one support from your first question to completion, with someone who has seen every stage many times.',
  },
  {
    icon: 'compass',
    title: 'Dubai Guidance',
    text: 'Communities, developers and the buying process explained plainly, so you know exactly where you stand.',
  },
  {
    icon: 'chart',
    title: 'Market Insights',
    text: 'Prices, rental yields and launch pipelines read with a critical eye, not a sales pitch.',
  },
  {
    icon: 'bank',
    title: 'Financing Guidance',
    text: 'Mortgages, payment plans and fees compared, drawing on a UK mortgage qualification and years of lending experience.',
  },
  {
    icon: 'passport',
    title: 'Golden Visa Guidance',
    text: 'Which purchases qualify for the UAE Golden Visa, and the documents and steps to get there.',
  },
  {
    icon: 'graduation',
    title: 'Courses & Training',
    text: 'Self-paced video courses that turn years of experience into clear, practical lessons.',
  },
];

export interface HeroView {
  title: string;
  subtitle: string;
  image: Image | null;
}

export interface IntroView {
  heading: string;
  subheading: string;
  paragraph1: string;
  paragraph2: string;
  image: Image | null;
  /** Shown when there is no image. */
  fallbackImage: string;
}

/** The hero as shown: empty texts replaced by the fallback wording. */
export function heroView(hero: Hero | null): HeroView {
  return {
    title: hero?.title.trim() || HERO_FALLBACK.title,
    subtitle: hero?.subtitle.trim() || HERO_FALLBACK.subtitle,
    image: hero?.image ?? null,
  };
}

export function introView(intro: Intro | null): IntroView {
  return {
    heading: intro?.heading.trim() || INTRO_FALLBACK.heading,
    subheading: intro?.subheading.trim() || INTRO_FALLBACK.subheading,
    paragraph1: intro?.paragraph1.trim() || INTRO_FALLBACK.paragraph1,
    paragraph2: intro?.paragraph2.trim() || INTRO_FALLBACK.paragraph2,
    image: intro?.image ?? null,
    fallbackImage: PLACEHOLDER_IMAGE,
  };
}
