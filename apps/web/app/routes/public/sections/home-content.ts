import type { Hero, Intro } from '@oasis/shared/api';
import type { Messages } from '@oasis/shared/i18n/catalogue';
import { PLACEHOLDER_IMAGE } from '@oasis/shared/limits';
import type { Image } from '@oasis/shared/media';
import type { IconName } from '~/components/ui/icons';

/** The home page's texts (the `home` namespace, in the page's language). */
export type HomeTexts = Messages['home'];

/**
 * The services: an icon and the keys of its title and text in `home`. Read by the loader, so the
 * words travel as data, not as JavaScript.
 */
const SERVICES = [
  { icon: 'users', text: 'mentorship' },
  { icon: 'compass', text: 'guidance' },
  { icon: 'chart', text: 'insights' },
  { icon: 'bank', text: 'financing' },
  { icon: 'passport', text: 'goldenVisa' },
  { icon: 'graduation', text: 'training' },
] as const satisfies readonly { icon: IconName; text: string }[];

export interface Service {
  icon: IconName;
  title: string;
  text: string;
}

export function services(t: HomeTexts): Service[] {
  return SERVICES.map(({ icon, text }) => ({ icon, title: t[`${text}Title`], text: t[`${text}Text`] }));
}

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
export function heroView(hero: Hero | null, t: HomeTexts): HeroView {
  return {
    title: hero?.title.trim() || t.heroFallbackTitle,
    subtitle: hero?.subtitle.trim() || t.heroFallbackSubtitle,
    image: hero?.image ?? null,
  };
}

export function introView(intro: Intro | null, t: HomeTexts): IntroView {
  return {
    heading: intro?.heading.trim() || t.introFallbackHeading,
    subheading: intro?.subheading.trim() || t.introFallbackSubheading,
    paragraph1: intro?.paragraph1.trim() || t.introFallbackParagraph1,
    paragraph2: intro?.paragraph2.trim() || t.introFallbackParagraph2,
    image: intro?.image ?? null,
    fallbackImage: PLACEHOLDER_IMAGE,
  };
}
