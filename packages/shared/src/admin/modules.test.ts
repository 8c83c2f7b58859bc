import { describe, expect, it } from 'vitest';
import { ADMIN_LIMITS } from './common.ts';
import { checkBulkModules, createVideoInputSchema } from './modules.ts';

describe('bulk modules', () => {
  const good = { title: 'Basics', videos: [{ title: 'Intro', videoUrl: 'https://vimeo.com/76979871' }] };

  it('accepts modules with titled videos and valid links', () => {
    expect(checkBulkModules([good])).toEqual({
      ok: true,
      value: [
        {
          title: 'Basics',
          titleAr: '',
          videos: [
            {
              title: 'Intro',
              titleAr: '',
              source: 'vimeo',
              url: 'https://player.vimeo.com/video/76979871',
              // No length entered (the player's report fills it in), not a free preview.
              durationSeconds: null,
              freePreview: false,
            },
          ],
        },
      ],
    });
  });

  it('keeps Arabic titles, never required but no longer than the English may be', () => {
    const arabic = { ...good, titleAr: ' الأساسيات ', videos: [{ ...good.videos[0], titleAr: 'مقدمة' }] };
    expect(checkBulkModules([arabic])).toMatchObject({
      ok: true,
      value: [{ titleAr: 'الأساسيات', videos: [{ titleAr: 'مقدمة' }] }],
    });
    const long = 'ع'.repeat(ADMIN_LIMITS.titleMax + 1);
    expect(checkBulkModules([{ ...good, titleAr: long, videos: [{ ...good.videos[0], titleAr: long }] }])).toEqual({
      ok: false,
      message: 'admin.modulesInvalid',
      errors: {
        'modules.0.titleAr': 'admin.modulesInvalid',
        'modules.0.videos.0.titleAr': 'admin.modulesInvalid',
      },
    });
  });

  it('names every bad field, with the one form message', () => {
    const result = checkBulkModules([
      good,
      { title: ' ', videos: [] },
      { title: 'X', videos: [{ title: '', videoUrl: 'https://example.com/1' }] },
    ]);
    expect(result).toEqual({
      ok: false,
      message: 'admin.modulesInvalid',
      errors: {
        'modules.1.title': 'admin.modulesInvalid',
        'modules.1.videos': 'admin.modulesInvalid',
        'modules.2.videos.0.title': 'admin.modulesInvalid',
        'modules.2.videos.0.videoUrl': 'admin.modulesInvalid',
      },
    });
  });
});

describe('lesson video schema', () => {
  it('video: link stored as its player URL', () => {
    expect(createVideoInputSchema.parse({ title: 'A', videoUrl: 'vimeo.com/5', module: 'm' })).toEqual({
      title: 'A',
      videoUrl: { source: 'vimeo', url: 'https://player.vimeo.com/video/5' },
      module: 'm',
    });
  });

  it('Arabic title: optional, trimmed, at most as long as the English', () => {
    expect(
      createVideoInputSchema.parse({ title: 'A', titleAr: ' أ ', videoUrl: 'vimeo.com/5', module: 'm' }),
    ).toMatchObject({ titleAr: 'أ' });
    const tooLong = createVideoInputSchema.safeParse({
      title: 'A',
      titleAr: 'ع'.repeat(ADMIN_LIMITS.titleMax + 1),
      videoUrl: 'vimeo.com/5',
      module: 'm',
    });
    expect(tooLong.error?.issues[0]).toMatchObject({ path: ['titleAr'], message: 'admin.titleTooLong' });
  });
});
