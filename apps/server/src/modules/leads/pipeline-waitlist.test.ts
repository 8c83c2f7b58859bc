import { describe, expect, it } from 'vitest';
import { leadDetailSchema, leadListSchema } from '@oasis/shared/leads';
import { courses, leads, outbox } from '../../db/schema.ts';
import { seedCourse } from '../../db/factories.ts';
import { eq } from 'drizzle-orm';
import { setUpLeadTests } from './leads.fixtures.ts';
import { dubaiToday } from './service.ts';
import { isUnsubscribed, signUnsubscribeToken, UNSUBSCRIBE_PATH } from '../mail/unsubscribe.ts';

const { t, fx } = setUpLeadTests();

const asAdmin = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${fx.adminToken}` }, ...(payload ? { payload } : {}) });

describe('the lead pipeline', () => {
  it('moves a lead through stages with notes, a follow-up day and its history; filters by due today', async () => {
    const [lead] = await t.deps.db
      .insert(leads)
      .values({ kind: 'contact', name: 'Dana', email: 'dana@example.com', phone: '+971500000001' })
      .returning();
    const id = lead!.id;
    expect(
      (await asAdmin('PATCH', `/api/leads/${id}`, { status: 'qualified', followUpOn: dubaiToday() })).statusCode,
    ).toBe(200);
    expect((await asAdmin('POST', `/api/leads/${id}/notes`, { body: 'Called, wants a villa' })).statusCode).toBe(201);
    expect((await asAdmin('POST', `/api/leads/${id}/notes`, { body: 'x'.repeat(2001) })).statusCode).toBe(400);
    const due = leadListSchema.parse((await asAdmin('GET', '/api/leads?due=today')).json());
    expect(due.leads.map((l) => l.name)).toEqual(['Dana']);
    expect((await asAdmin('PATCH', `/api/leads/${id}`, { status: 'won' })).statusCode).toBe(200);
    expect(leadListSchema.parse((await asAdmin('GET', '/api/leads?due=today')).json()).leads).toEqual([]);
    const detail = leadDetailSchema.parse((await asAdmin('GET', `/api/leads/${id}`)).json());
    expect(detail.notes.map((n) => [n.body, n.author])).toEqual([['Called, wants a villa', 'Admin']]);
    expect(detail.events.map((e) => [e.field, e.from, e.to, e.actor])).toEqual([
      ['status', 'new', 'qualified', 'Admin'],
      ['followUpOn', null, dubaiToday(), 'Admin'],
      ['status', 'qualified', 'won', 'Admin'],
    ]);
    const pipeline = (await asAdmin('GET', '/api/leads/pipeline')).json();
    expect(pipeline).toEqual({ stages: { new: 0, contacted: 0, qualified: 0, won: 1, lost: 0 }, dueToday: 0 });
  });
});

describe('the waitlist', () => {
  it('takes one signup per address and course, announces once under two presses, and honours unsubscribe', async () => {
    const course = await seedCourse(t.deps.db, { comingSoon: true, publishedAt: new Date(), priceFils: 0 });
    const join = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/waitlist',
        payload: { courseId: course.id, email },
        remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.1`,
      });
    expect((await join('not-an-email')).statusCode).toBe(400);
    expect((await join('a@example.com')).statusCode).toBe(201);
    expect((await join('A@example.com')).statusCode).toBe(201);
    expect((await join('b@example.com')).statusCode).toBe(201);
    const signups = await t.deps.db.select().from(leads).where(eq(leads.kind, 'waitlist'));
    expect(signups).toHaveLength(2);
    const b = signups.find((s) => s.email === 'b@example.com')!;
    // Unsubscribing from waitlist e-mails is the mail module's signed link (topic 'waitlist').
    const secret = t.deps.config.mediaSigningSecret;
    const token = signUnsubscribeToken(secret, { address: b.email, topic: 'waitlist', locale: 'en' });
    const tampered = token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await t.app.inject({ method: 'POST', url: `${UNSUBSCRIBE_PATH}?t=${tampered}` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${UNSUBSCRIBE_PATH}?t=${token}` })).statusCode).toBe(200);
    expect(await isUnsubscribed(t.deps.db, b.email, 'waitlist')).toBe(false);
    expect((await t.app.inject({ method: 'POST', url: `${UNSUBSCRIBE_PATH}?t=${token}` })).statusCode).toBe(200);

    const announce = () => asAdmin('POST', `/api/leads/waitlist/${course.id}/announce`);
    expect((await announce()).statusCode).toBe(400);
    await t.deps.db.update(courses).set({ comingSoon: false, priceFils: 99_00 }).where(eq(courses.id, course.id));
    const presses = await Promise.all([announce(), announce()]);
    expect(presses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const mails = await t.deps.db.select().from(outbox);
    expect(mails.map((m) => m.to)).toEqual(['a@example.com']);
    expect(mails[0]!.text).toContain(`${UNSUBSCRIBE_PATH}?t=`);
    // The announcement names its unsubscribe address for one-click unsubscribe (RFC 8058), the one
    // its text links to, for this address and the waitlist topic.
    const a = signUnsubscribeToken(secret, { address: 'a@example.com', topic: 'waitlist', locale: 'en' });
    const address = `${t.deps.config.siteUrl}${UNSUBSCRIBE_PATH}?t=${a}`;
    expect(mails[0]!.headers).toEqual({
      'List-Unsubscribe': `<${address}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mails[0]!.text).toContain(address);
  });
});
