import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contact } from '../src/modules/leads/leads.fixtures.ts';
import { LEAD_LIMIT } from '../src/modules/leads/routes.ts';
import { createTestApp, type TestContext } from './helpers.ts';

/**
 * Per-address limits behind a proxy. The proxy appends the address it sees to X-Forwarded-For, so
 * only the right end of the header is its word; whatever a client writes to the left is not.
 */

const randomIp = () => Array.from({ length: 4 }, () => Math.floor(Math.random() * 250) + 1).join('.');

function sendContact(app: TestContext['app'], remoteAddress: string, forwardedFor?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: contact(),
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}

// The proxy on this machine or network, or a CDN's edge among the ranges it publishes.
for (const { setting, proxy } of [
  { setting: '1', proxy: '127.0.0.1' },
  { setting: '127.0.0.1,10.0.0.0/8', proxy: '127.0.0.1' },
  { setting: '173.245.48.0/20,2a06:98c0::/29', proxy: '173.245.48.7' },
]) {
  describe(`TRUST_PROXY=${setting}`, () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestApp({ env: { TRUST_PROXY: setting } });
    });
    afterAll(() => t.close());

    it('keeps a client in its own bucket whatever X-Forwarded-For prefix it writes', async () => {
      // Through the proxy: the client wrote "<spoof>", the proxy appended 203.0.113.7.
      for (let i = 0; i < LEAD_LIMIT.max; i++) {
        const res = await sendContact(t.app, proxy, `${randomIp()}, 203.0.113.7`);
        expect(res.statusCode, res.body).toBe(201);
      }
      const refused = await sendContact(t.app, proxy, `${randomIp()}, 203.0.113.7`);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toHaveProperty('message');

      // Another client behind the same proxy is not held back.
      expect((await sendContact(t.app, proxy, '203.0.113.8')).statusCode).toBe(201);
    });

    it('takes a client that reaches the port directly for itself, not for the address it writes', async () => {
      const client = '198.51.100.9';
      for (let i = 0; i < LEAD_LIMIT.max; i++)
        expect((await sendContact(t.app, client, '203.0.113.99')).statusCode).toBe(201);
      expect((await sendContact(t.app, client, '203.0.113.99')).statusCode).toBe(429);
      // The address it wrote was not charged.
      expect((await sendContact(t.app, proxy, '203.0.113.99')).statusCode).toBe(201);
    });
  });
}
