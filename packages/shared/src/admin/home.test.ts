import { describe, expect, it } from 'vitest';
import { ADMIN_LIMITS } from './common.ts';
import { checkHeroForm, checkIntroForm } from './home.ts';

describe('hero and intro forms', () => {
  it('intro: all fields must be filled; hero: title and subtitle', () => {
    const intro = { heading: 'H', subheading: 'S', paragraph1: 'P1', paragraph2: 'P2' };
    expect(checkIntroForm(intro)).toEqual({ ok: true, value: intro });
    expect(checkIntroForm({ ...intro, paragraph2: ' ' })).toMatchObject({
      ok: false,
      message: 'admin.introFieldsRequired',
      errors: { paragraph2: 'admin.introFieldsRequired' },
    });
    expect(checkHeroForm({ title: 'T' })).toMatchObject({ ok: false, message: 'admin.heroFieldsRequired' });
  });

  it('Arabic texts: never required, kept when given (trimmed), too long refused under their own key', () => {
    expect(checkHeroForm({ title: 'T', subtitle: 'S', titleAr: ' عنوان ' })).toEqual({
      ok: true,
      value: { title: 'T', subtitle: 'S', titleAr: 'عنوان' },
    });
    expect(checkHeroForm({ title: 'T', subtitle: 'S', subtitleAr: '' })).toEqual({
      ok: true,
      value: { title: 'T', subtitle: 'S', subtitleAr: '' },
    });
    expect(checkHeroForm({ title: 'T', subtitle: 'S', titleAr: 'ع'.repeat(ADMIN_LIMITS.textMax + 1) })).toEqual({
      ok: false,
      message: 'admin.textTooLong',
      errors: { titleAr: 'admin.textTooLong' },
    });
  });
});
