import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  allowedMailHeaders,
  type MailAttachment,
  MailMaybeSentError,
  type MailMessage,
  type MailTransport,
} from '../../adapters/mail/index.ts';
import { nextDueId } from '../../db/claim.ts';
import type { Db } from '../../db/client.ts';
import { outboundHold, outbox } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { startRepeating } from '../../lib/repeating.ts';
import { certificateAttachment } from '../certificates/documents.ts';
import { taxDocumentPdf } from '../tax-documents/service.ts';

/**
 * Every e-mail is written to the outbox table first, then handed to the transport. A message that
 * cannot be sent stays pending and is retried with backoff, so nothing is lost when mail is down
 * and the request that queued it never waits for the mail server. A row is claimed (leased) just
 * before it is sent, for longer than the transport can take, so two workers, or a worker and the
 * first attempt right after queueing, never send it twice.
 *
 * Every attempt carries the same Message-ID. When a send fails after the server was handed the
 * message (it may have been delivered), the retry waits longer and there are fewer of them; a copy
 * that does arrive twice is recognisably the same message (mail programs that thread or drop
 * duplicates by Message-ID show it once). Whatever the mail did, the row it was about (a lead, an
 * order) is already stored: an e-mail given up never loses data.
 */
export const OUTBOX = {
  /** After this many failed attempts a message is marked failed and left for a person to look at. */
  maxAttempts: 10,
  /** Delay before the 2nd attempt; doubles each time (30 s, 1 min, 2 min …) up to maxDelayMs. */
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  /**
   * A send that may have delivered the message and fails at this attempt or later is the last one,
   * so at most this many copies can ever arrive.
   */
  maybeSentMaxAttempts: 6,
  /** Delay after such a failure; doubles each time (10 min, 20 min, 40 min …) up to maxDelayMs. */
  maybeSentBaseDelayMs: 10 * 60_000,
  /** How long a claimed row is reserved for its sender, at the least. */
  leaseMs: 2 * 60_000,
  /** Added to the transport's own limit (`maxSendMs`) when that is longer than leaseMs. */
  leaseMarginMs: 60_000,
  batchSize: 10,
  pollMs: 5_000,
} as const;

export type MailDeps = Pick<Deps, 'db' | 'mailTransport' | 'config' | 'log'>;
export type OutboxRow = typeof outbox.$inferSelect;

/** The wait before the next attempt, after `attempts` attempts have failed. */
export function retryDelayMs(attempts: number): number {
  return Math.min(OUTBOX.baseDelayMs * 2 ** Math.max(0, attempts - 1), OUTBOX.maxDelayMs);
}

/** The wait before the next attempt when the last one may have delivered the message. */
export function maybeSentRetryDelayMs(attempts: number): number {
  return Math.min(OUTBOX.maybeSentBaseDelayMs * 2 ** Math.max(0, attempts - 1), OUTBOX.maxDelayMs);
}

/** How long a claim lasts: longer than the transport can spend on one message. */
export function leaseMsFor(transport: Pick<MailTransport, 'maxSendMs'>): number {
  return Math.max(OUTBOX.leaseMs, (transport.maxSendMs ?? 0) + OUTBOX.leaseMarginMs);
}

/** A Message-ID of our own (`<uuid@site-host>`), unique to one queued message. */
export function newMessageId(siteUrl: string): string {
  return `<${randomUUID()}@${new URL(siteUrl).hostname}>`;
}

/**
 * Stores messages as pending, due now. Takes a `db` so a caller can queue inside its own
 * transaction (a lead and its e-mails are stored together); then call `deliverSoon` after commit.
 */
export async function enqueueMail(db: Db, messages: MailMessage[], now = new Date()): Promise<string[]> {
  if (messages.length === 0) return [];
  const rows = await db
    .insert(outbox)
    .values(
      messages.map((m) => ({
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html ?? null,
        replyTo: m.replyTo ?? null,
        headers: allowedMailHeaders(m.headers),
        taxDocumentId: m.taxDocumentId ?? null,
        certificateId: m.certificateId ?? null,
        calendarInvite: m.calendarInvite ?? null,
        nextAttemptAt: now,
      })),
    )
    .returning({ id: outbox.id });
  return rows.map((r) => r.id);
}

/** Deliveries started in the background and not finished yet (awaited at shutdown and in tests). */
const inFlight = new Set<Promise<unknown>>();

/** Tries the given queued messages once, in the background: never throws, never blocks the caller. */
export function deliverSoon(deps: MailDeps, ids: string[]): void {
  if (ids.length === 0) return;
  const task: Promise<unknown> = processOutbox(deps, { ids })
    .catch((error) => deps.log.error({ err: error }, 'outbox: first delivery attempt failed to run'))
    .finally(() => inFlight.delete(task));
  inFlight.add(task);
}

