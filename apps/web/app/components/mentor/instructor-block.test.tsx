import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Mentor } from '@oasis/shared/api';
import { MENTOR_PLACEHOLDER } from '@oasis/shared/limits';
import { InstructorBlock } from './instructor-block';

const mentor: Mentor = {
  name: 'Sarah Whitfield',
  nameAr: '',
  jobTitle: 'Mentor',
  jobTitleAr: '',
  bio: 'A long bio that takes the room beside the photo.',
  bioAr: '',
  credentials: [],
  credentialsAr: [],
  portrait: null,
  portraitFocus: { x: 50, y: 50 },
  social: {},
  aboutHtml: '',
  aboutHtmlAr: '',
  updatedAt: '2025-01-01T00:00:00.000Z',
};
const labels = { heading: 'Your instructor', more: 'More' };

/** Rendered as the server renders the course page (its link needs a router). */
const render = (profile: Mentor) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <InstructorBlock mentor={profile} labels={labels} />
    </MemoryRouter>,
  );

describe('the instructor block', () => {
  it('shows the neutral silhouette, decorative, while the mentor has no portrait', () => {
    const html = render(mentor);
    expect(html).toContain(`src="${MENTOR_PLACEHOLDER}"`);
    expect(html).toMatch(/<img[^>]*alt=""/);
  });

  it('keeps the photo from shrinking beside a long bio (a circle, not a pill)', () => {
    const image = { url: '/media/images/p.jpg', width: 800, height: 800, widths: [400], formats: ['jpeg'] };
    const html = render({ ...mentor, portrait: image as Mentor['portrait'] });
    expect(html).toMatch(/<picture class="shrink-0">/);
    expect(html).not.toContain(MENTOR_PLACEHOLDER);
  });
});
