import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { siteSettingsSchema } from '@oasis/shared/api';
import { beforeAllValue, createTestApp } from '../../../test/helpers.ts';
import { jpeg, multipart, setUpSignIn } from '../../../test/uploads.ts';
import { createPublicSiteData } from '../../site-data.ts';
import { IMAGE_MESSAGES } from '../media/service.ts';
import { DEFAULT_SETTINGS } from './defaults.ts';

const t = beforeAllValue(() => createTestApp());
afterAll(() => t.close());
const admin = setUpSignIn(t);

const settings = {
  ...DEFAULT_SETTINGS,
  brandName: ' Oasis Academy ',
  email: 'owner@oasis.example',
  phone: '+971 4 123 4567',
  chatUrl: '',
  social: { ...DEFAULT_SETTINGS.social, tiktok: '' },
};

describe('PUT /api/settings', () => {
  it('saves the settings (twice: insert then update) and they show at once', async () => {
    for (const brandName of [' Oasis Academy ', 'Oasis Academy 2']) {
      const before = t.deps.pageCache.version;
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: admin.headers,
        payload: { ...settings, brandName },
      });
      expect(res.statusCode).toBe(200);
      expect(siteSettingsSchema.parse(res.json())).toMatchObject({
        brandName: brandName.trim(),
        chatUrl: '',
        social: { tiktok: '' },
      });
      expect(t.deps.pageCache.version).toBeGreaterThan(before);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).json().brandName).toBe('Oasis Academy 2');
    expect((await createPublicSiteData(t.deps).settings()).email).toBe('owner@oasis.example');
  });

  it.each([
    ['brandName', '', ADMIN_MESSAGES.brandNameRequired],
    ['email', 'not-an-email', ADMIN_MESSAGES.settingsEmailInvalid],
    ['phone', 'call me', ADMIN_MESSAGES.settingsPhoneInvalid],
    ['address', ' ', ADMIN_MESSAGES.addressRequired],
    ['chatUrl', 'javascript:alert(1)', ADMIN_MESSAGES.settingsUrlInvalid],
    ['brandSiteUrl', 'http://insecure.example', ADMIN_MESSAGES.settingsUrlInvalid],
  ])('refuses a bad %s', async (field, value, message) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin.headers,
      payload: { ...settings, [field]: value },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, errors: { [field]: message } });
  });

  it('saves how Arabic pages write the dirham (AED by default) and reads it back', async () => {
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload });
    const { arabicCurrency: _left, ...withoutCurrency } = settings;
    expect((await put(withoutCurrency)).json().arabicCurrency).toBe('AED');
    const saved = await put({ ...settings, arabicCurrency: 'د.إ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().arabicCurrency).toBe('د.إ');
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).json().arabicCurrency).toBe('د.إ');
    expect((await createPublicSiteData(t.deps).settings()).arabicCurrency).toBe('د.إ');

    const refused = await put({ ...settings, arabicCurrency: 'EUR' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { arabicCurrency: ADMIN_MESSAGES.arabicCurrencyInvalid } });
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).json().arabicCurrency).toBe('د.إ');
    expect((await put({ ...settings, arabicCurrency: 'AED' })).json().arabicCurrency).toBe('AED');
  });

  it('refuses a bad social link', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin.headers,
      payload: { ...settings, social: { ...settings.social, facebook: 'data:text/html,x' } },
    });
    expect(res.json()).toMatchObject({ errors: { 'social.facebook': ADMIN_MESSAGES.settingsUrlInvalid } });
  });
});

describe('POST /api/admin/media/images (rich-text editor images)', () => {
  it('stores a checked image and answers its URLs', async () => {
    const form = await multipart({ image: { data: await jpeg(700, 400), filename: 'inline.jpg' } }, admin.headers);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/media/images', ...form });
    expect(res.statusCode).toBe(201);
    const image = res.json();
    expect(image.url).toMatch(/^\/media\/images\/[\w-]+\/640\.jpg$/);
    expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(200);
  });

  it('refuses no file, or a file that is not an image', async () => {
    const none = await multipart({ note: 'nothing' }, admin.headers);
    const empty = await t.app.inject({ method: 'POST', url: '/api/admin/media/images', ...none });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(ADMIN_MESSAGES.imageRequired);
    const html = await multipart(
      { image: { data: Buffer.from('<html></html>'), filename: 'a.png', type: 'image/png' } },
      admin.headers,
    );
    const refused = await t.app.inject({ method: 'POST', url: '/api/admin/media/images', ...html });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe(IMAGE_MESSAGES.unsupported);
  });
});