/** Waits until every background delivery started so far has finished. */
export async function settleMail(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

/**
 * Stores the message(s) in the outbox, then tries to send them in the background. Resolves once
 * stored; a mail server that is down or slow never fails or delays the caller's request.
 */
export async function queueMail(deps: MailDeps, message: MailMessage | MailMessage[]): Promise<void> {
  const ids = await enqueueMail(deps.db, Array.isArray(message) ? message : [message]);
  deliverSoon(deps, ids);
}

/**
 * Claims the next due pending row by pushing its next attempt past the lease, in one statement.
 * `FOR UPDATE SKIP LOCKED` keeps concurrent workers on PostgreSQL off each other's rows, and the
 * outer WHERE repeats the due test so a row another worker just claimed is not taken again.
 * One row at a time: a lease starts when its own send does, not when a batch ahead of it began.
 * A row without a Message-ID (queued before rows had one) gets it here, before its first send.
 */
async function claimNext(
  db: Db,
  options: { now: Date; leaseMs: number; messageId: string; ids?: string[] },
): Promise<OutboxRow | undefined> {
  const { now, ids } = options;
  // Nothing is due while the outbound hold is on (a restored copy), checked in the same statement.
  const due = and(
    eq(outbox.status, 'pending'),
    lte(outbox.nextAttemptAt, now),
    ids ? inArray(outbox.id, ids) : undefined,
    sql`not exists (select 1 from ${outboundHold})`,
  );
  const candidate = nextDueId(db, outbox.id, due, outbox.nextAttemptAt);
  const [row] = await db
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + options.leaseMs),
      messageId: sql`coalesce(${outbox.messageId}, ${options.messageId})`,
    })
    .where(and(sql`${outbox.id} = (${candidate})`, due))
    .returning();
  return row;
}

