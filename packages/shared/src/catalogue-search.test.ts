import { describe, expect, it } from 'vitest';
import { cataloguePage, searchCourses } from './catalogue-search.ts';
import { LIMITS } from './limits.ts';

const courses = [
  { title: 'Off-Plan Basics', titleAr: 'أساسيات البيع على الخريطة' },
  { title: 'Mortgages in Dubai', titleAr: null },
  { title: '100% Yield_Plans' },
];

describe('searchCourses', () => {
  it('finds a course by its English or Arabic title, ignoring case and spaces around the search', () => {
    expect(searchCourses(courses, '  off-PLAN ').map((c) => c.title)).toEqual(['Off-Plan Basics']);
    expect(searchCourses(courses, 'الخريطة').map((c) => c.title)).toEqual(['Off-Plan Basics']);
    expect(searchCourses(courses, 'dubai').map((c) => c.title)).toEqual(['Mortgages in Dubai']);
  });

  it('takes % and _ as plain characters', () => {
    expect(searchCourses(courses, '100%').map((c) => c.title)).toEqual(['100% Yield_Plans']);
    expect(searchCourses(courses, '_')).toHaveLength(1);
    expect(searchCourses(courses, '%')).toHaveLength(1);
  });

  it('gives every course, in their order and as a new list, for an empty search', () => {
    for (const search of [undefined, '', '   ']) {
      const all = searchCourses(courses, search);
      expect(all).toEqual(courses);
      expect(all).not.toBe(courses);
    }
    expect(searchCourses(courses, 'nothing like it')).toEqual([]);
  });
});

describe('cataloguePage', () => {
  const many = Array.from({ length: 20 }, (_, i) => ({
    title: i % 2 ? `Odd course ${i}` : `Even course ${i}`,
    comingSoon: i < 3,
  }));
  const titles = (page: { courses: { title: string }[] }) => page.courses.map((c) => c.title);

  it('pages the matches of a search, counting them and the pages', () => {
    const first = cataloguePage(many, { q: 'even' });
    expect(first).toMatchObject({ total: 10, page: 1, pageCount: 2 });
    expect(titles(first)).toHaveLength(LIMITS.catalogPageSize);
    expect(titles(cataloguePage(many, { q: 'even', page: 2 }))).toEqual(['Even course 18']);
    expect(cataloguePage(many, { q: 'nothing like it' })).toEqual({ courses: [], total: 0, page: 1, pageCount: 1 });
  });

  it('keeps the page within the pages there are, whatever number it is given', () => {
    for (const [asked, shown] of [
      [0, 1],
      [-4, 1],
      [2.7, 2],
      [999, 3],
      [Number.NaN, 1],
      [Number.POSITIVE_INFINITY, 1],
    ] as const) {
      expect(cataloguePage(many, { page: asked }).page, String(asked)).toBe(shown);
    }
    expect(titles(cataloguePage(many, { page: 999 }))).toEqual(['Even course 18', 'Odd course 19']);
  });

  it('puts courses on sale before coming-soon ones when asked, each in the order given, a page of the size asked', () => {
    const teaser = cataloguePage(many, { pageSize: 4, availableFirst: true });
    expect(titles(teaser)).toEqual(['Odd course 3', 'Even course 4', 'Odd course 5', 'Even course 6']);
    expect(titles(cataloguePage(many.slice(0, 4), { availableFirst: true }))).toEqual([
      'Odd course 3',
      'Even course 0',
      'Odd course 1',
      'Even course 2',
    ]);
    // No page is longer than the catalogue's.
    expect(cataloguePage(many, { pageSize: 500 }).courses).toHaveLength(LIMITS.catalogPageSize);
  });
});
