import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { adminDashboardSchema } from '@oasis/shared/admin/dashboard';
import { beforeAllValue, createTestApp, emptyTables } from '../../../test/helpers.ts';
import { setUpSignIn, signIn } from '../../../test/uploads.ts';
import { seedCourse, seedUser } from '../../db/factories.ts';
import { enrolments, leads, orders } from '../../db/schema.ts';
import { getAdminDashboard } from './service.ts';

const t = beforeAllValue(() => createTestApp());
afterAll(() => t.close());
const admin = setUpSignIn(t);

// 2026-03-10 in Dubai. March in Dubai starts at 2026-02-28T20:00Z, February at 2026-01-31T20:00Z.
const NOW = new Date('2026-03-10T09:00:00Z');

async function order(input: {
  courseId: string;
  userId: string;
  at: string;
  fils: number;
  status?: 'paid' | 'pending' | 'canceled';
}) {
  await t.deps.db.insert(orders).values({
    userId: input.userId,
    courseId: input.courseId,
    email: 'buyer@example.com',
    amountFils: input.fils,
    provider: 'sandbox',
    providerRef: `test_${randomUUID()}`,
    status: input.status ?? 'paid',
    paidAt: input.status && input.status !== 'paid' ? null : new Date(input.at),
    createdAt: new Date(input.at),
  });
}

async function lead(status: 'new' | 'contacted') {
  await t.deps.db.insert(leads).values({
    kind: 'contact',
    status,
    name: 'A',
    email: 'a@example.com',
    phone: '',
    message: 'Hello',
    details: {},
  });
}

describe('GET /api/admin/dashboard', () => {
  it('is for admins only, and never stored by a cache', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/dashboard' })).statusCode).toBe(401);
    const learner = await signIn(t.deps.db, 'learner');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: learner.headers })).statusCode,
    ).toBe(403);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(adminDashboardSchema.safeParse(res.json()).success).toBe(true);
  });

  it('is empty, not failing, with no orders, learners or leads', async () => {
    await emptyTables(t, enrolments, orders, leads);
    const figures = await getAdminDashboard(t.deps.db, new Date('2031-01-15T00:00:00Z'));
    expect(figures).toMatchObject({
      monthStart: '2030-12-31T20:00:00.000Z',
      revenue: { thisMonthFils: 0, lastMonthFils: 0, paidOrdersThisMonth: 0, paidOrdersLastMonth: 0 },
      newLearners: 0,
      newLeads: 0,
      topCourses: [],
    });
  });

  it('sums paid orders by Dubai calendar month, counts new learners and unanswered leads, ranks best sellers', async () => {
    await emptyTables(t, enrolments, orders, leads);
    const buyer = await seedUser(t.deps.db);
    const a = await seedCourse(t.deps.db, { title: 'Course A' });
    const b = await seedCourse(t.deps.db, { title: 'Course B' });
    const c = await seedCourse(t.deps.db, { title: 'Course C' });
    const at = (when: string, courseId: string, fils: number, status?: 'pending' | 'canceled') =>
      order({ courseId, userId: buyer.id, at: when, fils, status });
    // This month in Dubai: 00:30 on 1 March in Dubai is still 28 February in UTC.
    await at('2026-02-28T20:30:00Z', a.id, 10_000);
    await at('2026-03-05T10:00:00Z', a.id, 10_000);
    await at('2026-03-06T10:00:00Z', b.id, 50_000);
    await at('2026-03-07T10:00:00Z', c.id, 99_000, 'pending');
    await at('2026-03-07T11:00:00Z', c.id, 99_000, 'canceled');
    // Last month: 23:30 on 28 February in Dubai, and early February.
    await at('2026-02-28T19:30:00Z', c.id, 20_000);
    await at('2026-02-01T00:00:00Z', c.id, 5_000);
    // Before last month and after this one: left out.
    await at('2026-01-31T19:00:00Z', c.id, 7_000);
    await at('2026-03-31T20:00:00Z', c.id, 7_000);
    // Learners: two this month, one last month; the admin is not a learner.
    await seedUser(t.deps.db, { createdAt: new Date('2026-03-02T00:00:00Z') });
    await seedUser(t.deps.db, { createdAt: new Date('2026-02-28T21:00:00Z') });
    await seedUser(t.deps.db, { createdAt: new Date('2026-02-28T19:00:00Z') });
    await seedUser(t.deps.db, { role: 'admin', createdAt: new Date('2026-03-03T00:00:00Z') });
    await lead('new');
    await lead('new');
    await lead('contacted');

    const figures = await getAdminDashboard(t.deps.db, NOW);
    expect(figures).toEqual({
      monthStart: '2026-02-28T20:00:00.000Z',
      revenue: { thisMonthFils: 70_000, lastMonthFils: 25_000, paidOrdersThisMonth: 3, paidOrdersLastMonth: 2 },
      newLearners: 2,
      newLeads: 2,
      pipeline: { stages: { new: 2, contacted: 1, qualified: 0, won: 0, lost: 0 }, dueToday: 0 },
      topCourses: [
        { courseId: a.id, title: 'Course A', titleAr: '', paidOrders: 2, revenueFils: 20_000 },
        { courseId: b.id, title: 'Course B', titleAr: '', paidOrders: 1, revenueFils: 50_000 },
      ],
    });
  });

  it('keeps at most five best sellers', async () => {
    await emptyTables(t, enrolments, orders);
    const buyer = await seedUser(t.deps.db);
    for (let i = 0; i < 7; i++) {
      const course = await seedCourse(t.deps.db, { title: `Top ${i}` });
      for (let n = 0; n <= i; n++)
        await order({ courseId: course.id, userId: buyer.id, at: '2026-03-05T10:00:00Z', fils: 100 });
    }
    const { topCourses } = await getAdminDashboard(t.deps.db, NOW);
    expect(topCourses.map((course) => course.title)).toEqual(['Top 6', 'Top 5', 'Top 4', 'Top 3', 'Top 2']);
  });
});