export interface OutboxRun {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Sends due pending messages once each, up to `limit`; failures are rescheduled with backoff or
 * given up. `now` (tests pass one) is when the run starts; it moves on with the real clock, since
 * sends to a slow server take minutes and leases and retry times count from when they happen.
 */
export async function processOutbox(
  deps: MailDeps,
  options: { now?: Date; ids?: string[]; limit?: number } = {},
): Promise<OutboxRun> {
  const startedAt = Date.now();
  const start = options.now?.getTime() ?? startedAt;
  const clock = () => new Date(start + (Date.now() - startedAt));
  const limit = options.limit ?? OUTBOX.batchSize;
  const leaseMs = leaseMsFor(deps.mailTransport);
  const run: OutboxRun = { claimed: 0, sent: 0, retrying: 0, failed: 0 };
  while (run.claimed < limit) {
    const messageId = newMessageId(deps.config.siteUrl);
    const row = await claimNext(deps.db, { now: clock(), leaseMs, messageId, ids: options.ids });
    if (!row) break;
    run.claimed += 1;
    run[await deliver(deps, row, clock)] += 1;
  }
  return run;
}

async function deliver(deps: MailDeps, row: OutboxRow, clock: () => Date): Promise<'sent' | 'retrying' | 'failed'> {
  try {
    // The tax document's PDF, read (or drawn, when missing) at each attempt rather than kept twice.
    const document = row.taxDocumentId ? await taxDocumentPdf(deps.db, row.taxDocumentId) : null;
    // The certificate's PDF likewise, drawn at each attempt (the completion e-mail).
    const certificate = row.certificateId ? await certificateAttachment(deps, row.certificateId) : null;
    const attachments = [
      ...(document
        ? [{ filename: `${document.number}.pdf`, contentType: 'application/pdf', content: document.pdf }]
        : []),
      ...(certificate ? [certificate] : []),
      ...(row.calendarInvite ? [calendarAttachment(row.calendarInvite)] : []),
    ];
    await deps.mailTransport.send({
      ...(attachments.length > 0 && { attachments }),
      from: deps.config.mail.from,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      replyTo: row.replyTo,
      headers: allowedMailHeaders(row.headers),
      messageId: row.messageId,
    });
  } catch (error) {
    return recordFailure(deps, row, error, clock());
  }
  await deps.db
    .update(outbox)
    .set({ status: 'sent', sentAt: new Date(), lastError: null })
    .where(eq(outbox.id, row.id));
  return 'sent';
}

/** An invitation as calendar programs expect it: its METHOD repeated in the content type. */
function calendarAttachment(ics: string): MailAttachment {
  const method = /^METHOD:(\w+)\r?$/m.exec(ics)?.[1] ?? 'REQUEST';
  return {
    filename: 'invite.ics',
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: Buffer.from(ics, 'utf8'),
  };
}

/**
 * Failed sends since the process started, for /metrics (plugins/metrics.ts): those to be retried
 * and those that made a message give up (marked failed).
 */
export const outboxSendFailures = { retrying: 0, givenUp: 0 };

/**
 * Schedules the next attempt, or gives the message up. Logs say which message and why, never to
 * whom or what it says (the server's error text can name the recipient; it is kept in lastError).
 */
async function recordFailure(
  deps: MailDeps,
  row: OutboxRow,
  error: unknown,
  now: Date,
): Promise<'retrying' | 'failed'> {
  const maybeSent = error instanceof MailMaybeSentError;
  const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
  const reason = { outboxId: row.id, attempts: row.attempts, maybeSent, ...errorCodes(error) };
  if (row.attempts >= (maybeSent ? OUTBOX.maybeSentMaxAttempts : OUTBOX.maxAttempts)) {
    outboxSendFailures.givenUp += 1;
    await deps.db.update(outbox).set({ status: 'failed', lastError }).where(eq(outbox.id, row.id));
    deps.log.warn(reason, 'e-mail given up after repeated failures; it stays in the outbox marked failed');
    return 'failed';
  }
  outboxSendFailures.retrying += 1;
  const delayMs = maybeSent ? maybeSentRetryDelayMs(row.attempts) : retryDelayMs(row.attempts);
  const nextAttemptAt = new Date(now.getTime() + delayMs);
  await deps.db.update(outbox).set({ lastError, nextAttemptAt }).where(eq(outbox.id, row.id));
  deps.log.warn({ ...reason, nextAttemptAt }, 'e-mail not sent; kept in the outbox for a retry');
  return 'retrying';
}

/** The machine-readable part of a mail error (nodemailer's code, command and reply code). */
function errorCodes(error: unknown): { code?: unknown; command?: unknown; responseCode?: unknown } {
  const source = (error instanceof MailMaybeSentError ? error.cause : error) as Record<string, unknown> | null;
  if (!source || typeof source !== 'object') return {};
  return { code: source.code, command: source.command, responseCode: source.responseCode };
}

export type OutboundHold = typeof outboundHold.$inferSelect;

/** The hold on outgoing e-mail (schema: outboundHold), or null when e-mail goes out. */
export async function getOutboundHold(db: Pick<Db, 'select'>): Promise<OutboundHold | null> {
  const [row] = await db.select().from(outboundHold).limit(1);
  return row ?? null;
}

/** Holds every outgoing e-mail from now on (a restore does this in its own transaction). */
export async function holdOutbound(db: Pick<Db, 'insert'>, reason: string, now = new Date()): Promise<void> {
  await db
    .insert(outboundHold)
    .values({ id: 1, heldSince: now, reason })
    .onConflictDoUpdate({ target: outboundHold.id, set: { heldSince: now, reason } });
}

export interface OutboundRelease {
  /** The hold that was lifted; null when e-mail was not held. */
  hold: OutboundHold | null;
  /** Messages waiting in the outbox, now free to go (0 with `discard`). */
  pending: number;
  /** Waiting messages marked failed instead of sent (`discard`). */
  discarded: number;
}

/**
 * Lifts the hold. With `discard`, the messages waiting at that moment are marked failed rather
 * than sent (they may have gone out already from the site the backup was taken of). One
 * transaction: a worker sees the hold and the waiting messages change together.
 */
export async function releaseOutbound(db: Db, options: { discard?: boolean } = {}): Promise<OutboundRelease> {
  return db.transaction(async (tx) => {
    const [hold] = await tx.delete(outboundHold).returning();
    let discarded = 0;
    if (options.discard) {
      const rows = await tx
        .update(outbox)
        .set({ status: 'failed', lastError: 'discarded when the outbound hold was released' })
        .where(eq(outbox.status, 'pending'))
        .returning({ id: outbox.id });
      discarded = rows.length;
    }
    const [waiting] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(outbox)
      .where(eq(outbox.status, 'pending'));
    return { hold: hold ?? null, pending: Number(waiting?.count ?? 0), discarded };
  });
}

export interface OutboxWorker {
  /** Stops polling and waits for the current round and any background delivery to finish. */
  stop(): Promise<void>;
}

/** Polls the outbox and sends what is due. Timers are unref'd: the worker never keeps the process alive. */
export function startOutboxWorker(deps: MailDeps, options: { pollMs?: number } = {}): OutboxWorker {
  const pollMs = options.pollMs ?? OUTBOX.pollMs;
  let heldBefore = false;
  // A round soon after start sends whatever was left pending before a restart.
  const repeating = startRepeating(
    async (stopping) => {
      // Said once when the hold starts and once when it ends, not at every round.
      const held = (await getOutboundHold(deps.db)) !== null;
      if (held !== heldBefore)
        deps.log.warn(
          held
            ? 'outgoing e-mail is held (a restored copy): nothing is sent until `npm run outbox -- release`'
            : 'outgoing e-mail released: the outbox sends again',
        );
      heldBefore = held;
      if (held) return;
      // Keep going while full batches come back, so a backlog drains without waiting for the poll.
      let run: OutboxRun;
      do run = await processOutbox(deps);
      while (!stopping() && run.claimed === OUTBOX.batchSize);
    },
    {
      firstDelayMs: Math.min(1_000, pollMs),
      everyMs: pollMs,
      onError: (error) => deps.log.error({ err: error }, 'outbox round failed; will try again'),
    },
  );

  return {
    async stop() {
      await repeating.stop();
      await settleMail();
    },
  };
}
