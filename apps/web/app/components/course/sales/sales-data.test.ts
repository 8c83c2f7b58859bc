import type { CourseDetail } from '@oasis/shared/api';
import { describe, expect, it } from 'vitest';
import { courseFixture } from '../course-fixture';
import { courseAuthor, courseSalesData, isoDuration } from './sales-data';

function course(overrides: Partial<CourseDetail> = {}): CourseDetail {
  return {
    ...courseFixture({
      titleAr: 'دورة',
      courseOutcome: '<ul><li>Old outcome</li></ul>',
      tagline: 'A promise',
      level: 'beginner',
      outcomes: ['One', 'Two'],
      faq: [{ question: 'Q?', answer: 'A.', questionAr: 'س؟', answerAr: '' }],
      students: 4,
      updatedAt: '2025-01-02T00:00:00.000Z',
    }),
    hasAccess: false,
    hasQuiz: false,
    modules: [
      {
        _id: 'm1',
        title: 'M',
        titleAr: '',
        course: 'c1',
        position: 0,
        videos: [
          {
            _id: 'v1',
            title: 'V1',
            titleAr: '',
            source: 'vimeo',
            position: 0,
            durationSeconds: 330,
            freePreview: true,
          },
          {
            _id: 'v2',
            title: 'V2',
            titleAr: '',
            source: 'vimeo',
            position: 1,
            durationSeconds: null,
            freePreview: false,
          },
          {
            _id: 'v3',
            title: 'V3',
            titleAr: '',
            source: 'vimeo',
            position: 2,
            durationSeconds: 3600,
            freePreview: false,
          },
        ],
      },
    ],
    ...overrides,
  };
}

const settings = { brandName: 'Oasis', enrolmentThreshold: 10 };

describe('course page data', () => {
  it('hides the learner count below the threshold and shows it from there on (0: always)', () => {
    expect(courseSalesData(course({ students: 9 }), 'en', settings).showStudents).toBe(false);
    expect(courseSalesData(course({ students: 10 }), 'en', settings).showStudents).toBe(true);
    expect(courseSalesData(course({ students: 0 }), 'en', { ...settings, enrolmentThreshold: 0 }).showStudents).toBe(
      true,
    );
  });

  it('counts lessons and adds up the known lengths', () => {
    const data = courseSalesData(course(), 'en', settings);
    expect(data.lessons).toBe(3);
    expect(data.totalSeconds).toBe(3930);
    expect(data.freePreviews).toBe(1);
    expect(isoDuration(data.totalSeconds)).toBe('PT1H6M');
    expect(isoDuration(1050)).toBe('PT18M');
    expect(isoDuration(7200)).toBe('PT2H');
  });

  it('the tagline, not an excerpt of the description, is the promise; the author falls back to the brand', () => {
    const data = courseSalesData(course(), 'en', settings);
    expect(data.text.tagline?.text).toBe('A promise');
    expect(data.author.text).toBe('Oasis');
    expect(courseSalesData(course({ tagline: '' }), 'en', settings).text.tagline).toBeNull();
  });

  it('the header names the mentor, as the structured data does, unless the course has an author of its own', () => {
    // The demo courses are written by the brand: with a mentor profile, the mentor is named.
    expect(courseSalesData(course({ author: 'Oasis' }), 'en', settings, 'Sarah Whitfield').author.text).toBe(
      'Sarah Whitfield',
    );
    expect(courseSalesData(course(), 'en', settings, 'Sarah Whitfield').author.text).toBe('Sarah Whitfield');
    expect(courseSalesData(course({ author: 'Guest Expert' }), 'en', settings, 'Sarah Whitfield').author.text).toBe(
      'Guest Expert',
    );
    expect(courseAuthor({ author: 'Oasis', authorAr: '' }, 'en', 'Oasis', '').text).toBe('Oasis');
  });

  it('Arabic pages take the Arabic list when it has lines, else the English list marked as English', () => {
    expect(courseSalesData(course({ outcomesAr: ['واحد'] }), 'ar', settings).text.outcomes).toEqual({
      lines: ['واحد'],
      attrs: {},
    });
    expect(courseSalesData(course(), 'ar', settings).text.outcomes).toEqual({
      lines: ['One', 'Two'],
      attrs: { lang: 'en', dir: 'auto' },
    });
    const faq = courseSalesData(course(), 'ar', settings).text.faq[0];
    expect(faq?.question.text).toBe('س؟');
    expect(faq?.answer).toEqual({ text: 'A.', attrs: { lang: 'en', dir: 'auto' } });
  });
});
