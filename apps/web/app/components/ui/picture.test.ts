import { describe, expect, it } from 'vitest';
import { coverSizes, fittedAspect } from './picture';

describe('images cropped to their box', () => {
  it('ask for a rendition as wide as the image is drawn, not the box', () => {
    // A 4:3 photo in a 4:5 box is drawn 5/3 as wide as the box: the old `sizes` made it soft.
    const photo = { width: 960, height: 720 };
    expect(
      coverSizes(photo, [
        { minWidth: 1024, px: 560, aspect: 4 / 5 },
        { vw: 92, aspect: 4 / 3 },
      ]),
    ).toBe('(min-width: 1024px) 934px, 92vw');
    // A portrait fills the width of a wider box: the box's width is enough.
    expect(coverSizes({ width: 600, height: 900 }, [{ px: 512, aspect: 4 / 5 }])).toBe('512px');
    expect(coverSizes(null, [{ vw: 100, aspect: 1 }])).toBe('100vw');
  });

  it('frame a photo in its own shape within the design’s limits', () => {
    expect(fittedAspect({ width: 960, height: 720 }, 4 / 5, 4 / 3)).toBeCloseTo(4 / 3);
    expect(fittedAspect({ width: 1600, height: 900 }, 4 / 5, 4 / 3)).toBeCloseTo(4 / 3);
    expect(fittedAspect({ width: 400, height: 1000 }, 4 / 5, 4 / 3)).toBeCloseTo(4 / 5);
    expect(fittedAspect(null, 4 / 5, 4 / 3)).toBeCloseTo(4 / 5);
  });
});
