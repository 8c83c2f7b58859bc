import { describe, expect, it } from 'vitest';
import { checkPodcastForm, podcastInputSchema } from './podcasts.ts';

describe('podcast schema and form', () => {
  it('podcast: fields required, YouTube link converted', () => {
    expect(podcastInputSchema.safeParse({ title: '', embeddedUrl: 'x' }).error?.issues[0]?.message).toBe(
      'admin.podcastFieldsRequired',
    );
    expect(
      podcastInputSchema.safeParse({ title: 'T', embeddedUrl: 'https://vimeo.com/1' }).error?.issues[0]?.message,
    ).toBe('admin.podcastUrlInvalid');
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
    ).toMatchObject({ path: ['titleAr'], message: 'admin.titleTooLong' });

    // The form's check: a message per field; 'Please fill in all fields.' leads when one is missing.
    expect(checkPodcastForm({ title: '', embeddedUrl: 'https://vimeo.com/1' })).toEqual({
      ok: false,
      message: 'admin.podcastFieldsRequired',
      errors: { title: 'admin.podcastFieldsRequired', embeddedUrl: 'admin.podcastUrlInvalid' },
    });
    expect(checkPodcastForm({ title: 'T', embeddedUrl: 'https://vimeo.com/1' })).toMatchObject({
      message: 'admin.podcastUrlInvalid',
    });
  });
});
