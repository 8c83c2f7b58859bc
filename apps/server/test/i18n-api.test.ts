import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@oasis/shared/api-messages';
import { errorText } from '@oasis/shared/error-codes';
import { fmt, messagesFor, translateText } from '@oasis/shared/i18n';
import { MESSAGES } from '@oasis/shared/messages';
import { initiatePaymentResultSchema } from '@oasis/shared/payments';
import { QUIZ_MESSAGES } from '@oasis/shared/quiz';
import { SandboxPaymentProvider } from '../src/adapters/payments/sandbox.ts';
import { seedCourse, seedUser } from '../src/db/factories.ts';
import { leads, orders, sandboxPayments, users } from '../src/db/schema.ts';
import { localeFromAcceptLanguage } from '../src/lib/locale.ts';
import { createSession } from '../src/modules/auth/sessions.ts';
import { LEAD_LIMIT } from '../src/modules/leads/routes.ts';
import { settleMail } from '../src/modules/mail/outbox.ts';
import { DEFAULT_SETTINGS } from '../src/modules/settings/defaults.ts';
import { createTestApp, type TestContext } from './helpers.ts';

/**
 * The API in the request's language (docs/i18n.md): error answers translated by the
 * Accept-Language the web app's client sends, e-mails in their recipient's language, and the
 * payment's way back in the checkout's.
 */

const OWNER = 'owner-i18n@oasis.test';
const BRAND = DEFAULT_SETTINGS.brandName;
const ARABIC = /[\u0600-\u06FF]/;
const ar = { 'accept-language': 'ar' };

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { CONTACT_EMAIL: OWNER } });
});
afterAll(async () => {
  await settleMail();
  await t.close();
});

// Every request its own address, so the per-address limits of one test never reach another.
let ipCounter = 0;
const nextIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
let emailCounter = 0;
const nextEmail = (what: string) => `${what}${++emailCounter}-${Date.now()}@example.com`;

function post(url: string, payload: object, headers: Record<string, string> = {}, remoteAddress = nextIp()) {
  return t.app.inject({ method: 'POST', url, payload, headers, remoteAddress });
}

describe('the language of a request', () => {
  it('is the first tag of Accept-Language: Arabic in any region, English otherwise', () => {
    const arabic = ['ar', 'ar-AE,en;q=0.8', ' AR_ae ; q=1'];
    const english = ['en-GB,ar;q=0.9', 'fr', '*', '', undefined];
    for (const header of arabic) expect(localeFromAcceptLanguage(header), String(header)).toBe('ar');
    for (const header of english) expect(localeFromAcceptLanguage(header), String(header)).toBe('en');
  });

  it('renders a code with values in either language, the English as the rules write it', () => {
    const detail = { code: 'api.quizAttemptsUsedUp', values: { limit: 3 } } as const;
    expect(errorText(detail, 'en')).toBe(QUIZ_MESSAGES.attemptsUsedUp(3));
    expect(errorText(detail, 'ar')).toBe(fmt(messagesFor('ar').api.quizAttemptsUsedUp, { limit: 3 }));
    expect(errorText(detail, 'ar')).toMatch(ARABIC);
  });
});

