import { describe, expect, it } from 'vitest';
import { searchCourses } from './catalogue-search.ts';

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
