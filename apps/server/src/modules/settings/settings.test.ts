import { afterAll, describe, expect, it } from 'vitest';
import { siteSettingsSchema } from '@oasis/shared/api';
import { beforeAllValue, createTestApp, emptyTables, getJson } from '../../../test/helpers.ts';
import { seedSettings } from '../../db/factories.ts';
import { siteSettings } from '../../db/schema.ts';
import { DEFAULT_SETTINGS } from './defaults.ts';

const t = beforeAllValue(() => createTestApp());
afterAll(() => t.close());

describe('GET /api/settings', () => {
  it('answers the defaults on a fresh site', async () => {
    await emptyTables(t, siteSettings);
    const settings = await getJson(t, '/api/settings');
    expect(siteSettingsSchema.parse(settings)).toEqual(DEFAULT_SETTINGS);
    // Arabic pages write the dirham 'AED' until the owner chooses the sign.
    expect(settings.arabicCurrency).toBe('AED');
  });

  it('answers the saved settings', async () => {
    await seedSettings(t.deps.db, { brandName: 'My Academy', phone: '+971 4 000 0000' });
    // Seeded straight into the database: tell the public cache, as every service write does.
    t.deps.pageCache.invalidate();
    const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(siteSettingsSchema.parse(res.json())).toMatchObject({ brandName: 'My Academy', phone: '+971 4 000 0000' });
  });
});
