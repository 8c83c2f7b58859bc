import type { Course } from '@oasis/shared/api';
import { excerpt, formatPrice } from '@oasis/shared/format';
import { FALLBACK_THUMBNAIL, LIMITS } from '@oasis/shared/limits';
import type { CourseCardData } from './course-card';

/** A course as a card: its description stripped of HTML and cut to 100 characters. */
export function toCourseCard(course: Course): CourseCardData {
  return {
    key: course._id,
    slug: course.slug,
    title: course.title,
    summary: excerpt(course.description, LIMITS.teaserExcerptLength, '…'),
    priceLabel: formatPrice(course.price),
    comingSoon: course.comingSoon,
    image: course.thumbnail,
    imageUrl: course.thumbnailUrl || FALLBACK_THUMBNAIL,
    students: course.students,
  };
}

/**
 * The six courses of the catalogue (docs/product.md#home; the same titles as the demo seed): shown while the
 * real catalogue is smaller than the teaser, and when it cannot be loaded. Only the first is for sale.
 */
export const PLACEHOLDER_COURSES: CourseCardData[] = [
  {
    key: 'placeholder-off-plan',
    title: 'Introduction to Off Plan',
    summary:
      'Buying off-plan means buying a home before it is built, usually with a deposit and a payment plan that runs alongside construction.',
    priceLabel: formatPrice(888),
    comingSoon: false,
    image: null,
    imageUrl: FALLBACK_THUMBNAIL,
  },
  {
    key: 'placeholder-golden-visa',
    title: 'Dubai Golden Visa Through Property',
    summary:
      'A property investment of AED 2 million or more can qualify you and your family for a ten-year Golden Visa.',
    priceLabel: formatPrice(0),
    comingSoon: true,
    image: null,
    imageUrl: FALLBACK_THUMBNAIL,
  },
  {
    key: 'placeholder-mortgages',
    title: 'Financing Your Dubai Property: Mortgages Explained',
    summary:
      'How UAE mortgages work for residents and non-residents: loan-to-value limits, rates, fees and comparing offers.',
    priceLabel: formatPrice(0),
    comingSoon: true,
    image: null,
    imageUrl: FALLBACK_THUMBNAIL,
  },
  {
    key: 'placeholder-market',
    title: 'Reading the Dubai Property Market',
    summary:
      'Prices, rents, supply and transaction data: where to find reliable figures for Dubai and how to read them.',
    priceLabel: formatPrice(0),
    comingSoon: true,
    image: null,
    imageUrl: FALLBACK_THUMBNAIL,
  },
  {
    key: 'placeholder-rental',
    title: 'Buy-to-Let and Holiday Homes in Dubai',
    summary: 'Long-term lets or short-stay holiday homes? Permits, management, occupancy, costs and realistic yields.',
    priceLabel: formatPrice(0),
    comingSoon: true,
    image: null,
    imageUrl: FALLBACK_THUMBNAIL,
  },
  {
    key: 'placeholder-buying',
    title: 'Buying Property in Dubai: From Viewing to Title Deed',
    summary:
      'A step-by-step guide to buying a ready property: the offer, Form F, the NOC, the transfer and your title deed.',
    priceLabel: formatPrice(0),
    comingSoon: true,
    image: null,
    imageUrl: FALLBACK_THUMBNAIL,
  },
].map((p) => ({ ...p, summary: excerpt(p.summary, LIMITS.teaserExcerptLength, '…') }));

/**
 * The home page's six courses: the real catalogue first (courses on sale before coming-soon ones),
 * then placeholders whose titles are not already shown.
 */
export function teaserCourses(courses: Course[]): CourseCardData[] {
  const ordered = [...courses.filter((c) => !c.comingSoon), ...courses.filter((c) => c.comingSoon)];
  const cards = ordered.slice(0, LIMITS.homeTeaserCount).map(toCourseCard);
  const shown = new Set(cards.map((c) => c.title.trim().toLowerCase()));
  for (const placeholder of PLACEHOLDER_COURSES) {
    if (cards.length >= LIMITS.homeTeaserCount) break;
    if (!shown.has(placeholder.title.toLowerCase())) cards.push(placeholder);
  }
  return cards;
}
