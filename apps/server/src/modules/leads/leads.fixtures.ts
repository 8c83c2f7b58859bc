import { isErrorCode } from '@oasis/shared/error-codes';
import { afterAll, beforeEach, expect } from 'vitest';
import { beforeAllValue, createTestApp } from '../../../test/helpers.ts';
import { seedUser } from '../../db/factories.ts';
import { leads, outbox } from '../../db/schema.ts';
import { createSession } from '../auth/sessions.ts';
import { settleMail } from '../mail/outbox.ts';

export const OWNER = 'owner@oasis.test';

export const contact = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Jane',
  last_name: 'Doe',
  user_email: 'jane@example.com',
  country_code: '+971',
  phone_number: '501234567',
  message: 'I would like to know more about off-plan investments.',
  query_type: 'consultation',
  ...overrides,
});

export const consultation = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Omar Haddad',
  email: 'omar@example.com',
  phone: '+971501234567',
  investmentInterest: 'Investment',
  investmentAmount: '3m-5m',
  preferredTime: 'Weekday PM',
  ...overrides,
});

/**
 * The app for the lead tests of one file (the owner's address set), built in its beforeAll, with an
 * admin and a learner signed in; each test starts with no leads and no mail.
 */
export function setUpLeadTests() {
  const t = beforeAllValue(() => createTestApp({ env: { CONTACT_EMAIL: OWNER } }));
  afterAll(() => t.close());
  const fx = beforeAllValue(async () => {
    const admin = await seedUser(t.deps.db, { name: 'Admin', email: 'admin@oasis.test', role: 'admin' });
    const learner = await seedUser(t.deps.db, { name: 'Learner', email: 'learner@oasis.test', role: 'learner' });
    const adminToken = (await createSession(t.deps.db, admin.id, 'admin')).token;
    const adminAsLearnerToken = (await createSession(t.deps.db, admin.id, 'learner')).token;
    const learnerToken = (await createSession(t.deps.db, learner.id, 'learner')).token;
    return { adminToken, learnerToken, adminAsLearnerToken };
  });
  beforeEach(async () => {
    await settleMail();
    await t.deps.db.delete(outbox);
    await t.deps.db.delete(leads);
    t.deps.mailTransport = t.mail;
    t.mail.sent = [];
    t.mail.fail = false;
  });

  /** Each call comes from its own address unless one is given, so the limit stays out of the way. */
  function post(
    url: '/api/contact' | '/api/consultations',
    payload: unknown,
    ip = `10.1.${randomOctet()}.${randomOctet()}`,
  ) {
    return t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress: ip });
  }
  const randomOctet = () => Math.floor(Math.random() * 250) + 1;

  const errorsOf = async (url: '/api/contact' | '/api/consultations', payload: unknown) => {
    const res = await post(url, payload);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; code: string; errors: Record<string, string> };
    expect(isErrorCode(body.code)).toBe(true);
    return body.errors;
  };

  return { t, fx, post, errorsOf };
}
