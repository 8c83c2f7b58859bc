import { describe, expect, it } from 'vitest';
import { parseLessonVideoUrl, parseVimeoUrl, parseYouTubeUrl, toYouTubeEmbedUrl } from './video-urls.ts';

describe('parseVimeoUrl', () => {
  it.each([
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['http://www.vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['  https://vimeo.com/76979871/  ', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871'],
    [
      'https://player.vimeo.com/video/76979871?h=1a2b3c4d5e&badge=0',
      'https://player.vimeo.com/video/76979871?h=1a2b3c4d5e',
    ],
    ['https://vimeo.com/76979871/1a2b3c4d5e', 'https://player.vimeo.com/video/76979871?h=1a2b3c4d5e'],
    ['https://vimeo.com/76979871?share=copy', 'https://player.vimeo.com/video/76979871'],
  ])('%s → %s', (input, embed) => {
    expect(parseVimeoUrl(input)).toEqual({ source: 'vimeo', id: embed.match(/video\/(\d+)/)?.[1], embedUrl: embed });
  });

  it.each([
    '',
    '   ',
    '76979871',
    'https://vimeo.com/',
    'https://vimeo.com/channels/staffpicks/76979871',
    'https://vimeo.com/abc',
    'https://vimeo.com/76979871/not-a-hash!',
    'https://player.vimeo.com/76979871',
    'https://player.vimeo.com/video/',
    'https://evil.example/vimeo.com/76979871',
    'https://vimeo.com.evil.example/76979871',
    'https://vimeo.com@evil.example/76979871',
    'javascript:alert(1)//vimeo.com/1',
    'ftp://vimeo.com/76979871',
    'https://vimeo.com:8443/76979871',
    'https://vimeo.com/7697 9871',
    'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
  ])('refuses %j', (input) => {
    expect(parseVimeoUrl(input)).toBeNull();
  });
});

describe('parseYouTubeUrl', () => {
  const embed = 'https://www.youtube.com/embed/aqz-KE-bpKQ';
  it.each([
    'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    'https://youtube.com/watch?v=aqz-KE-bpKQ&t=42s',
    'https://m.youtube.com/watch?feature=share&v=aqz-KE-bpKQ',
    'www.youtube.com/watch?v=aqz-KE-bpKQ',
    'https://www.youtube.com/shorts/aqz-KE-bpKQ',
    'https://www.youtube.com/embed/aqz-KE-bpKQ',
    'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?rel=0',
    'https://www.youtube.com/live/aqz-KE-bpKQ',
    'https://youtu.be/aqz-KE-bpKQ?si=abc',
  ])('%s → the embed URL', (input) => {
    expect(parseYouTubeUrl(input)).toEqual({ source: 'youtube', id: 'aqz-KE-bpKQ', embedUrl: embed });
    expect(toYouTubeEmbedUrl(input)).toBe(embed);
  });

  it.each([
    '',
    'aqz-KE-bpKQ',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=aqz-KE-bpKQx',
    'https://www.youtube.com/watch',
    'https://www.youtube.com/channel/UC1234567890',
    'https://www.youtube.com/shorts/aqz-KE-bpK$',
    'https://youtu.be/',
    'https://youtu.be/aqz-KE-bpKQ/extra',
    'https://notyoutube.com/watch?v=aqz-KE-bpKQ',
    'https://youtube.com.evil.example/watch?v=aqz-KE-bpKQ',
    'data:text/html,youtube.com/watch?v=aqz-KE-bpKQ',
    'https://vimeo.com/76979871',
  ])('refuses %j', (input) => {
    expect(parseYouTubeUrl(input)).toBeNull();
    expect(toYouTubeEmbedUrl(input)).toBeNull();
  });
});

describe('parseLessonVideoUrl', () => {
  it('takes Vimeo and YouTube links, nothing else', () => {
    expect(parseLessonVideoUrl('https://vimeo.com/1')?.source).toBe('vimeo');
    expect(parseLessonVideoUrl('https://youtu.be/aqz-KE-bpKQ')?.source).toBe('youtube');
    expect(parseLessonVideoUrl('https://example.com/video.mp4')).toBeNull();
  });
});
