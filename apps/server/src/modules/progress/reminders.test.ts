import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { beforeAllValue, createTestApp } from '../../../test/helpers.ts';
import { seedCourse, seedEnrolment, seedModule, seedUser, seedVideo } from '../../db/factories.ts';
import { courseReminders, mailUnsubscribes, outbox, videoProgress } from '../../db/schema.ts';
import { createSession } from '../auth/sessions.ts';
import { settleMail } from '../mail/outbox.ts';
import { signUnsubscribeToken } from '../mail/unsubscribe.ts';
import { REMINDERS, sendComebackReminders } from './reminders.ts';

const t = beforeAllValue(() => createTestApp());
afterAll(() => t.close());
const admin = beforeAllValue(async () => {
  const user = await seedUser(t.deps.db, { role: 'admin' });
  return { token: (await createSession(t.deps.db, user.id, 'admin')).token };
});

const DAY = 86_400_000;
const idleSince = (days: number) => new Date(Date.now() - days * DAY);

/** A two-lesson course and a learner who completed its first lesson `daysAgo` days ago. */
async function seedStartedCourse(daysAgo: number, user?: { id: string; email: string }) {
  const db = t.deps.db;
  const course = await seedCourse(db);
  const m = await seedModule(db, { courseId: course.id });
  const first = await seedVideo(db, { moduleId: m.id, position: 0 });
  await seedVideo(db, { moduleId: m.id, position: 1 });
  const learner = user ?? (await seedUser(db));
  await seedEnrolment(db, { userId: learner.id, courseId: course.id });
  await db.insert(videoProgress).values({ userId: learner.id, videoId: first.id, createdAt: idleSince(daysAgo) });
  return { course, learner };
}

async function mailsTo(email: string) {
  await settleMail();
  return t.deps.db.select().from(outbox).where(eq(outbox.to, email));
}

async function setReminders(on: boolean) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/reminders',
    headers: { authorization: `Bearer ${admin.token}` },
    payload: { comebackReminders: on },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ comebackReminders: on });
}

/** The unsubscribe link of a reminder's plain text. */
function unsubscribeLink(text: string): string {
  const link = /https?:\/\/\S+\/api\/mail\/unsubscribe\?t=\S+/.exec(text)?.[0];
  expect(link).toBeDefined();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

describe('coming-back reminders', () => {
  it('reminds a learner idle for 14 days once, even with two rounds at once', async () => {
    await setReminders(true);
    const { course, learner } = await seedStartedCourse(REMINDERS.idleDays + 1);
    const recent = await seedStartedCourse(REMINDERS.idleDays - 1);
    await Promise.all([sendComebackReminders(t.deps), sendComebackReminders(t.deps)]);
    const mails = await mailsTo(learner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Pick up ${course.title} where you left off`);
    expect(mails[0]!.text).toContain(`/watch/${course.slug}`);
    expect(await t.deps.db.select().from(courseReminders).where(eq(courseReminders.userId, learner.id))).toHaveLength(
      1,
    );
    // Not yet idle long enough: nothing.
    expect(await mailsTo(recent.learner.email)).toHaveLength(0);
    // A later round does not send it again.
    await sendComebackReminders(t.deps);
    expect(await mailsTo(learner.email)).toHaveLength(1);
  });

  it('sends nothing while the owner has reminders off', async () => {
    const { learner } = await seedStartedCourse(30);
    await setReminders(false);
    try {
      await sendComebackReminders(t.deps);
      expect(await mailsTo(learner.email)).toHaveLength(0);
    } finally {
      await setReminders(true);
    }
  });

  it('unsubscribes signed out with the link (GET asks, POST does) or one click on List-Unsubscribe, and sends no more', async () => {
    await setReminders(true);
    const { learner } = await seedStartedCourse(20);
    await sendComebackReminders(t.deps);
    const [mail] = await mailsTo(learner.email);
    const link = unsubscribeLink(mail!.text);
    expect(mail!.html).toContain('/api/mail/unsubscribe?t=');

    const page = await t.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain('<form method="post"');
    // Opening the link (a mail scanner does) changes nothing.
    expect(await t.deps.db.select().from(mailUnsubscribes).where(eq(mailUnsubscribes.address, learner.email))).toEqual(
      [],
    );
    // RFC 8058: the mail program's own Unsubscribe button POSTs the one-click body to the
    // List-Unsubscribe address, signed out, with no page, cookie or CSRF token.
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': `<${t.deps.config.siteUrl}${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const oneClick = new URL(/^<(.+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!);
    const done = await t.app.inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    // RFC 8058 allows the same body as multipart/form-data: answered alike (it is idempotent).
    const boundary = 'oasis-one-click';
    const again = await t.app.inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(again.statusCode).toBe(200);

    // Another course of the same learner, idle too: no reminder now.
    await seedStartedCourse(20, learner);
    await sendComebackReminders(t.deps);
    expect(await mailsTo(learner.email)).toHaveLength(1);
  });

  it('refuses a tampered or forged token and records nothing', async () => {
    const learner = await seedUser(t.deps.db);
    const good = signUnsubscribeToken(t.deps.config.mediaSigningSecret, {
      address: learner.email,
      topic: 'course-reminders',
      locale: 'en',
    });
    const [payload, sig] = good.split('.') as [string, string];
    const other = Buffer.from(JSON.stringify(['someone@example.com', 'course-reminders', 'en'])).toString('base64url');
    const forged = signUnsubscribeToken('not the site key at all, 32 chars!', {
      address: learner.email,
      topic: 'course-reminders',
      locale: 'en',
    });
    for (const token of [
      `${other}.${sig}`,
      `${payload}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
      forged,
      '',
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({ method, url: `/api/mail/unsubscribe?t=${token}` });
        expect(res.statusCode, `${method} ${token}`).toBe(400);
        expect(res.body).toContain('not valid');
      }
    }
    for (const address of [learner.email, 'someone@example.com'])
      expect(await t.deps.db.select().from(mailUnsubscribes).where(eq(mailUnsubscribes.address, address))).toEqual([]);
  });
});
