import { describe, expect, it } from 'vitest';
import { checkBlogForm, parseAdminDate } from './blogs.ts';

describe('blog form', () => {
  it('blog: title and author required; date parsed', () => {
    expect(checkBlogForm({ title: 'T', author: ' ' })).toMatchObject({
      ok: false,
      message: 'admin.blogFieldsRequired',
    });
    expect(checkBlogForm({ title: 'T', author: 'A', date: '2025-02-30' })).toMatchObject({
      ok: false,
      message: 'admin.dateInvalid',
    });
    expect(checkBlogForm({ title: ' T ', author: 'A', date: '2025-06-29', description: '<p>x</p>' })).toEqual({
      ok: true,
      value: { title: 'T', author: 'A', date: '2025-06-29T08:00:00.000Z', description: '<p>x</p>' },
    });
  });

  it('blog: a date outside the allowed years (year 0 above all) is refused with its own message', () => {
    for (const date of ['0000-01-01', '1999-12-31', '2101-01-01', '0000-01-01T00:00:00Z']) {
      expect(checkBlogForm({ title: 'T', author: 'A', date }), date).toMatchObject({
        ok: false,
        errors: { date: 'admin.dateOutOfRange' },
      });
    }
    expect(checkBlogForm({ title: 'T', author: 'A', date: '2000-01-01' })).toMatchObject({ ok: true });
    expect(checkBlogForm({ title: 'T', author: 'A', date: '2100-12-31' })).toMatchObject({ ok: true });
  });

  it('blog: Arabic title and body never required, kept when given, too long refused under their key', () => {
    expect(checkBlogForm({ title: 'T', author: 'A', titleAr: ' عنوان ', descriptionAr: '<p>نص</p>' })).toEqual({
      ok: true,
      value: { title: 'T', author: 'A', titleAr: 'عنوان', descriptionAr: '<p>نص</p>' },
    });
    expect(checkBlogForm({ title: 'T', author: 'A', titleAr: 'ع'.repeat(201) })).toMatchObject({
      ok: false,
      errors: { titleAr: 'admin.titleTooLong' },
    });
  });

  it('dates: day or ISO date-time', () => {
    expect(parseAdminDate('2025-06-29T10:00:00Z')).toBe('2025-06-29T10:00:00.000Z');
    expect(parseAdminDate('29/06/2025')).toBeNull();
  });
});
