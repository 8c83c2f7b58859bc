import { describe, expect, it } from 'vitest';
import { checkCourseForm, parsePriceToFils } from './courses.ts';

describe('parsePriceToFils', () => {
  it.each([
    ['0', 0],
    ['888', 88_800],
    [' 888.5 ', 88_850],
    ['888.05', 88_805],
    [12.34, 1234],
    ['1000000', 100_000_000],
  ])('%j → %d fils', (input, fils) => {
    expect(parsePriceToFils(input)).toBe(fils);
  });

  it.each(['', '-1', '1.234', 'abc', '1,000', '1e3', '1000000.01', '.5', '5.', 'NaN', 0.1 + 0.2])(
    'refuses %j',
    (input) => {
      expect(parsePriceToFils(input)).toBeNull();
    },
  );
});

describe('checkCourseForm', () => {
  const valid = { title: ' Off Plan ', price: '888', description: '<p>About</p>' };

  it('Arabic title and description: never required, kept when given, an empty editor is empty', () => {
    const create = { mode: 'create', hasThumbnail: true } as const;
    expect(checkCourseForm(valid, create)).toMatchObject({ ok: true });
    const check = checkCourseForm({ ...valid, titleAr: ' عقارات ', descriptionAr: '<p>نبذة</p>' }, create);
    expect(check).toMatchObject({ ok: true, value: { titleAr: 'عقارات', descriptionAr: '<p>نبذة</p>' } });
    expect(checkCourseForm({ ...valid, titleAr: '', descriptionAr: '<p></p>' }, create)).toMatchObject({
      ok: true,
      value: { titleAr: '', descriptionAr: '' },
    });
    expect(checkCourseForm({ ...valid, titleAr: 'ع'.repeat(201) }, { mode: 'update', hasThumbnail: false })).toEqual({
      ok: false,
      message: 'admin.titleTooLong',
      errors: { titleAr: 'admin.titleTooLong' },
    });
  });

  it('create: trimmed title, price, description and thumbnail are required, with the one form message', () => {
    for (const missing of ['title', 'price', 'description'] as const) {
      const result = checkCourseForm({ ...valid, [missing]: '   ' }, { mode: 'create', hasThumbnail: true });
      expect(result).toMatchObject({ ok: false, message: 'admin.fillRequiredFields' });
      expect(result.ok ? {} : result.errors).toHaveProperty(missing);
    }
    const noThumb = checkCourseForm(valid, { mode: 'create', hasThumbnail: false });
    expect(noThumb).toMatchObject({
      ok: false,
      message: 'admin.fillRequiredFields',
      errors: { thumbnail: expect.any(String) },
    });
    expect(checkCourseForm({ ...valid, description: '<p></p>' }, { mode: 'create', hasThumbnail: true }).ok).toBe(
      false,
    );
  });

  it('create: cleans the values', () => {
    const result = checkCourseForm(
      { ...valid, comingSoon: 'true', author: '  ', courseOutcome: '<ul><li>x</li></ul>' },
      { mode: 'create', hasThumbnail: true },
    );
    expect(result).toEqual({
      ok: true,
      value: {
        title: 'Off Plan',
        priceFils: 88_800,
        description: '<p>About</p>',
        courseOutcome: '<ul><li>x</li></ul>',
        comingSoon: true,
        author: null,
      },
    });
  });

  it('refuses a bad price and an overlong title', () => {
    expect(checkCourseForm({ ...valid, price: '-5' }, { mode: 'create', hasThumbnail: true })).toMatchObject({
      ok: false,
      message: 'admin.priceInvalid',
    });
    expect(
      checkCourseForm({ ...valid, title: 'x'.repeat(201) }, { mode: 'update', hasThumbnail: false }),
    ).toMatchObject({
      ok: false,
      message: 'admin.titleTooLong',
    });
  });

  it("update: 'Title cannot be empty'; other fields optional", () => {
    expect(checkCourseForm({ title: '  ' }, { mode: 'update', hasThumbnail: false })).toMatchObject({
      ok: false,
      message: 'admin.titleCannotBeEmpty',
    });
    expect(checkCourseForm({ price: '5' }, { mode: 'update', hasThumbnail: false })).toMatchObject({
      ok: false,
      message: 'admin.titleCannotBeEmpty',
    });
    expect(checkCourseForm({ title: 'New' }, { mode: 'update', hasThumbnail: false })).toEqual({
      ok: true,
      value: { title: 'New' },
    });
  });
});
