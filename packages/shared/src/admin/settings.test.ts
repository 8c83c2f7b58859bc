import { describe, expect, it } from 'vitest';
import { checkSettingsForm, siteSettingsInputSchema } from './settings.ts';
import { DEFAULT_ENROLMENT_THRESHOLD } from '../selling.ts';

/** Settings the schema and the form accept as they are. */
const valid = {
  brandName: 'Oasis',
  email: 'owner@example.com',
  phone: '+971 50 123 4567',
  address: 'Dubai',
  chatUrl: '',
  brandSiteUrl: 'https://oasis.example',
  social: { linkedin: '', youtube: 'https://youtube.com/@x', instagram: '', tiktok: '', facebook: '' },
};

describe('settings schema and form', () => {
  it('settings: validated field by field', () => {
    expect(siteSettingsInputSchema.safeParse(valid).success).toBe(true);
    // The Arabic address: never required, at most as long as the English one.
    expect(siteSettingsInputSchema.parse({ ...valid, addressAr: ' دبي ' }).addressAr).toBe('دبي');
    expect(siteSettingsInputSchema.safeParse({ ...valid, addressAr: 'ع'.repeat(501) }).error?.issues[0]).toMatchObject({
      path: ['addressAr'],
      message: 'admin.textTooLong',
    });
    const bad = siteSettingsInputSchema.safeParse({
      ...valid,
      email: 'nope',
      phone: '12',
      social: { ...valid.social, facebook: 'javascript:alert(1)' },
    });
    const messages = Object.fromEntries(bad.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);
    expect(messages).toEqual({
      email: 'admin.settingsEmailInvalid',
      phone: 'admin.settingsPhoneInvalid',
      'social.facebook': 'admin.settingsUrlInvalid',
    });

    // The form's check: the same messages per field, the first one to say above the buttons.
    const check = checkSettingsForm({ ...valid, email: 'nope', social: { ...valid.social, facebook: 'http://x.y' } });
    expect(check).toEqual({
      ok: false,
      message: 'admin.settingsEmailInvalid',
      errors: { email: 'admin.settingsEmailInvalid', 'social.facebook': 'admin.settingsUrlInvalid' },
    });
    expect(checkSettingsForm({ ...valid, brandName: '  Oasis  ' })).toEqual({
      ok: true,
      value: {
        ...valid,
        brandName: 'Oasis',
        arabicCurrency: 'AED',
        enrolmentThreshold: DEFAULT_ENROLMENT_THRESHOLD,
        whatsappNumber: '',
      },
    });
  });

  it('settings: the Arabic pages write the dirham as AED (the default) or د.إ, nothing else', () => {
    expect(siteSettingsInputSchema.parse(valid).arabicCurrency).toBe('AED');
    expect(siteSettingsInputSchema.parse({ ...valid, arabicCurrency: 'د.إ' }).arabicCurrency).toBe('د.إ');
    expect(checkSettingsForm({ ...valid, arabicCurrency: 'EUR' as 'AED' })).toEqual({
      ok: false,
      message: 'admin.arabicCurrencyInvalid',
      errors: { arabicCurrency: 'admin.arabicCurrencyInvalid' },
    });
  });
});
