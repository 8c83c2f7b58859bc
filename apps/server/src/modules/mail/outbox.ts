import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { MailMessage } from '../../adapters/mail/index.ts';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';

/**
 * Every e-mail is written to the outbox table first, then handed to the transport. A message that
 * cannot be sent stays pending and is retried with backoff, so nothing is lost when mail is down
 * (DECISIONS.md). A row is claimed (leased) before it is sent, so two workers, or a worker and the
 * first attempt right after queueing, never send it twice; only a process that dies in the middle of
 * a send can cause a repeat, once its lease runs out.
 */
export const OUTBOX = {
  /** After this many failed attempts a message is marked failed and left for a person to look at. */
  maxAttempts: 10,
  /** Delay before the 2nd attempt; doubles each time (30 s, 1 min, 2 min …) up to maxDelayMs. */
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  /** How long a claimed row is reserved for its sender; longer than the SMTP timeouts. */
  leaseMs: 2 * 60_000,
  batchSize: 10,
  pollMs: 5_000,
} as const;

export type MailDeps = Pick<Deps, 'db' | 'mailTransport' | 'config' | 'log'>;
export type OutboxRow = typeof outbox.$inferSelect;

/** The wait before the next attempt, after `attempts` attempts have failed. */
export function retryDelayMs(attempts: number): number {
  return Math.min(OUTBOX.baseDelayMs * 2 ** Math.max(0, attempts - 1), OUTBOX.maxDelayMs);
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
 * Claims due pending rows by pushing their next attempt past the lease, in one statement.
 * `FOR UPDATE SKIP LOCKED` keeps concurrent workers on PostgreSQL off each other's rows, and the
 * outer WHERE repeats the due test so a row another worker just claimed is not taken again.
 */
async function claimDue(db: Db, options: { now: Date; limit: number; ids?: string[] }): Promise<OutboxRow[]> {
  const { now, limit, ids } = options;
  const due = and(
    eq(outbox.status, 'pending'),
    lte(outbox.nextAttemptAt, now),
    ids ? inArray(outbox.id, ids) : undefined,
  );
  const candidates = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(due)
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + OUTBOX.leaseMs) })
    .where(and(inArray(outbox.id, candidates), due))
    .returning();
}

export interface OutboxRun {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
}

/** Sends due pending messages once each; failures are rescheduled with backoff or given up. */
export async function processOutbox(
  deps: MailDeps,
  options: { now?: Date; ids?: string[]; limit?: number } = {},
): Promise<OutboxRun> {
  const now = options.now ?? new Date();
  const rows = await claimDue(deps.db, { now, limit: options.limit ?? OUTBOX.batchSize, ids: options.ids });
  const run: OutboxRun = { claimed: rows.length, sent: 0, retrying: 0, failed: 0 };
  for (const row of rows) {
    const outcome = await deliver(deps, row, now);
    run[outcome] += 1;
  }
  return run;
}

async function deliver(deps: MailDeps, row: OutboxRow, now: Date): Promise<'sent' | 'retrying' | 'failed'> {
  try {
    await deps.mailTransport.send({
      from: deps.config.mail.from,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      replyTo: row.replyTo,
    });
  } catch (error) {
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    if (row.attempts >= OUTBOX.maxAttempts) {
      await deps.db.update(outbox).set({ status: 'failed', lastError }).where(eq(outbox.id, row.id));
      deps.log.error(
        { outboxId: row.id, to: row.to, subject: row.subject, attempts: row.attempts, err: error },
        'e-mail given up after repeated failures; it stays in the outbox marked failed',
      );
      return 'failed';
    }
    const nextAttemptAt = new Date(now.getTime() + retryDelayMs(row.attempts));
    await deps.db.update(outbox).set({ lastError, nextAttemptAt }).where(eq(outbox.id, row.id));
    deps.log.warn(
      { outboxId: row.id, to: row.to, attempts: row.attempts, nextAttemptAt, err: error },
      'e-mail not sent; kept in the outbox for a retry',
    );
    return 'retrying';
  }
  await deps.db
    .update(outbox)
    .set({ status: 'sent', sentAt: new Date(), lastError: null })
    .where(eq(outbox.id, row.id));
  return 'sent';
}

export interface OutboxWorker {
  /** Stops polling and waits for the current round and any background delivery to finish. */
  stop(): Promise<void>;
}

/** Polls the outbox and sends what is due. Timers are unref'd: the worker never keeps the process alive. */
export function startOutboxWorker(deps: MailDeps, options: { pollMs?: number } = {}): OutboxWorker {
  const pollMs = options.pollMs ?? OUTBOX.pollMs;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | null = null;

  const round = async () => {
    try {
      // Keep going while full batches come back, so a backlog drains without waiting for the poll.
      let run: OutboxRun;
      do run = await processOutbox(deps);
      while (!stopped && run.claimed === OUTBOX.batchSize);
    } catch (error) {
      deps.log.error({ err: error }, 'outbox round failed; will try again');
    }
  };
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = round().finally(() => {
        current = null;
        schedule(pollMs);
      });
    }, delay);
    timer.unref();
  };
  // A first round soon after start sends whatever was left pending before a restart.
  schedule(Math.min(1_000, pollMs));

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (current) await current;
      await settleMail();
    },
  };
}