describe('error answers', () => {
  it('answer an invalid registration in Arabic when asked, in English otherwise', async () => {
    const body = { name: 'Al', email: 'not-an-email', password: '123' };
    const english = await post('/api/auth/register', body);
    const arabic = await post('/api/auth/register', body, ar);
    expect(english.statusCode).toBe(400);
    expect(arabic.statusCode).toBe(400);

    const en = english.json() as {
      message: string;
      code: string;
      errors: Record<string, string>;
      fields: Record<string, { code: string }>;
    };
    expect(en.errors).toEqual({
      name: MESSAGES.nameTooShort,
      email: MESSAGES.invalidEmail,
      password: MESSAGES.passwordTooShort,
    });
    expect(en.message).toBe(MESSAGES.nameTooShort);

    const answer = arabic.json() as typeof en;
    expect(answer.code).toBe('auth.nameTooShort');
    expect(answer.fields).toEqual({
      name: { code: 'auth.nameTooShort' },
      email: { code: 'auth.invalidEmail' },
      password: { code: 'auth.passwordTooShort' },
    });
    expect(Object.keys(answer.errors).sort()).toEqual(['email', 'name', 'password']);
    for (const [field, text] of Object.entries(en.errors)) {
      expect(answer.errors[field]).toBe(translateText(text, 'ar'));
      expect(answer.errors[field]).toMatch(ARABIC);
    }
    expect(answer.message).toBe(translateText(MESSAGES.nameTooShort, 'ar'));
    expect(answer.message).toMatch(ARABIC);
    // The same address answers in two languages: any cache on the way must tell them apart.
    expect(arabic.headers.vary).toMatch(/Accept-Language/);
    expect(english.headers.vary).toMatch(/Accept-Language/);
  });

  it('answers a field a schema refuses in its own words with the code of that kind of refusal', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/courses/course?sort=sideways', headers: ar });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ sort: { code: 'validation.invalidChoice' } });
    expect(res.json().errors).toEqual({ sort: messagesFor('ar').validation.invalidChoice });
    const english = await t.app.inject({ method: 'GET', url: '/api/courses/course?sort=sideways' });
    expect(english.json().errors).toEqual({ sort: messagesFor('en').validation.invalidChoice });
  });

  it('answers a too-long search with the code, its limit as a value, and the Arabic text filled with it', async () => {
    const search = 'x'.repeat(5000);
    const res = await t.app.inject({ method: 'GET', url: `/api/courses/course?search=${search}`, headers: ar });
    expect(res.statusCode).toBe(400);
    const answer = res.json() as { message: string; code: string; values: { max: number } };
    expect(answer.code).toBe('validation.tooLong');
    expect(answer.values).toEqual({ max: 200 });
    expect(answer.message).toBe(fmt(messagesFor('ar').validation.tooLong, { max: answer.values.max }));
    expect(answer.message).toMatch(ARABIC);
    expect(answer.message).toContain(String(answer.values.max));
  });

  it('answers an unknown address in Arabic', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/no-such-thing',
      headers: { 'accept-language': 'ar-AE' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: messagesFor('ar').core.notFound, code: 'core.notFound' });
    expect(res.json().message).toMatch(ARABIC);
    const english = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(english.json()).toEqual({ message: MESSAGES.notFound, code: 'core.notFound' });
  });

  it('answers too many tries in Arabic, with Retry-After', async () => {
    const ip = nextIp();
    const lead = () =>
      post(
        '/api/contact',
        {
          first_name: 'Rania',
          last_name: 'Saleh',
          user_email: nextEmail('limit'),
          country_code: '+971',
          phone_number: '501234567',
          message: 'Hello',
          query_type: 'course',
        },
        ar,
        ip,
      );
    for (let i = 0; i < LEAD_LIMIT.max; i++) expect((await lead()).statusCode).toBe(201);
    const refused = await lead();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
    expect(refused.json().message).toBe(translateText(MESSAGES.tooManyRequests, 'ar'));
    expect(refused.json().message).toMatch(ARABIC);
  });

  it('never serves a public read’s error from a cache in the other language', async () => {
    const url = '/api/blogs/blogs/no-such-post-anywhere';
    for (const lang of ['ar', 'en', 'ar', 'en'] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(translateText(MESSAGES.blogNotFound, lang));
      expect(res.headers.vary).toMatch(/Accept-Language/);
    }
  });

  it('translates the server’s own texts (the upload refusals, the admin inbox)', async () => {
    const admin = await seedUser(t.deps.db, { role: 'admin' });
    const { token } = await createSession(t.deps.db, admin.id, 'admin');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/leads/no-such-lead',
      headers: { ...ar, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(translateText(API_MESSAGES.leadNotFound, 'ar'));
    expect(res.json().message).toMatch(ARABIC);
  });
});

