import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs with no configuration at all', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.siteUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.payments.provider).toBe('sandbox');
    expect(config.google).toBeNull();
    expect(config.mail.smtpUrl).toBeUndefined();
  });

  it('lists every bad value together', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PAYMENT_PROVIDER: 'paypal' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const { problems } = error as ConfigError;
      expect(problems.some((p) => p.startsWith('PORT'))).toBe(true);
      expect(problems.some((p) => p.startsWith('DATABASE_URL'))).toBe(true);
      expect(problems.some((p) => p.startsWith('PAYMENT_PROVIDER'))).toBe(true);
    }
  });

  it('asks for the keys a chosen provider needs', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'ziina' })).toThrow(/ZIINA_API_KEY/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
  });

  it('treats empty values as unset and trims the site URL', () => {
    const config = loadConfig({ PORT: '', SITE_URL: 'https://oasis.example/', HOST: '127.0.0.1' });
    expect(config.port).toBe(3000);
    expect(config.siteUrl).toBe('https://oasis.example');
  });

  it('signs video links with MEDIA_SIGNING_SECRET, or a random key per start', () => {
    const secret = 'x'.repeat(32);
    expect(loadConfig({ MEDIA_SIGNING_SECRET: secret }).mediaSigningSecret).toBe(secret);
    expect(() => loadConfig({ MEDIA_SIGNING_SECRET: 'short' })).toThrow(/MEDIA_SIGNING_SECRET/);
    const a = loadConfig({}).mediaSigningSecret;
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({}).mediaSigningSecret).not.toBe(a);
  });
});
