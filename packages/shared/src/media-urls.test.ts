import { describe, expect, it } from 'vitest';
import { normaliseMediaPath } from './media-urls.ts';

describe('normaliseMediaPath', () => {
  it('keeps a stored image path as it is', () => {
    expect(normaliseMediaPath('/media/images/3f2a9c1e-0b7d-4c55-9a65-0c1d2e3f4a5b/640.jpg')).toBe(
      '/media/images/3f2a9c1e-0b7d-4c55-9a65-0c1d2e3f4a5b/640.jpg',
    );
  });

  it('gives the plain form of a path that stays under /media/', () => {
    for (const src of [
      '/media//images/./a/640.jpg',
      '/media/images/x/../a/640.jpg',
      '\\media\\images\\a\\640.jpg',
      '/media/images/a%2F640.jpg',
    ]) {
      expect(normaliseMediaPath(src), src).toBe('/media/images/a/640.jpg');
    }
  });

  it('refuses paths that leave /media/ once dots, escapes and backslashes are resolved', () => {
    for (const src of [
      '/media/./../x',
      '/media/%2e%2e/x',
      '/media/%2E%2E/x',
      '/media/.%2e/x',
      '/media/..%2fx',
      '/media/..%5cx',
      '/media/..\\x',
      '\\media\\..',
      '/media/..',
      '/media/../media',
      '/media/',
      '/media',
      '/media/images/../../api/auth/logout',
    ]) {
      expect(normaliseMediaPath(src), src).toBeNull();
    }
  });

  it('refuses other hosts, other paths and anything it cannot read plainly', () => {
    for (const src of [
      '//evil.example/media/a.jpg',
      '\\\\evil.example\\media\\a.jpg',
      '/\\evil.example/media/a.jpg',
      '/%2fevil.example/media/a.jpg',
      'media/images/a.jpg',
      'https://example.com/media/a.jpg',
      'javascript:alert(1)//media/a',
      '/api/auth/logout',
      '/MEDIA/images/a.jpg',
      '/media/images/a.jpg?x=1',
      '/media/images/a.jpg#x',
      '/media/images/a b.jpg',
      '/media/images/%252e%252e/x',
      '/media/images/%E0%A4%A.jpg',
      ' /media/images/a.jpg',
    ]) {
      expect(normaliseMediaPath(src), src).toBeNull();
    }
  });
});
