import { describe, expect, it } from 'vitest';
import adminBlogs from './admin-blogs.ts';
import adminCourses from './admin-courses.ts';
import adminHome from './admin-home.ts';
import adminMentor from './admin-mentor.ts';
import adminModules from './admin-modules.ts';
import adminPodcasts from './admin-podcasts.ts';
import adminSettings from './admin-settings.ts';

/**
 * The admin forms put each content field's Arabic twin beside it (components/admin/bilingual-field.tsx).
 * Browser tests find a field by a substring of its label ('Title' also finds 'Title in Arabic'),
 * so a twin's label never contains its English field's label, in either language.
 */
describe('the labels of the Arabic twins', () => {
  const pairs = [
    [adminCourses, 'title', 'titleAr'],
    [adminCourses, 'description', 'descriptionAr'],
    [adminCourses, 'author', 'authorAr'],
    [adminCourses, 'outcome', 'outcomeAr'],
    [adminBlogs, 'author', 'authorAr'],
    [adminBlogs, 'title', 'titleAr'],
    [adminBlogs, 'content', 'contentAr'],
    [adminModules, 'moduleNumberTitle', 'moduleNumberTitleAr'],
    [adminModules, 'videoNumberTitle', 'videoNumberTitleAr'],
    [adminModules, 'moduleTitle', 'moduleTitleAr'],
    [adminModules, 'videoTitle', 'videoTitleAr'],
    [adminHome, 'title', 'titleAr'],
    [adminHome, 'subtitle', 'subtitleAr'],
    [adminHome, 'heading', 'headingAr'],
    [adminHome, 'subheading', 'subheadingAr'],
    [adminHome, 'paragraph1', 'paragraph1Ar'],
    [adminHome, 'paragraph2', 'paragraph2Ar'],
    [adminPodcasts, 'videoTitle', 'videoTitleAr'],
    [adminSettings, 'address', 'addressAr'],
    [adminMentor, 'name', 'nameAr'],
    [adminMentor, 'jobTitle', 'jobTitleAr'],
    [adminMentor, 'bio', 'bioAr'],
    [adminMentor, 'credentials', 'credentialsAr'],
    [adminMentor, 'story', 'storyAr'],
  ] as const;

  it.each(['en', 'ar'] as const)('never contain the English field’s label (%s)', (locale) => {
    for (const [namespace, field, twin] of pairs) {
      const texts = namespace[locale] as Record<string, unknown>;
      const label = String(texts[field]).replace('{number}', '1').toLowerCase();
      const twinLabel = String(texts[twin]).replace('{number}', '1').toLowerCase();
      expect(twinLabel, `${twin} is missing`).not.toBe('undefined');
      expect(twinLabel, `${twin}: '${twinLabel}' contains '${label}'`).not.toContain(label);
    }
  });
});
