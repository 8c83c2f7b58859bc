import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { startSmtpStandIn } from '../../../test/smtp-stand-in.ts';
import { createSmtpTransport } from '../../adapters/mail/smtp.ts';
import { outbox } from '../../db/schema.ts';
import { composeMail, escapeHtml } from './compose.ts';
import { OUTBOX, processOutbox, queueMail, retryDelayMs, settleMail, startOutboxWorker } from './outbox.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await settleMail();
  await t.deps.db.delete(outbox);
  t.deps.mailTransport = t.mail;
  t.mail.sent = [];
  t.mail.fail = false;
});

const message = (to = 'someone@example.com') => ({ to, subject: 'Hello', text: 'Hi there' });
const rows = () => t.deps.db.select().from(outbox);
const later = (ms: number) => new Date(Date.now() + ms);

/** A localhost port with nothing listening on it (yet). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('queueMail', () => {
  it('stores the message, then sends it in the background', async () => {
    await queueMail(t.deps, message());
    expect(await rows()).toHaveLength(1);
    await settleMail();
    expect(t.mail.sent).toEqual([expect.objectContaining({ to: 'someone@example.com', subject: 'Hello' })]);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it('never fails the caller when mail is down: the message stays pending with a retry time', async () => {
    t.mail.fail = true;
    const before = Date.now();
    await expect(queueMail(t.deps, message())).resolves.toBeUndefined();
    await settleMail();
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP unavailable' });
    const wait = row!.nextAttemptAt.getTime() - before;
    expect(wait).toBeGreaterThanOrEqual(OUTBOX.baseDelayMs - 1000);
    expect(wait).toBeLessThan(OUTBOX.baseDelayMs + 5000);
  });

  it('does not wait for a slow mail server', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transport = t.deps.mailTransport;
    t.deps.mailTransport = { name: 'slow', send: () => gate };
    try {
      await queueMail(t.deps, message());
      expect((await rows())[0]).toMatchObject({ status: 'pending' });
    } finally {
      release();
      await settleMail();
      t.deps.mailTransport = transport;
    }
    expect((await rows())[0]).toMatchObject({ status: 'sent' });
  });
});

describe('processOutbox', () => {
  it('retries with growing delays and gives up after the last attempt', async () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(OUTBOX.maxDelayMs);

    t.mail.fail = true;
    await queueMail(t.deps, message());
    await settleMail();
    // Not due yet: nothing is tried.
    expect(await processOutbox(t.deps)).toMatchObject({ claimed: 0 });
    let now = Date.now();
    for (let attempt = 2; attempt <= OUTBOX.maxAttempts; attempt++) {
      const [row] = await rows();
      now = row!.nextAttemptAt.getTime();
      const run = await processOutbox(t.deps, { now: new Date(now) });
      expect(run.claimed).toBe(1);
      const [after] = await rows();
      expect(after!.attempts).toBe(attempt);
      if (attempt < OUTBOX.maxAttempts) {
        expect(after).toMatchObject({ status: 'pending' });
        expect(after!.nextAttemptAt.getTime() - now).toBe(retryDelayMs(attempt));
      }
    }
    expect((await rows())[0]).toMatchObject({ status: 'failed', attempts: OUTBOX.maxAttempts });
    expect(await processOutbox(t.deps, { now: new Date(now + 10 * OUTBOX.maxDelayMs) })).toMatchObject({ claimed: 0 });
    expect(t.mail.sent).toHaveLength(0);
  });

  it('sends each message once even when two workers run at the same time', async () => {
    t.mail.fail = true;
    for (let i = 0; i < 6; i++) await queueMail(t.deps, message(`person${i}@example.com`));
    await settleMail();
    t.mail.fail = false;
    const when = { now: later(OUTBOX.baseDelayMs + 1000) };
    const runs = await Promise.all([processOutbox(t.deps, when), processOutbox(t.deps, when)]);
    expect(runs[0]!.sent + runs[1]!.sent).toBe(6);
    expect(t.mail.sent.map((m) => m.to).sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `person${i}@example.com`));
    expect((await rows()).every((r) => r.status === 'sent')).toBe(true);
  });

  it('does not take a row another sender has claimed (the lease)', async () => {
    t.mail.fail = true;
    await queueMail(t.deps, message());
    await settleMail();
    const [row] = await rows();
    const due = new Date(row!.nextAttemptAt.getTime() + 1);
    // Claim it as a sender that hangs: the row is leased, not due for anyone else.
    t.deps.mailTransport = { name: 'hang', send: () => new Promise(() => {}) };
    void processOutbox(t.deps, { now: due });
    await new Promise((resolve) => setTimeout(resolve, 200));
    t.deps.mailTransport = t.mail;
    t.mail.fail = false;
    expect(await processOutbox(t.deps, { now: due })).toMatchObject({ claimed: 0 });
    // Once the lease runs out the message is due again.
    expect(await processOutbox(t.deps, { now: new Date(due.getTime() + OUTBOX.leaseMs + 1) })).toMatchObject({
      sent: 1,
    });
  });
});

describe('SMTP transport (a real local SMTP server)', () => {
  it('delivers the text and escaped HTML parts with the reply-to', async () => {
    const smtp = await startSmtpStandIn();
    const transport = createSmtpTransport(smtp.url);
    t.deps.mailTransport = transport;
    try {
      await queueMail(
        t.deps,
        composeMail({
          to: 'owner@example.com',
          subject: 'New message\r\nBcc: victim@example.com',
          replyTo: 'visitor@example.com',
          heading: 'New message',
          paragraphs: ['From <b>Jane</b> & co'],
          details: [['Message', 'line one\n<script>alert(1)</script>']],
          footer: 'Oasis',
        }),
      );
      await settleMail();
      expect(smtp.messages).toHaveLength(1);
      const [mail] = smtp.messages;
      expect(mail!.to).toEqual(['owner@example.com']);
      expect(mail!.subject).toBe('New message Bcc: victim@example.com');
      expect(mail!.replyTo).toContain('visitor@example.com');
      expect(mail!.text).toContain('From <b>Jane</b> & co');
      expect(mail!.text).toContain('Message:\nline one\n<script>alert(1)</script>');
      expect(mail!.html).toContain('From &lt;b&gt;Jane&lt;/b&gt; &amp; co');
      expect(mail!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(mail!.html).not.toContain('<script>');
      expect((await rows())[0]).toMatchObject({ status: 'sent' });
    } finally {
      transport.close();
      t.deps.mailTransport = t.mail;
      await smtp.close();
    }
  });

  it('keeps messages pending while the server is down and the worker sends them once it is back', async () => {
    const port = await freePort();
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`);
    t.deps.mailTransport = transport;
    let smtp: Awaited<ReturnType<typeof startSmtpStandIn>> | undefined;
    try {
      await queueMail(t.deps, [message('a@example.com'), message('b@example.com')]);
      await settleMail();
      expect((await rows()).map((r) => r.status)).toEqual(['pending', 'pending']);
      expect((await rows())[0]!.lastError).toMatch(/ECONNREFUSED|connect/i);

      smtp = await startSmtpStandIn({ port });
      // Make the retries due now, then let a running worker pick them up.
      await t.deps.db.update(outbox).set({ nextAttemptAt: new Date() });
      const worker = startOutboxWorker(t.deps, { pollMs: 50 });
      try {
        await expect
          .poll(async () => (await rows()).map((r) => r.status), { timeout: 10_000 })
          .toEqual(['sent', 'sent']);
        // A few more rounds send nothing twice.
        await new Promise((resolve) => setTimeout(resolve, 300));
      } finally {
        await worker.stop();
      }
      expect(smtp.messages.map((m) => m.to[0]).sort()).toEqual(['a@example.com', 'b@example.com']);
    } finally {
      transport.close();
      t.deps.mailTransport = t.mail;
      await smtp?.close();
    }
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML specials', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
