import { describe, expect, it } from 'vitest';
import { healthSchema } from '@oasis/shared/api';
import { setUpTestApp } from '../../../test/helpers.ts';

const t = setUpTestApp();

describe('GET /api/health', () => {
  it('reports the database as reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = healthSchema.parse(res.json());
    expect(body.status).toBe('ok');
    expect(body.database.ok).toBe(true);
    expect(body.database.driver).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('answers 503 when the database is down', async () => {
    const ping = t.deps.database.ping;
    t.deps.database.ping = async () => {
      throw new Error('connection refused');
    };
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'degraded', database: { ok: false } });
    } finally {
      t.deps.database.ping = ping;
    }
  });

  it('answers unknown API paths with a 404 and a message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: expect.any(String) });
  });
});
