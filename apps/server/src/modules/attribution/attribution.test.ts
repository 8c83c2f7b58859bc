import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { attributionReportSchema, type Touch } from '@oasis/shared/attribution';
import { beforeAllValue } from '../../../test/helpers.ts';
import { setUpPageBuildApp } from '../../../test/page-build.ts';
import { seedCourse, seedUser } from '../../db/factories.ts';
import { leads, orders, refunds, siteSettings, users, whatsappClicks } from '../../db/schema.ts';
import { ATTRIBUTION_COOKIE, readTouches } from '../../lib/attribution.ts';
import { createSession } from '../auth/sessions.ts';
import { settleMail } from '../mail/outbox.ts';

/**
 * First-party attribution end to end through `app.inject`: the page route sets the cookie, the API
 * stores its touches on what it makes, the owner's report counts them; and the WhatsApp redirect.
 * The app serves the page build made in code, in production mode (the page cache on).
 */
const t = beforeAllValue(() => setUpPageBuildApp());
afterAll(async () => {
  await settleMail();
  await t.close();
});
beforeEach(() => t.deps.pageCache.invalidate());

/** A browser's page load (the only kind of request a touch is recorded for). */
const BROWSER = { accept: 'text/html', 'sec-fetch-dest': 'document' };

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...BROWSER, ...headers } });

/** The `name=value` part of the attribution Set-Cookie, or undefined when none was sent. */
function touchCookie(res: { headers: Record<string, unknown> }): string | undefined {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [String(header)] : [];
  const ours = all.find((c) => c.startsWith(`${ATTRIBUTION_COOKIE}=`));
  return ours?.split(';', 1)[0];
}

/** A visitor who came from Instagram first, then from a Google ad: the cookie the server set. */
async function instagramThenGoogle(unique = randomUUID().slice(0, 8)) {
  const first = await page(`/?utm_source=instagram&utm_medium=social&utm_campaign=launch-${unique}`, {
    referer: 'https://l.instagram.com/',
  });
  const firstCookie = touchCookie(first);
  expect(firstCookie).toBeDefined();
  const second = await page(`/courses?utm_source=google&utm_medium=cpc&utm_campaign=brand-${unique}&gclid=g1`, {
    cookie: firstCookie!,
  });
  const cookie = touchCookie(second);
  expect(cookie).toBeDefined();
  return { cookie: cookie!, unique };
}

function expectTouches(
  row: typeof leads.$inferSelect | typeof users.$inferSelect | typeof orders.$inferSelect,
  unique: string,
) {
  expect(row).toMatchObject({
    firstChannel: 'Organic Social',
    firstSource: 'instagram',
    firstCampaign: `launch-${unique}`,
    lastChannel: 'Paid Search',
    lastSource: 'google',
    lastCampaign: `brand-${unique}`,
  });
  expect(row.firstTouch).toMatchObject({ referrer: 'l.instagram.com', landing: '/' });
  expect(row.lastTouch).toMatchObject({ clickId: { name: 'gclid', value: 'g1' }, landing: '/courses' });
}

const randomOctet = () => Math.floor(Math.random() * 254) + 1;

const contactForm = (email: string) => ({
  first_name: 'Jane',
  last_name: 'Doe',
  user_email: email,
  country_code: '+971',
  phone_number: '501234567',
  message: 'Tell me more about off-plan investments.',
  query_type: 'consultation',
});

async function sendContact(cookie: string | undefined, email = `${randomUUID()}@example.com`) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: cookie ? { cookie } : {},
    // An address of its own: the forms' limit per address is not what these tests are about.
    remoteAddress: `10.${randomOctet()}.${randomOctet()}.${randomOctet()}`,
    payload: contactForm(email),
  });
  expect(res.statusCode, res.body).toBe(201);
  const [lead] = await t.deps.db.select().from(leads).where(eq(leads.email, email));
  if (!lead) throw new Error('no lead');
  return lead;
}

