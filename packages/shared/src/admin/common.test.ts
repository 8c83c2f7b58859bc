import { describe, expect, it } from 'vitest';
import { hasRichContent } from './common.ts';

describe('hasRichContent', () => {
  it('rich content: the empty editor document is empty', () => {
    expect(hasRichContent('<p></p>')).toBe(false);
    expect(hasRichContent('<p> &nbsp; </p>')).toBe(false);
    expect(hasRichContent('<p><img src="/media/x"></p>')).toBe(true);
  });
});
