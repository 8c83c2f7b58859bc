import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createSmtpTransport, SMTP_TIMEOUTS, type SmtpTimeouts } from '../../adapters/mail/smtp.ts';
import { outbox } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { later, message, setUpMailTests } from './mail.fixtures.ts';
import {
  enqueueMail,
  leaseMsFor,
  maybeSentRetryDelayMs,
  OUTBOX,
  processOutbox,
  queueMail,
  retryDelayMs,
  settleMail,
} from './outbox.ts';

const { t, withSmtpStandIn, rows } = setUpMailTests();

const SCALE = 600;
const scaledTimeouts = Object.fromEntries(
  Object.entries(SMTP_TIMEOUTS).map(([key, ms]) => [key, ms / SCALE]),
) as unknown as SmtpTimeouts;

/** A logger that keeps what is logged, to check what reaches the log. */
function recordingLogger() {
  const entries: { level: string; data: unknown; msg: unknown }[] = [];
  const record = (level: string) => (data: unknown, msg?: unknown) => {
    entries.push({ level, data, msg });
  };
  const logger = {
    level: 'info',
    fatal: record('fatal'),
    error: record('error'),
    warn: record('warn'),
    info: record('info'),
    debug: record('debug'),
    trace: record('trace'),
    silent: () => {},
    child: () => logger,
  };
  return { entries, logger: logger as unknown as Deps['log'] };
}

describe('SMTP timeouts and messages that may have been delivered', () => {
  it('by default waits as long as SMTP allows a server, and the outbox claim outlasts a send', () => {
    expect(SMTP_TIMEOUTS.greetingMs).toBeGreaterThanOrEqual(5 * 60_000);
    expect(SMTP_TIMEOUTS.connectionMs).toBeGreaterThan(SMTP_TIMEOUTS.greetingMs);
    expect(SMTP_TIMEOUTS.socketMs).toBeGreaterThanOrEqual(10 * 60_000);
    expect(SMTP_TIMEOUTS.sendMs).toBeGreaterThan(SMTP_TIMEOUTS.connectionMs + SMTP_TIMEOUTS.socketMs);
    const transport = createSmtpTransport('smtp://127.0.0.1:2525');
    expect(transport.maxSendMs).toBe(SMTP_TIMEOUTS.sendMs);
    expect(leaseMsFor(transport)).toBeGreaterThan(SMTP_TIMEOUTS.sendMs);
  });

  it('delivers once through a server slower than the old 30 s limit but within the SMTP wait', async () => {
    // 300 ms here is 3 minutes: six times what the transport used to wait, under the 10 allowed.
    await withSmtpStandIn({ standIn: { replyDelayMs: 300 }, timeouts: scaledTimeouts }, async (smtp) => {
      await queueMail(t.deps, message('slow@example.com'));
      await settleMail();
      const [row] = await rows();
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]!.messageId).toBe(row!.messageId);
      expect(await processOutbox(t.deps, { now: later(10 * OUTBOX.maxDelayMs) })).toMatchObject({ claimed: 0 });
      expect(smtp.messages).toHaveLength(1);
    });
  });

  it('retries a message whose answer never came, later and with the same Message-ID, and marks it sent once', async () => {
    // The server takes the whole message, then answers after the (scaled) 10 minutes.
    await withSmtpStandIn(
      { standIn: { replyDelayMs: 3 * scaledTimeouts.socketMs }, timeouts: scaledTimeouts },
      async (smtp) => {
        const before = Date.now();
        await queueMail(t.deps, message('late@example.com'));
        await settleMail();
        const [first] = await rows();
        expect(first).toMatchObject({ status: 'pending', attempts: 1 });
        expect(first!.lastError).toMatch(/^may have been delivered/);
        // The longer wait for a message that may have arrived, not the usual 30 s.
        expect(first!.nextAttemptAt.getTime() - before).toBeGreaterThanOrEqual(maybeSentRetryDelayMs(1));
        expect(smtp.messages).toHaveLength(1);

        smtp.replyDelayMs = 0;
        const runs = [
          await processOutbox(t.deps, { now: first!.nextAttemptAt }),
          await processOutbox(t.deps, { now: new Date(first!.nextAttemptAt.getTime() + 10 * OUTBOX.maxDelayMs) }),
        ];
        expect(runs.map((r) => r.sent)).toEqual([1, 0]);
        const [after] = await rows();
        expect(after).toMatchObject({ status: 'sent', attempts: 2, lastError: null, messageId: first!.messageId });
        // Two copies reached the server, both the same message to the reader's mail program.
        expect(smtp.messages.map((m) => m.messageId)).toEqual([first!.messageId, first!.messageId]);
      },
    );
  });

  it('gives up after a bounded number of tries when the answer never comes, and logs no personal data', async () => {
    const timeouts = { ...scaledTimeouts, socketMs: 150 };
    const { entries, logger } = recordingLogger();
    t.deps.log = logger;
    await withSmtpStandIn({ standIn: { replyDelayMs: 60_000 }, timeouts }, async (smtp) => {
      const [id] = await enqueueMail(t.deps.db, [{ to: 'jane.doe@example.com', subject: 'Your receipt', text: 'Hi' }]);
      let now = Date.now();
      for (let attempt = 1; attempt <= OUTBOX.maybeSentMaxAttempts; attempt++) {
        expect(await processOutbox(t.deps, { now: new Date(now) })).toMatchObject({ claimed: 1 });
        const [row] = await t.deps.db.select().from(outbox).where(eq(outbox.id, id!));
        expect(row!.attempts).toBe(attempt);
        expect(row!.status).toBe(attempt < OUTBOX.maybeSentMaxAttempts ? 'pending' : 'failed');
        now = row!.nextAttemptAt.getTime();
      }
      expect(await processOutbox(t.deps, { now: new Date(now + 10 * OUTBOX.maxDelayMs) })).toMatchObject({
        claimed: 0,
      });
      // The stand-in records a message once it has read all of it, which on a busy machine can come
      // after our client has already timed out waiting for the reply to the last one.
      await expect.poll(() => smtp.messages.length, { timeout: 5_000 }).toBe(OUTBOX.maybeSentMaxAttempts);
      expect(new Set(smtp.messages.map((m) => m.messageId)).size).toBe(1);

      const givenUp = entries.filter((e) => e.level === 'warn' && String(e.msg).includes('given up'));
      expect(givenUp).toHaveLength(1);
      expect(givenUp[0]!.data).toMatchObject({ outboxId: id, maybeSent: true, code: 'ETIMEDOUT' });
      const logged = JSON.stringify(entries);
      expect(logged).not.toContain('jane.doe');
      expect(logged).not.toContain('Your receipt');
    });
  });

  it('retries as usual when the server never greeted: nothing can have been delivered', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, { timeouts: scaledTimeouts });
    t.deps.mailTransport = transport;
    try {
      const before = Date.now();
      await queueMail(t.deps, message());
      await settleMail();
      const [row] = await rows();
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row!.lastError).not.toMatch(/may have been delivered/);
      expect(row!.nextAttemptAt.getTime() - before).toBeLessThan(retryDelayMs(1) + 5000);
      // Given up at the (scaled) greeting wait that was passed in, not at a built-in one.
      expect(Date.now() - before).toBeLessThan(5000);
    } finally {
      transport.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
