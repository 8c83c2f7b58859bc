import type { Course } from '@oasis/shared/api';

/** A published course's fields for tests (English only, no learners yet), with `overrides` on top. */
export function courseFixture(overrides: Partial<Course> = {}): Course {
  return {
    _id: 'c1',
    slug: 'c1',
    title: 'A Course',
    titleAr: '',
    description: '<p>About it.</p>',
    descriptionAr: '',
    courseOutcome: '',
    courseOutcomeAr: '',
    tagline: '',
    taglineAr: '',
    level: 'all',
    language: 'en',
    outcomes: [],
    outcomesAr: [],
    faq: [],
    publishedAt: '2025-01-01T00:00:00.000Z',
    price: 100,
    thumbnailUrl: '',
    thumbnail: null,
    author: '',
    authorAr: '',
    students: 0,
    comingSoon: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
