import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from './common.ts';
import { checkPodcastForm, podcastInputSchema } from './podcasts.ts';

describe('podcast schema and form', () => {
  it('podcast: fields required, YouTube link converted', () => {
    expect(podcastInputSchema.safeParse({ title: '', embeddedUrl: 'x' }).error?.issues[0]?.message).toBe(
      'Please fill in all fields.',
    );
    expect(
      podcastInputSchema.safeParse({ title: 'T', embeddedUrl: 'https://vimeo.com/1' }).error?.issues[0]?.message,
    ).toBe('Invalid YouTube URL.');
    expect(podcastInputSchema.parse({ title: ' T ', embeddedUrl: 'https://youtu.be/aqz-KE-bpKQ' })).toEqual({
      title: 'T',
      embeddedUrl: 'https://www.youtube.com/embed/aqz-KE-bpKQ',
    });
    expect(
      podcastInputSchema.parse({ title: 'T', titleAr: ' حلقة ', embeddedUrl: 'https://youtu.be/aqz-KE-bpKQ' }).titleAr,
    ).toBe('حلقة');
    expect(
      podcastInputSchema.safeParse({
        title: 'T',
        titleAr: 'ع'.repeat(201),
        embeddedUrl: 'https://youtu.be/aqz-KE-bpKQ',
      }).error?.issues[0],
    ).toMatchObject({ path: ['titleAr'], message: ADMIN_MESSAGES.titleTooLong });

    // The form's check: a message per field; 'Please fill in all fields.' leads when one is missing.
    expect(checkPodcastForm({ title: '', embeddedUrl: 'https://vimeo.com/1' })).toEqual({
      ok: false,
      message: ADMIN_MESSAGES.podcastFieldsRequired,
      errors: { title: ADMIN_MESSAGES.podcastFieldsRequired, embeddedUrl: ADMIN_MESSAGES.podcastUrlInvalid },
    });
    expect(checkPodcastForm({ title: 'T', embeddedUrl: 'https://vimeo.com/1' })).toMatchObject({
      message: ADMIN_MESSAGES.podcastUrlInvalid,
    });
  });
});