describe('e-mails in the recipient’s language', () => {
  it('writes the verification and reset e-mails of an account made on an Arabic page in Arabic, with /ar/ links', async () => {
    const email = nextEmail('arabic');
    const res = await post('/api/auth/register', { name: 'Layla Haddad', email, password: 'secret-password' }, ar);
    expect(res.statusCode).toBe(201);
    const [row] = await t.deps.db.select().from(users).where(eq(users.email, email));
    expect(row?.locale).toBe('ar');

    const mail = messagesFor('ar').mail;
    const [verify] = await t.mail.waitForMail(email);
    expect(verify!.subject).toBe(fmt(mail.verifySubject, { brand: BRAND }));
    expect(verify!.text).toContain(fmt(mail.hello, { name: 'Layla Haddad' }));
    expect(verify!.text).toMatch(/http:\/\/localhost:3000\/ar\/verify-email\/[A-Za-z0-9_-]+/);
    expect(verify!.html).toMatch(/href="http:\/\/localhost:3000\/ar\/verify-email\/[A-Za-z0-9_-]+"/);
    expect(verify!.html).toContain('dir="rtl"');
    expect(verify!.html).toContain('lang="ar"');

    // Asked from an English page: the e-mail is still in the account's language.
    expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    const [reset] = await t.mail.waitForMailAbout(email, fmt(mail.resetSubject, { brand: BRAND }));
    expect(reset!.text).toMatch(/http:\/\/localhost:3000\/ar\/reset-password\/[A-Za-z0-9_-]+/);
    expect(reset!.html).toContain(mail.resetLink);
    expect(reset!.html).toContain('dir="rtl"');
  });

  it('keeps the English e-mails of an account made on an English page as they were', async () => {
    const email = nextEmail('english');
    const res = await post('/api/auth/register', { name: 'John Smith', email, password: 'secret-password' });
    expect(res.statusCode).toBe(201);
    const [verify] = await t.mail.waitForMail(email);
    expect(verify!.subject).toBe(`Confirm your ${BRAND} e-mail address`);
    const link = /http:\/\/localhost:3000\/verify-email\/[A-Za-z0-9_-]+/.exec(verify!.text)?.[0];
    expect(link).toBeTruthy();
    const intro = `Please confirm that this is the e-mail address of your ${BRAND} account. Open this link within 7 days:`;
    const ignore = 'If you did not create an account, ignore this e-mail: nothing happens without the link.';
    expect(verify!.text).toBe(['Hello John Smith,', '', intro, '', link, '', ignore].join('\n'));
    expect(verify!.html).toBe(
      `<p>Hello John Smith,</p><p>${intro}</p><p><a href="${link}">Confirm your e-mail address</a></p><p>${ignore}</p>`,
    );
  });

  it('stores the language of a lead’s page and acknowledges it in Arabic; the owner’s notice follows the owner’s account', async () => {
    const visitor = nextEmail('lead');
    const res = await post(
      '/api/consultations',
      {
        fullName: 'Omar Haddad',
        email: visitor,
        phone: '+971501234567',
        investmentInterest: 'Holiday Home',
        investmentAmount: '3m-5m',
        preferredTime: 'Weekend PM',
      },
      ar,
    );
    expect(res.statusCode).toBe(201);
    const [lead] = await t.deps.db.select().from(leads).where(eq(leads.email, visitor));
    expect(lead?.locale).toBe('ar');

    const mail = messagesFor('ar').mail;
    const [ack] = await t.mail.waitForMail(visitor);
    expect(ack!.subject).toBe(fmt(mail.consultationAckSubject, { brand: BRAND }));
    expect(ack!.html).toContain('<html lang="ar" dir="rtl">');
    expect(ack!.text).toContain(mail.interestHolidayHome);
    expect(ack!.text).toContain(mail.timeWeekendPm);
    expect(ack!.html).toContain('<span dir="ltr">http://localhost:3000/ar</span>');
    // No admin account has the owner's address: the notice stays English.
    const [notice] = await t.mail.waitForMailAbout(OWNER, 'New consultation request from Omar Haddad');
    expect(notice!.html).not.toContain('dir="rtl"');
    expect(notice!.text).toContain('Investment interest: Holiday Home');

    // An owner whose admin account reads Arabic gets the notice in Arabic, with the inbox's Arabic address.
    await seedUser(t.deps.db, { email: OWNER, role: 'admin', locale: 'ar' });
    const second = nextEmail('lead');
    const again = await post(
      '/api/contact',
      {
        first_name: 'Sara',
        last_name: 'Nasser',
        user_email: second,
        country_code: '+971',
        phone_number: '501234567',
        message: 'مرحبًا',
        query_type: 'consultation',
      },
      { 'accept-language': 'en-GB' },
    );
    expect(again.statusCode).toBe(201);
    const [englishLead] = await t.deps.db.select().from(leads).where(eq(leads.email, second));
    expect(englishLead?.locale).toBe('en');
    const [arabicNotice] = await t.mail.waitForMailAbout(OWNER, fmt(mail.contactSubject, { name: 'Sara Nasser' }));
    expect(arabicNotice!.html).toContain('dir="rtl"');
    expect(arabicNotice!.text).toContain('http://localhost:3000/ar/admin/dashboard/leads');
    const [englishAck] = await t.mail.waitForMail(second);
    expect(englishAck!.subject).toBe(`We received your message | ${BRAND}`);
    expect(englishAck!.text).toContain('We have received your message about: free consultation.');
  });
});

