import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { leadListSchema, leadSchema } from '@oasis/shared/leads';
import { leads } from '../../db/schema.ts';
import { setUpLeadTests } from './leads.fixtures.ts';

const { t, fx } = setUpLeadTests();

describe('the admin inbox API', () => {
  const adminRoutes = [
    ['GET', '/api/leads'],
    ['GET', '/api/leads/count?status=new'],
    ['GET', '/api/leads/export.csv'],
    ['GET', `/api/leads/${randomUUID()}`],
    ['PATCH', `/api/leads/${randomUUID()}`],
  ] as const;

  it.each(adminRoutes)(
    '%s %s: 401 anonymous, 403 for learners and for an admin signed in as a learner',
    async (method, url) => {
      const call = (token?: string) =>
        t.app.inject({
          method,
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(method === 'PATCH' ? { payload: { status: 'contacted' } } : {}),
        });
      expect((await call()).statusCode).toBe(401);
      expect((await call('not-a-token')).statusCode).toBe(401);
      expect((await call(fx.learnerToken)).statusCode).toBe(403);
      expect((await call(fx.adminAsLearnerToken)).statusCode).toBe(403);
    },
  );

  const asAdmin = (method: 'GET' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${fx.adminToken}` },
      ...(payload ? { payload } : {}),
    });

  async function seed() {
    const base = Date.UTC(2025, 0, 1, 8);
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    await t.deps.db.insert(leads).values([
      {
        kind: 'contact',
        name: 'Alice Able',
        email: 'alice@example.com',
        phone: '+971501111111',
        message: 'Question about 100% financing',
        details: { query_type: 'course' },
        createdAt: at(1),
      },
      {
        kind: 'consultation',
        name: 'Bob Brown',
        email: 'bob@example.com',
        phone: '+447700900123',
        details: { investmentInterest: 'Relocation', investmentAmount: '6m+', preferredTime: 'Weekend AM' },
        createdAt: at(2),
      },
      {
        kind: 'contact',
        status: 'contacted',
        name: 'Carol Chen',
        email: 'carol@example.org',
        phone: '+6591234567',
        message: 'Golden visa timeline?',
        details: { query_type: 'consultation' },
        createdAt: at(3),
        handledAt: at(10),
      },
    ]);
  }

  it('lists leads newest first, filtered by kind, status and a search', async () => {
    await seed();
    const names = async (query: string) => {
      const res = await asAdmin('GET', `/api/leads${query}`);
      expect(res.statusCode).toBe(200);
      return leadListSchema.parse(res.json()).leads.map((l) => l.name);
    };
    expect(await names('')).toEqual(['Carol Chen', 'Bob Brown', 'Alice Able']);
    expect(await names('?kind=contact')).toEqual(['Carol Chen', 'Alice Able']);
    expect(await names('?kind=consultation&status=new')).toEqual(['Bob Brown']);
    expect(await names('?status=contacted')).toEqual(['Carol Chen']);
    expect(await names('?kind=&status=&q=')).toHaveLength(3);
    expect(await names('?q=BOB')).toEqual(['Bob Brown']);
    expect(await names('?q=example.org')).toEqual(['Carol Chen']);
    expect(await names('?q=golden')).toEqual(['Carol Chen']);
    expect(await names(`?q=${encodeURIComponent('+44 7700 900')}`)).toEqual(['Bob Brown']);
    // % is a character, not a wildcard.
    expect(await names(`?q=${encodeURIComponent('100%')}`)).toEqual(['Alice Able']);
    expect(await names(`?q=${encodeURIComponent('%')}`)).toEqual(['Alice Able']);
    expect(await names('?q=nobody')).toEqual([]);
    const body = leadListSchema.parse((await asAdmin('GET', '/api/leads')).json());
    expect(body).toMatchObject({ total: 3, totalCapped: false, offset: 0, pageSize: 20, next: null, prev: null });
    expect((await asAdmin('GET', '/api/leads?kind=spam')).statusCode).toBe(400);
    expect((await asAdmin('GET', '/api/leads?cursor=2')).statusCode).toBe(400);
  });

  it('shows one lead, moves it to contacted and back to new, and counts the new ones', async () => {
    await seed();
    const list = leadListSchema.parse((await asAdmin('GET', '/api/leads?q=Bob')).json());
    const id = list.leads[0]!._id;
    const one = leadSchema.parse((await asAdmin('GET', `/api/leads/${id}`)).json());
    expect(one).toMatchObject({
      name: 'Bob Brown',
      status: 'new',
      handledAt: null,
      details: { preferredTime: 'Weekend AM' },
    });
    expect((await asAdmin('GET', '/api/leads/count?status=new')).json()).toEqual({ count: 2 });
    expect((await asAdmin('GET', '/api/leads/count')).json()).toEqual({ count: 3 });

    const handled = await asAdmin('PATCH', `/api/leads/${id}`, { status: 'contacted' });
    expect(handled.statusCode).toBe(200);
    expect(leadSchema.parse(handled.json())).toMatchObject({ status: 'contacted', handledAt: expect.any(String) });
    expect((await asAdmin('GET', '/api/leads/count?status=new')).json()).toEqual({ count: 1 });

    const reopened = leadSchema.parse((await asAdmin('PATCH', `/api/leads/${id}`, { status: 'new' })).json());
    expect(reopened).toMatchObject({ status: 'new', handledAt: null });

    expect((await asAdmin('PATCH', `/api/leads/${id}`, { status: 'done' })).statusCode).toBe(400);
    // The old 'handled' is no longer a stage.
    expect((await asAdmin('PATCH', `/api/leads/${id}`, { status: 'handled' })).statusCode).toBe(400);
    expect((await asAdmin('GET', `/api/leads/${randomUUID()}`)).statusCode).toBe(404);
    expect((await asAdmin('PATCH', `/api/leads/${randomUUID()}`, { status: 'contacted' })).statusCode).toBe(404);
  });

  it('exports CSV with a header row, quoting and formula-safe cells', async () => {
    await seed();
    await t.deps.db.insert(leads).values({
      kind: 'contact',
      name: '=HYPERLINK("http://evil.example","click")',
      email: '@SUM(A1:A2)',
      phone: '+971500000000',
      message: 'Line one, with comma\nLine "two"',
      details: { query_type: 'course' },
      createdAt: new Date(Date.UTC(2025, 0, 2)),
    });
    const res = await asAdmin('GET', '/api/leads/export.csv?kind=contact');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const csv = res.body.replace(/^\uFEFF/, '');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'Received,Kind,Status,Name,Email,Phone,Message,Query type,Investment interest,Investment amount,Preferred time,Handled at,Follow-up,First channel,First source,First campaign,Last channel,Last source,Last campaign',
    );
    expect(lines[1]).toBe(
      `2025-01-02T00:00:00.000Z,Contact message,New,"'=HYPERLINK(""http://evil.example"",""click"")",'@SUM(A1:A2),'+971500000000,"Line one, with comma\nLine ""two""",Courses,,,,,,,,,,,`,
    );
    // Only contact messages (the filter), newest first, and a final line break.
    expect(csv).not.toContain('Bob Brown');
    expect(csv.indexOf('Carol Chen')).toBeLessThan(csv.indexOf('Alice Able'));
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});
