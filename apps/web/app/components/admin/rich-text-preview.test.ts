import { describe, expect, it } from 'vitest';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_DROPPED_WITH_CONTENT, RICH_TEXT_TAGS } from '@oasis/shared/rich-text';
import { PREVIEW_CONFIG, PREVIEW_URI, previewAttribute } from './rich-text-preview';

// The server's sanitiser is tested against the same shared lists (apps/server/src/lib/sanitize.test.ts):
// these cases mirror its cases, so the preview keeps what saving keeps.
describe('the editor preview allow-list', () => {
  it('allows exactly the shared elements and attributes, and drops the same elements with their content', () => {
    expect(new Set(PREVIEW_CONFIG.ALLOWED_TAGS)).toEqual(new Set(RICH_TEXT_TAGS));
    expect(new Set(PREVIEW_CONFIG.ALLOWED_ATTR)).toEqual(new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat()));
    expect(new Set(PREVIEW_CONFIG.FORBID_CONTENTS)).toEqual(new Set(RICH_TEXT_DROPPED_WITH_CONTENT));
  });

  it('keeps each attribute only on its own element', () => {
    const valid: Record<string, string> = {
      src: 'https://example.com/a.jpg',
      target: '_blank',
      width: '10',
      height: '10',
      dir: 'rtl',
    };
    for (const [tag, names] of Object.entries(RICH_TEXT_ATTRIBUTES)) {
      for (const name of names)
        expect(previewAttribute(tag, name, valid[name] ?? 'x'), `${tag}@${name}`).not.toBeNull();
    }
    expect(previewAttribute('p', 'href', 'https://example.com')).toBeNull();
    expect(previewAttribute('a', 'src', 'https://example.com/a.jpg')).toBeNull();
    expect(previewAttribute('p', 'style', 'color:red')).toBeNull();
    expect(previewAttribute('img', 'onerror', 'alert(1)')).toBeNull();
  });

  it('keeps a block’s direction only as rtl, ltr or auto', () => {
    for (const dir of ['rtl', 'ltr', 'auto']) expect(previewAttribute('p', 'dir', dir)).toBe(dir);
    expect(previewAttribute('blockquote', 'dir', 'evil')).toBeNull();
    expect(previewAttribute('a', 'dir', 'rtl')).toBeNull();
  });

  it('keeps http, https, mailto and relative links, and nothing else', () => {
    for (const href of ['https://example.com', 'http://example.com', 'mailto:a@b.co', '/courses', '#top', 'page']) {
      expect(PREVIEW_URI.test(href), href).toBe(true);
    }
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:x',
      'data:text/html,x',
      'vbscript:x',
      '//evil.example',
      '\\\\evil',
    ]) {
      expect(PREVIEW_URI.test(href), href).toBe(false);
    }
    expect(previewAttribute('a', 'target', '_blank')).toBe('_blank');
    expect(previewAttribute('a', 'target', '_top')).toBeNull();
  });

  it('limits image sources to our media and https, and sizes to pixel counts', () => {
    expect(previewAttribute('img', 'src', 'https://example.com/a.jpg')).toBe('https://example.com/a.jpg');
    expect(previewAttribute('img', 'src', '/media//images/./abc/640.jpg')).toBe('/media/images/abc/640.jpg');
    for (const src of [
      'http://example.com/a.jpg',
      'data:image/png;base64,AA==',
      '//evil.example/a.jpg',
      '/api/x',
      '/media/%2e%2e/x',
    ]) {
      expect(previewAttribute('img', 'src', src), src).toBeNull();
    }
    expect(previewAttribute('img', 'width', '640')).toBe('640');
    expect(previewAttribute('img', 'width', '100%')).toBeNull();
  });
});