describe('the attribution cookie', () => {
  it('is HttpOnly, Lax, about 13 months, on a private answer, and holds first and last touch', async () => {
    const res = await page('/?utm_source=instagram&utm_medium=social');
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^attribution=[A-Za-z0-9_-]+; Path=\/; Max-Age=34128000; HttpOnly; SameSite=Lax$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { cookie } = await instagramThenGoogle();
    const touches = readTouches({ cookie });
    expect(touches?.first).toMatchObject({ source: 'instagram', channel: 'Organic Social' });
    expect(touches?.last).toMatchObject({ source: 'google', channel: 'Paid Search' });
    // A direct visit later changes nothing, and sends no cookie.
    expect(touchCookie(await page('/', { cookie }))).toBeUndefined();
  });

  it('stores first and last touch on a lead, a registration, an order and a waitlist signup', async () => {
    const { cookie, unique } = await instagramThenGoogle();
    expectTouches(await sendContact(cookie), unique);

    const email = `${randomUUID()}@example.com`;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { cookie },
      payload: { name: 'Omar Haddad', email, password: 'secret-password' },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const [user] = await t.deps.db.select().from(users).where(eq(users.email, email));
    expectTouches(user!, unique);

    const buyer = await seedUser(t.deps.db, { name: 'Layla Buyer' });
    const { token } = await createSession(t.deps.db, buyer.id, 'learner');
    const course = await seedCourse(t.deps.db, { title: `Attribution ${unique}`, priceFils: 50_000 });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/payment/initiate',
      headers: { cookie, authorization: `Bearer ${token}` },
      payload: { courseId: course.id, email: buyer.email },
    });
    expect(started.statusCode, started.body).toBe(200);
    const [order] = await t.deps.db.select().from(orders).where(eq(orders.courseId, course.id));
    expectTouches(order!, unique);

    // A waitlist signup from a coming-soon course's form.
    const soon = await seedCourse(t.deps.db, { comingSoon: true, publishedAt: new Date(), priceFils: 0 });
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: { cookie },
      remoteAddress: `10.${randomOctet()}.${randomOctet()}.${randomOctet()}`,
      payload: { courseId: soon.id, email: `${randomUUID()}@example.com` },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const [waiting] = await t.deps.db.select().from(leads).where(eq(leads.courseId, soon.id));
    expectTouches(waiting!, unique);
  });

  it("shows the owner a lead's first touch in the inbox and both touches in its CSV, and none for a lead without a cookie", async () => {
    const { cookie, unique } = await instagramThenGoogle();
    const tagged = await sendContact(cookie);
    const untagged = await sendContact(undefined);
    const admin = await seedUser(t.deps.db, { role: 'admin' });
    const { token } = await createSession(t.deps.db, admin.id, 'admin');
    const read = async (id: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/leads/${id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { firstTouch: unknown }).firstTouch;
    };
    expect(await read(tagged.id)).toEqual({
      channel: 'Organic Social',
      source: 'instagram',
      campaign: `launch-${unique}`,
    });
    expect(await read(untagged.id)).toBeNull();

    // The inbox's CSV carries both touches: channel, source and campaign, first then last.
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/leads/export.csv?q=${encodeURIComponent(tagged.email)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(csv.statusCode).toBe(200);
    const [header, row] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header?.split(',').slice(-6)).toEqual([
      'First channel',
      'First source',
      'First campaign',
      'Last channel',
      'Last source',
      'Last campaign',
    ]);
    expect(row?.split(',').slice(-6)).toEqual([
      'Organic Social',
      'instagram',
      `launch-${unique}`,
      'Paid Search',
      'google',
      `brand-${unique}`,
    ]);
  });

  it('ignores a forged or oversized cookie: the lead has no touch, and the next page sets a real one', async () => {
    const forged = (value: unknown) =>
      `${ATTRIBUTION_COOKIE}=${Buffer.from(JSON.stringify(value)).toString('base64url')}`;
    const at = Date.now();
    const good: Touch = { source: 'instagram', medium: 'social', channel: 'Organic Social', at };
    const cookies = [
      forged({ first: { ...good, source: '<script>alert(1)</script>' } }),
      forged({ first: { ...good, channel: 'Free Money' } }),
      forged({ first: good, extra: 'x'.repeat(100) }),
      forged({ first: { ...good, campaign: 'c'.repeat(101) } }),
      `${ATTRIBUTION_COOKIE}=${'A'.repeat(3001)}`,
      `${ATTRIBUTION_COOKIE}=not-json!`,
    ];
    for (const cookie of cookies) {
      const lead = await sendContact(cookie);
      expect(lead.firstTouch, cookie.slice(0, 40)).toBeNull();
      expect(lead.firstChannel).toBeNull();
      const visit = await page('/?utm_source=newsletter&utm_medium=email', { cookie });
      expect(readTouches({ cookie: touchCookie(visit) })?.first.channel).toBe('Email');
    }
    // The same shape well formed is read: the checks above refuse the junk, not the format.
    expect((await sendContact(forged({ first: good }))).firstChannel).toBe('Organic Social');
  });

  it('keeps the channel only for a visitor who sends Sec-GPC: 1 or DNT: 1', async () => {
    for (const privacy of [{ 'sec-gpc': '1' }, { dnt: '1' }] as Record<string, string>[]) {
      const res = await page('/courses?utm_source=instagram&utm_medium=social&utm_campaign=launch&fbclid=f1', {
        ...privacy,
        referer: 'https://l.instagram.com/',
      });
      const cookie = touchCookie(res);
      const lead = await sendContact(cookie);
      expect(lead).toMatchObject({
        firstChannel: 'Organic Social',
        firstSource: '(not set)',
        firstCampaign: null,
        lastChannel: 'Organic Social',
      });
      expect(Object.keys(lead.firstTouch ?? {}).sort()).toEqual(['at', 'channel', 'limited', 'medium', 'source']);
    }
  });

  it('records nothing for requests that are not a browser page load', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/?utm_source=instagram&utm_medium=social' });
    expect(res.statusCode).toBe(200);
    expect(touchCookie(res)).toBeUndefined();
  });

  it('keeps a cached page a cache hit for a tagged visitor, who still gets the cookie', async () => {
    const tagged = '/?utm_source=instagram&utm_medium=social&utm_campaign=cached';
    const plain = await page('/', { 'sec-fetch-dest': 'empty' });
    const renders = t.renders.home ?? 0;
    const hits = t.deps.pageCache.lookups.pageHits;
    for (const visitor of ['first', 'second']) {
      const res = await page(tagged, { 'accept-encoding': 'identity' });
      expect(res.statusCode, visitor).toBe(200);
      expect(touchCookie(res), visitor).toBeDefined();
      expect(res.headers['cache-control']).toBe('private, no-store');
      // The page's bytes are the cached entry's: only the Set-Cookie differs.
      expect(res.body).toBe(plain.body);
      expect(res.headers.etag).toBe(plain.headers.etag);
    }
    expect(t.renders.home ?? 0).toBe(renders);
    expect(t.deps.pageCache.lookups.pageHits).toBe(hits + 2);
  });
});

