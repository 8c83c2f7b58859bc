import type { Course } from '@oasis/shared/api';
import { excerpt, formatPrice } from '@oasis/shared/format';
import { LIMITS } from '@oasis/shared/limits';
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
    imageUrl: course.thumbnailUrl,
    students: course.students,
  };
}

/**
 * The six courses the catalogue starts with (spec §9): shown while the real catalogue is smaller
 * than the teaser, and when it cannot be loaded. Only the first can be bought.
 */
export const PLACEHOLDER_COURSES: CourseCardData[] = [
  {
    key: 'placeholder-off-plan',
    title: 'Introduction to Off Plan',
    summary:
      'How off-plan property works in Dubai: payment plans, developers, escrow, handover and the risks to check first.',
    priceLabel: formatPrice(888),
    comingSoon: false,
    image: null,
  },
  {
    key: 'placeholder-market',
    title: 'Dubai Property Market Essentials',
    summary: 'Areas, prices, rental yields and the rules every buyer should know before viewing a single property.',
    priceLabel: formatPrice(0),
    comingSoon: true,
    image: null,
  },
  {
    key: 'placeholder-mortgages',
    title: 'Mortgages and Financing in the UAE',
    summary: 'Loan-to-value limits, fees, pre-approval and how non-residents can finance a Dubai home.',
    priceLabel: formatPrice(0),
    comingSoon: true,
    image: null,
  },
  {
    key: 'placeholder-golden-visa',
    title: 'Golden Visa Through Property',
    summary: 'Who qualifies, the property values that count, and the documents and steps from offer to visa.',
    priceLabel: formatPrice(0),
    comingSoon: true,
    image: null,
  },
  {
    key: 'placeholder-rental',
    title: 'Rental Income and Holiday Homes',
    summary: 'Long-term lets versus short stays: permits, management, costs and realistic returns.',
    priceLabel: formatPrice(0),
    comingSoon: true,
    image: null,
  },
  {
    key: 'placeholder-portfolio',
    title: 'Building a Property Portfolio',
    summary: 'From the first unit to several: timing, leverage, diversification and knowing when to sell.',
    priceLabel: formatPrice(0),
    comingSoon: true,
    image: null,
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