describe('a checkout started in Arabic', () => {
  it('returns the buyer to /ar/success, shows the test page and writes the confirmation in Arabic', async () => {
    const sandbox = t.deps.payments;
    if (!(sandbox instanceof SandboxPaymentProvider)) throw new Error('sandbox expected by default');
    const buyer = await seedUser(t.deps.db, { name: 'Huda Buyer' });
    const { token } = await createSession(t.deps.db, buyer.id, 'learner');
    const course = await seedCourse(t.deps.db, { title: 'الاستثمار في دبي', priceFils: 88_800 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/initiate',
      headers: { ...ar, authorization: `Bearer ${token}` },
      payload: { courseId: course.id, email: buyer.email },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { paymentIntentId, paymentUrl } = initiatePaymentResultSchema.parse(res.json());
    const [order] = await t.deps.db.select().from(orders).where(eq(orders.providerRef, paymentIntentId));
    expect(order?.locale).toBe('ar');
    const [row] = await t.deps.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentIntentId));
    expect(row?.successUrl).toBe(`/ar/success/${paymentIntentId}`);
    expect(row?.cancelUrl).toBe(`/ar/cancel/${paymentIntentId}`);

    // A provider that cannot name its payment in the cancel address comes back through the order.
    const canceled = await t.app.inject({ method: 'GET', url: `/api/payment/return/${order!.id}/cancel` });
    expect(canceled.headers.location).toBe(`/ar/cancel/${paymentIntentId}`);

    const page = await t.app.inject({ method: 'GET', url: paymentUrl });
    expect(page.statusCode).toBe(200);
    const texts = messagesFor('ar').sandboxPayment;
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    expect(page.body).toContain(texts.heading);
    expect(page.body).toContain(texts.testMode);
    expect(page.body).not.toContain('Complete your payment');

    const key = new URL(paymentUrl, 'http://site.test').searchParams.get('key')!;
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payment/sandbox/${paymentIntentId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ key }).toString(),
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/ar/success/${paymentIntentId}`);

    const mail = messagesFor('ar').mail;
    const [confirmation] = await t.mail.waitForMail(buyer.email);
    expect(confirmation!.subject).toBe(fmt(mail.paymentSubject, { title: 'الاستثمار في دبي' }));
    expect(confirmation!.html).toContain('<html lang="ar" dir="rtl">');
    expect(confirmation!.text).toContain(`http://localhost:3000/ar/watch/${course.slug}`);
    expect(confirmation!.text).toContain('888.00');
    expect(confirmation!.text).not.toContain('AED 888.00');
  });
});