describe('the attribution report', () => {
  async function adminHeaders() {
    const admin = await seedUser(t.deps.db, { name: 'Ada Admin', role: 'admin' });
    const { token } = await createSession(t.deps.db, admin.id, 'admin');
    return { authorization: `Bearer ${token}` };
  }
  const touch = (source: string, medium: string, channel: Touch['channel'], campaign?: string): Touch => ({
    source,
    medium,
    channel,
    at: 0,
    ...(campaign ? { campaign } : {}),
  });
  const columns = (first: Touch, last: Touch) => ({
    firstTouch: first,
    firstChannel: first.channel,
    firstSource: first.source,
    firstCampaign: first.campaign ?? null,
    lastTouch: last,
    lastChannel: last.channel,
    lastSource: last.source,
    lastCampaign: last.campaign ?? null,
  });

  it('counts leads, consultations, registrations, sales and net revenue by first or last touch over Dubai days', async () => {
    const headers = await adminHeaders();
    // Far from other tests' rows: a range of its own.
    const inRange = new Date('2031-05-10T08:00:00Z');
    const beforeRange = new Date('2031-05-08T19:59:00Z'); // Dubai 2031-05-08 23:59
    const ig = touch('instagram', 'social', 'Organic Social', 'launch');
    const ad = touch('google', 'cpc', 'Paid Search', 'brand');
    const lead = (kind: 'contact' | 'consultation', at: Date, first: Touch, last: Touch) => ({
      kind,
      name: 'N',
      email: `${randomUUID()}@example.com`,
      phone: '+971500000000',
      createdAt: at,
      ...columns(first, last),
    });
    await t.deps.db
      .insert(leads)
      .values([
        lead('contact', inRange, ig, ad),
        lead('consultation', inRange, ig, ig),
        lead('consultation', inRange, ad, ad),
        lead('contact', beforeRange, ig, ad),
      ]);
    const learner = await seedUser(t.deps.db, { name: 'Reg One', createdAt: inRange, ...columns(ig, ad) });
    const course = await seedCourse(t.deps.db, { title: `Report ${randomUUID()}` });
    const [order] = await t.deps.db
      .insert(orders)
      .values({
        userId: learner.id,
        courseId: course.id,
        email: 'b@example.com',
        amountFils: 100_000,
        provider: 'sandbox',
        providerRef: `r_${randomUUID()}`,
        status: 'paid',
        paidAt: inRange,
        createdAt: inRange,
        ...columns(ig, ad),
      })
      .returning();
    await t.deps.db.insert(refunds).values({
      orderId: order!.id,
      amountFils: 30_000,
      status: 'succeeded',
      origin: 'owner',
      provider: 'sandbox',
      providerRef: `re_${randomUUID()}`,
      completedAt: inRange,
    });

    const report = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/attribution?${query}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      return attributionReportSchema.parse(res.json());
    };
    const first = await report('from=2031-05-09&to=2031-05-10&touch=first&by=channel');
    expect(first.rows).toEqual([
      { value: 'Organic Social', leads: 2, bookings: 1, registrations: 1, sales: 1, netFils: 70_000 },
      { value: 'Paid Search', leads: 1, bookings: 1, registrations: 0, sales: 0, netFils: 0 },
    ]);
    expect(first.totals).toEqual({ leads: 3, bookings: 2, registrations: 1, sales: 1, netFils: 70_000 });
    const last = await report('from=2031-05-09&to=2031-05-10&touch=last&by=source');
    expect(last.rows).toEqual([
      { value: 'google', leads: 2, bookings: 1, registrations: 1, sales: 1, netFils: 70_000 },
      { value: 'instagram', leads: 1, bookings: 1, registrations: 0, sales: 0, netFils: 0 },
    ]);
    const byCampaign = await report('from=2031-05-08&to=2031-05-10&touch=first&by=campaign');
    expect(byCampaign.rows[0]).toMatchObject({ value: 'launch', leads: 3 });

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/exports/attribution.csv?from=2031-05-09&to=2031-05-10&touch=last&by=channel',
      headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['cache-control']).toBe('private, no-store');
    expect(csv.body).toContain('Paid Search,2,1,1,1,700.00');

    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/admin/attribution?from=2031-05-09&to=2031-05-10',
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/admin/attribution?from=2031-05-10&to=2031-05-01',
      headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the WhatsApp button redirect', () => {
  async function setNumber(whatsappNumber: string) {
    await t.deps.db
      .insert(siteSettings)
      .values({
        id: 'main',
        brandName: 'Oasis Academy',
        email: 'o@example.com',
        phone: '+971500000000',
        address: 'Dubai',
        social: { linkedin: '', youtube: '', instagram: '', tiktok: '', facebook: '' },
        whatsappNumber,
      })
      .onConflictDoUpdate({ target: siteSettings.id, set: { whatsappNumber, brandName: 'Oasis Academy' } });
    t.deps.pageCache.invalidate();
  }
  const go = (query: string) => t.app.inject({ method: 'GET', url: `/go/whatsapp?${query}` });

  it('sends to wa.me with a message naming the page in its language, and counts the press', async () => {
    await setNumber('971501234567');
    const page = `/ar/courses/${randomUUID()}`;
    const ar = await go(new URLSearchParams({ page, title: 'الاستثمار في دبي' }).toString());
    expect(ar.statusCode).toBe(302);
    expect(ar.headers.location).toBe(
      `https://wa.me/971501234567?text=${encodeURIComponent('مرحبًا، أقرأ الاستثمار في دبي على Oasis Academy')}`,
    );
    expect(ar.headers['cache-control']).toBe('private, no-store');
    const en = await go(new URLSearchParams({ page: '/courses/x', title: 'Off-plan' }).toString());
    expect(en.headers.location).toBe(
      `https://wa.me/971501234567?text=${encodeURIComponent('Hello, I am reading Off-plan on Oasis Academy')}`,
    );
    await go(new URLSearchParams({ page }).toString());
    const rows = await t.deps.db.select().from(whatsappClicks).where(eq(whatsappClicks.page, page));
    expect(rows.map((r) => r.clicks)).toEqual([2]);
  });

  it('never redirects anywhere but wa.me and the number set, and answers 404 without one', async () => {
    await setNumber('971501234567');
    for (const page of ['//evil.example', 'https://evil.example', 'evil', '/a\\b', `/${'a'.repeat(400)}`]) {
      const res = await go(new URLSearchParams({ page }).toString());
      expect(res.statusCode, page).toBe(400);
    }
    const odd = await go(new URLSearchParams({ page: '/x', title: 'x\r\nLocation: https://evil.example' }).toString());
    expect(odd.statusCode).toBe(302);
    expect(String(odd.headers.location)).toMatch(/^https:\/\/wa\.me\/971501234567\?text=[^\r\n]*$/);
    await setNumber('');
    expect((await go('page=/')).statusCode).toBe(404);
  });
});
