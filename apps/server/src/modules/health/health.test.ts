import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { healthSchema } from '@oasis/shared/api';
import { beforeAllValue, createTestApp } from '../../../test/helpers.ts';
import { READINESS_TIMEOUT_MS } from './routes.ts';

const t = beforeAllValue(() => createTestApp());
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers 200 from the process alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(healthSchema.parse(res.json()).status).toBe('ok');
  });

  it('stays 200 at once while the database fails or does not answer', async () => {
    const ping = t.deps.database.ping;
    const execute = t.deps.db.execute;
    let asked = 0;
    t.deps.database.ping = () => {
      asked += 1;
      return new Promise<number>(() => {});
    };
    t.deps.db.execute = (() => {
      asked += 1;
      return Promise.reject(new Error('connection refused'));
    }) as unknown as typeof execute;
    try {
      const started = performance.now();
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(performance.now() - started).toBeLessThan(500);
      expect(asked).toBe(0);
    } finally {
      t.deps.database.ping = ping;
      t.deps.db.execute = execute;
    }
  });

  it('answers unknown API paths with a 404 and a message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: expect.any(String) });
  });
});

describe('GET /api/health/ready', () => {
  it('answers 200 while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      status: 'ready',
      database: { ok: true, driver: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' },
    });
  });

  it('answers 503 while the database fails, and 200 again once it answers', async () => {
    const ping = t.deps.database.ping;
    t.deps.database.ping = async () => {
      throw new Error('connection refused');
    };
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', database: { ok: false } });
    } finally {
      t.deps.database.ping = ping;
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('answers 503 when the database does not answer in time, without piling up pings', async () => {
    const ping = t.deps.database.ping;
    let pings = 0;
    t.deps.database.ping = () => {
      pings += 1;
      return new Promise<number>(() => {});
    };
    try {
      const started = performance.now();
      const answers = await Promise.all([1, 2, 3].map(() => t.app.inject({ method: 'GET', url: '/api/health/ready' })));
      const elapsed = performance.now() - started;
      for (const res of answers) expect(res.statusCode).toBe(503);
      expect(pings).toBe(1);
      expect(elapsed).toBeGreaterThanOrEqual(READINESS_TIMEOUT_MS - 50);
      expect(elapsed).toBeLessThan(READINESS_TIMEOUT_MS + 3_000);
    } finally {
      t.deps.database.ping = ping;
    }
  });

  it('answers 503 once the database is closed', async () => {
    const own = await createTestApp();
    try {
      expect((await own.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      await own.deps.database.close();
      const res = await own.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', database: { ok: false } });
    } finally {
      await own.app.close();
      fs.rmSync(own.deps.config.dataDir, { recursive: true, force: true });
    }
  });

  it('answers 503 while draining, without asking the database; liveness stays 200', async () => {
    t.app.lifecycle.draining = true;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'draining' });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.draining = false;
    }
  });
});
