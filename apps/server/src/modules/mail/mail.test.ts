import { describe, expect, it } from 'vitest';
import { freePort } from '../../../test/server-process.ts';
import { startSmtpStandIn } from '../../../test/smtp-stand-in.ts';
import type { OutgoingMail } from '../../adapters/mail/index.ts';
import { createSmtpTransport } from '../../adapters/mail/smtp.ts';
import { outbox } from '../../db/schema.ts';
import { composeMail, escapeHtml } from './compose.ts';
import { later, message, setUpMailTests } from './mail.fixtures.ts';
import {
  enqueueMail,
  leaseMsFor,
  OUTBOX,
  processOutbox,
  queueMail,
  retryDelayMs,
  settleMail,
  startOutboxWorker,
} from './outbox.ts';

const { t, withSmtpStandIn, rows } = setUpMailTests();

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
        // Counted from when the attempt failed: `now` plus the moments the attempt took.
        const wait = after!.nextAttemptAt.getTime() - now;
        expect(wait).toBeGreaterThanOrEqual(retryDelayMs(attempt));
        expect(wait).toBeLessThan(retryDelayMs(attempt) + 5000);
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

  it('fixes a Message-ID before the first send and keeps it on every retry', async () => {
    // Queued without one, as rows from before Message-IDs were stored are.
    const [id] = await enqueueMail(t.deps.db, [message()]);
    expect((await rows())[0]!.messageId).toBeNull();
    t.mail.fail = true;
    await processOutbox(t.deps);
    const [first] = await rows();
    expect(first!.messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
    t.mail.fail = false;
    await processOutbox(t.deps, { now: new Date(first!.nextAttemptAt.getTime() + 1), ids: [id!] });
    const [after] = await rows();
    expect(after).toMatchObject({ status: 'sent', attempts: 2, messageId: first!.messageId });
    expect((t.mail.sent as OutgoingMail[]).map((m) => m.messageId)).toEqual([first!.messageId]);
  });

  it('holds a claim for as long as the transport may take over one message', async () => {
    const maxSendMs = 20 * 60_000;
    t.deps.mailTransport = { name: 'slow', maxSendMs, send: () => new Promise(() => {}) };
    await enqueueMail(t.deps.db, [message()]);
    const start = Date.now();
    void processOutbox(t.deps, { now: new Date(start) });
    await expect.poll(async () => (await rows())[0]!.attempts).toBe(1);
    t.deps.mailTransport = t.mail;
    // Still sending long after the default lease would have run out: nobody else takes it.
    expect(await processOutbox(t.deps, { now: new Date(start + OUTBOX.leaseMs + 60_000) })).toMatchObject({
      claimed: 0,
    });
    expect(await processOutbox(t.deps, { now: new Date(start + maxSendMs) })).toMatchObject({ claimed: 0 });
    // Once the transport has certainly given up, the message is due again.
    const expired = start + leaseMsFor({ maxSendMs }) + 5000;
    expect(await processOutbox(t.deps, { now: new Date(expired) })).toMatchObject({ sent: 1 });
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
    // Until its claim is written (the lease moves the row's next attempt on): a busy machine takes
    // longer than any fixed wait.
    await expect
      .poll(async () => (await rows())[0]?.nextAttemptAt.getTime(), { timeout: 10_000 })
      .toBeGreaterThan(due.getTime());
    t.deps.mailTransport = t.mail;
    t.mail.fail = false;
    expect(await processOutbox(t.deps, { now: due })).toMatchObject({ claimed: 0 });
    // Once the lease runs out the message is due again. The lease counts from the claim, which a
    // busy machine makes some milliseconds after the run began: a margin, as above.
    expect(await processOutbox(t.deps, { now: new Date(due.getTime() + OUTBOX.leaseMs + 5000) })).toMatchObject({
      sent: 1,
    });
  });
});

describe('SMTP transport (a real local SMTP server)', () => {
  it('delivers the text and escaped HTML parts with the reply-to', async () => {
    await withSmtpStandIn({}, async (smtp) => {
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
    });
  });

  it('sends the allowed headers (one-click unsubscribe) and drops any other, or one with a line break', async () => {
    const link = 'https://oasis.example/api/mail/unsubscribe?t=abc.def';
    await withSmtpStandIn({}, async (smtp, transport) => {
      await queueMail(t.deps, [
        {
          ...message('one-click@example.com'),
          headers: {
            'List-Unsubscribe': `<${link}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            // Not on the allow-list: never stored, never sent (even if a caller tried).
            Bcc: 'victim@example.com',
            'X-Anything': 'x',
          } as Record<string, string>,
        },
        {
          ...message('folded@example.com'),
          headers: { 'List-Unsubscribe': `<${link}>\r\nBcc: victim@example.com` },
        },
      ]);
      await settleMail();
      const stored = await rows();
      expect(stored.find((r) => r.to === 'one-click@example.com')?.headers).toEqual({
        'List-Unsubscribe': `<${link}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
      expect(stored.find((r) => r.to === 'folded@example.com')?.headers).toBeNull();
      expect(smtp.messages).toHaveLength(2);
      const oneClick = smtp.messages.find((m) => m.to.includes('one-click@example.com'))!;
      expect(oneClick.headers['list-unsubscribe']).toBe(`<${link}>`);
      expect(oneClick.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(oneClick.headers.bcc).toBeUndefined();
      expect(oneClick.headers['x-anything']).toBeUndefined();
      const folded = smtp.messages.find((m) => m.to.includes('folded@example.com'))!;
      expect(folded.headers['list-unsubscribe']).toBeUndefined();
      expect(folded.raw).not.toContain('victim@example.com');
      // The adapter keeps to the allow-list too, whatever it is handed.
      await transport.send({
        from: 'site@example.com',
        ...message('direct@example.com'),
        headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', Bcc: 'victim@example.com' } as Record<
          string,
          string
        >,
      });
      const direct = smtp.messages.find((m) => m.to.includes('direct@example.com'))!;
      expect(direct.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(direct.raw).not.toContain('victim@example.com');
    });
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

/**
 * SMTP's own waits scaled down 600 times, so the real conversation runs in test time: the 10 minutes
 * a server may take to answer a message become 1 s, and the 30 s this transport used to wait become 50 ms.
 */
describe('escapeHtml', () => {
  it('escapes the five HTML specials', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
