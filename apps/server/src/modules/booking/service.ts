import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, gte, isNull, lt, lte, sql } from 'drizzle-orm';
import { type Availability, type BusySpan, generateSlots, hasHours } from '@oasis/shared/booking-slots';
import {
  type AvailabilityInput,
  availabilitySchema,
  type Booking,
  type BookingInput,
  type ManagedBooking,
  type SlotList,
} from '@oasis/shared/booking';
import { DEFAULT_LOCALE, type Locale } from '@oasis/shared/i18n';
import type { Db } from '../../db/client.ts';
import { bookingSettings, bookings, leads } from '../../db/schema.ts';
import type { AttributionValues } from '../../lib/attribution.ts';
import type { Deps } from '../../deps.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { deliverSoon, enqueueMail } from '../mail/outbox.ts';
import { isSpam, ownerLocale } from '../leads/service.ts';
import { getSettings } from '../settings/service.ts';
import { isUniqueViolation } from '../users/service.ts';
import { type BookingChange, type BookingMailContext, bookingEmails, formatWhen } from './emails.ts';

type BookingDeps = Pick<Deps, 'db' | 'config' | 'mailTransport' | 'log'>;
type BookingRow = typeof bookings.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The owner's availability, or null when none is stored. */
export async function getAvailability(db: Pick<Db, 'select'>): Promise<Availability | null> {
  const [row] = await db.select().from(bookingSettings).where(eq(bookingSettings.id, 1)).limit(1);
  return row ? availabilitySchema.parse(row.availability) : null;
}

export async function saveAvailability(db: Db, input: AvailabilityInput): Promise<Availability> {
  const availability = availabilitySchema.parse(input);
  await db
    .insert(bookingSettings)
    .values({ id: 1, availability })
    .onConflictDoUpdate({ target: bookingSettings.id, set: { availability, updatedAt: new Date() } });
  return availability;
}

/** Booked spans that start within [from, to). */
async function bookedSpans(db: Pick<Db, 'select'>, from: Date, to: Date, except?: string): Promise<BusySpan[]> {
  const rows = await db
    .select({ id: bookings.id, start: bookings.startsAt, end: bookings.endsAt })
    .from(bookings)
    .where(and(eq(bookings.status, 'booked'), gte(bookings.startsAt, from), lt(bookings.startsAt, to)));
  return rows.filter((r) => r.id !== except).map((r) => ({ start: r.start.getTime(), end: r.end.getTime() }));
}

/** Bookings reach at most a day (plus buffers) before a slot: a margin of two days either side covers any setting. */
const MARGIN = 2 * DAY;

export async function listSlots(db: Db, from: Date, to: Date, now = new Date()): Promise<SlotList> {
  const availability = await getAvailability(db);
  if (!availability || !hasHours(availability)) return { open: false, slotMinutes: 0, slots: [] };
  const busy = await bookedSpans(db, new Date(from.getTime() - MARGIN), new Date(to.getTime() + MARGIN));
  const slots = generateSlots({
    availability,
    bookings: busy,
    from: from.getTime(),
    to: to.getTime(),
    now: now.getTime(),
  });
  return {
    open: true,
    slotMinutes: availability.slotMinutes,
    slots: slots.map((s) => ({
      start: new Date(s.start).toISOString(),
      end: new Date(s.start + availability.slotMinutes * 60_000).toISOString(),
    })),
  };
}

/**
 * Checks inside the caller's transaction that `start` is a free slot now, and gives its end. The
 * transaction first takes one advisory lock that every booking write takes, so two requests for
 * overlapping slots (which the unique index on the start alone would not see) queue one behind
 * the other and the second sees the first's row.
 */
async function claimSlot(tx: Tx, start: Date, now: Date, except?: string): Promise<Date> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('booking-slots', 0))`);
  const availability = await getAvailability(tx);
  if (!availability || !hasHours(availability)) throw conflict('booking.noHours');
  const busy = await bookedSpans(tx, new Date(start.getTime() - MARGIN), new Date(start.getTime() + MARGIN), except);
  const [slot] = generateSlots({
    availability,
    bookings: busy,
    from: start.getTime(),
    to: start.getTime() + 1,
    now: now.getTime(),
  });
  if (slot && slot.start === start.getTime()) return new Date(slot.end);
  const taken = busy.some((b) => b.start === start.getTime());
  throw conflict(taken ? 'booking.slotTaken' : 'booking.slotUnavailable');
}

/** Reminders that would be due at once (a slot less than a day or an hour ahead) count as sent: the confirmation is enough. */
function reminderState(start: Date, now: Date) {
  return {
    reminded24hAt: start.getTime() - now.getTime() <= DAY ? now : null,
    reminded1hAt: start.getTime() - now.getTime() <= HOUR ? now : null,
  };
}

async function mailContext(deps: BookingDeps, now: Date): Promise<BookingMailContext> {
  const settings = await getSettings(deps.db);
  const ownerEmail = deps.config.mail.contactEmail ?? settings.email;
  return {
    settings,
    siteUrl: deps.config.siteUrl,
    ownerEmail,
    ownerLocale: await ownerLocale(deps.db, ownerEmail),
    now,
  };
}

type LeadFacts = Pick<typeof leads.$inferSelect, 'name' | 'email' | 'phone'>;

function mailFacts(row: BookingRow, lead: LeadFacts, token: string | null) {
  return {
    uid: row.icsUid,
    sequence: row.sequence,
    start: row.startsAt,
    end: row.endsAt,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    timeZone: row.timeZone,
    locale: row.locale,
    token,
  };
}

async function leadOf(tx: Pick<Db, 'select'>, leadId: string): Promise<LeadFacts> {
  const [lead] = await tx
    .select({ name: leads.name, email: leads.email, phone: leads.phone })
    .from(leads)
    .where(eq(leads.id, leadId));
  if (!lead) throw notFound('booking.bookingNotFound');
  return lead;
}

/** Runs a booking write; a unique-index clash (a concurrent booking won the slot) is the same 409 as a taken slot. */
async function slotWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('booking.slotTaken');
    throw error;
  }
}

export interface BookingMeta {
  ip: string;
  locale?: Locale;
  /** The visit's touches (lib/attribution.ts `attributionOf`), stored on the booking's lead. */
  attribution?: AttributionValues;
}

/**
 * Books a slot: the consultation lead, its booking and both e-mails in one transaction, the slot
 * checked again inside it. A filled honeypot answers like a booking and stores nothing.
 */
export async function createBooking(
  deps: BookingDeps,
  input: BookingInput & { startsAt: string; timeZone: string },
  meta: BookingMeta,
  now = new Date(),
): Promise<{ startsAt: Date; endsAt: Date }> {
  const start = new Date(input.startsAt);
  if (isSpam(input)) {
    deps.log.info({ ip: meta.ip, form: 'booking' }, 'booking dropped: honeypot filled');
    return { startsAt: start, endsAt: start };
  }
  const locale = meta.locale ?? DEFAULT_LOCALE;
  const ctx = await mailContext(deps, now);
  const { token, hash } = newToken();
  const { row, mailIds } = await slotWrite(() =>
    deps.db.transaction(async (tx) => {
      const end = await claimSlot(tx, start, now);
      const [lead] = await tx
        .insert(leads)
        .values({
          kind: 'consultation',
          name: input.fullName,
          email: input.email,
          phone: input.phone,
          message: input.message ?? '',
          details: {
            investmentInterest: input.investmentInterest,
            investmentAmount: input.investmentAmount,
            preferredTime: formatWhen(start, 'en', 'Asia/Dubai'),
          },
          ip: meta.ip,
          locale,
          ...meta.attribution,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: leads.id });
      const [row] = await tx
        .insert(bookings)
        .values({
          leadId: lead!.id,
          startsAt: start,
          endsAt: end,
          icsUid: `${randomUUID()}@${new URL(deps.config.siteUrl).hostname}`,
          timeZone: input.timeZone,
          locale,
          manageTokenHash: hash,
          ...reminderState(start, now),
        })
        .returning();
      const lead2 = { name: input.fullName, email: input.email, phone: input.phone };
      return { row: row!, mailIds: await enqueueMail(tx, bookingEmails(mailFacts(row!, lead2, token), ctx, 'booked')) };
    }),
  );
  deliverSoon(deps, mailIds);
  return { startsAt: row.startsAt, endsAt: row.endsAt };
}

/** The booking a link's token opens, if the link is still good: unused and before the slot starts. */
async function bookingForToken(db: Pick<Db, 'select'>, token: string, now: Date): Promise<BookingRow> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(eq(bookings.manageTokenHash, hashToken(token)))
    .limit(1);
  if (row?.status !== 'booked') throw notFound('booking.linkInvalid');
  if (row.startsAt.getTime() <= now.getTime()) throw new AppError(410, 'booking.linkExpired');
  return row;
}

function toManaged(row: BookingRow): ManagedBooking {
  return {
    status: row.status,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    timeZone: row.timeZone,
  };
}

export async function getManagedBooking(db: Db, token: string, now = new Date()): Promise<ManagedBooking> {
  return toManaged(await bookingForToken(db, token, now));
}

/**
 * Applies a change to a booking and queues its e-mails in one transaction. The row is locked and
 * its token compared again inside it, so of two uses of one link only the first changes anything.
 */
async function changeBooking(
  deps: BookingDeps,
  find: (tx: Tx) => Promise<BookingRow>,
  change: (
    tx: Tx,
    row: BookingRow,
  ) => Promise<{
    values: Partial<typeof bookings.$inferInsert>;
    kind: BookingChange;
    token: string | null;
    note?: string;
  }>,
  now: Date,
): Promise<BookingRow> {
  const ctx = await mailContext(deps, now);
  const { row, mailIds } = await slotWrite(() =>
    deps.db.transaction(async (tx) => {
      const current = await find(tx);
      const planned = await change(tx, current);
      const [row] = await tx
        .update(bookings)
        .set({ ...planned.values, sequence: sql`${bookings.sequence} + 1`, updatedAt: now })
        .where(and(eq(bookings.id, current.id), eq(bookings.sequence, current.sequence), eq(bookings.status, 'booked')))
        .returning();
      if (!row) throw notFound('booking.linkInvalid');
      const lead = await leadOf(tx, row.leadId);
      const emails = bookingEmails(mailFacts(row, lead, planned.token), ctx, planned.kind, planned.note);
      return { row, mailIds: await enqueueMail(tx, emails) };
    }),
  );
  deliverSoon(deps, mailIds);
  return row;
}

const lockByToken = (token: string, now: Date) => async (tx: Tx) => {
  await tx.execute(sql`select 1 from ${bookings} where ${bookings.manageTokenHash} = ${hashToken(token)} for update`);
  return bookingForToken(tx, token, now);
};

export async function cancelByToken(deps: BookingDeps, token: string, now = new Date()): Promise<ManagedBooking> {
  const row = await changeBooking(
    deps,
    lockByToken(token, now),
    async () => ({
      values: { status: 'cancelled', cancelledAt: now, manageTokenHash: null },
      kind: 'cancelled',
      token: null,
    }),
    now,
  );
  return toManaged(row);
}

/** Moves a booking to another free slot: same UID, a higher SEQUENCE, a new one-use link. */
export async function moveByToken(
  deps: BookingDeps,
  token: string,
  startsAt: string,
  now = new Date(),
): Promise<ManagedBooking & { token: string }> {
  const next = newToken();
  const start = new Date(startsAt);
  const row = await changeBooking(
    deps,
    lockByToken(token, now),
    async (tx, current) => {
      const end = await claimSlot(tx, start, now, current.id);
      return {
        values: { startsAt: start, endsAt: end, manageTokenHash: next.hash, ...reminderState(start, now) },
        kind: 'moved',
        token: next.token,
      };
    },
    now,
  );
  return { ...toManaged(row), token: next.token };
}

/** The owner cancels a booking; the visitor is told, with the owner's message if any. */
export async function cancelByOwner(
  deps: BookingDeps,
  id: string,
  message: string,
  now = new Date(),
): Promise<Booking> {
  const row = await changeBooking(
    deps,
    async (tx) => {
      const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
      if (!row) throw notFound('booking.bookingNotFound');
      if (row.status !== 'booked') throw conflict('booking.alreadyCancelled');
      return row;
    },
    async () => ({
      values: { status: 'cancelled', cancelledAt: now, manageTokenHash: null },
      kind: 'cancelled',
      token: null,
      note: message,
    }),
    now,
  );
  return toBooking(row, await leadOf(deps.db, row.leadId));
}

function toBooking(row: BookingRow, lead: LeadFacts): Booking {
  return {
    _id: row.id,
    leadId: row.leadId,
    ...lead,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status: row.status,
    timeZone: row.timeZone,
    sequence: row.sequence,
  };
}

/** Booked consultations that have not ended, soonest first. */
export async function listUpcoming(db: Db, now = new Date()): Promise<Booking[]> {
  const rows = await db
    .select({ booking: bookings, lead: { name: leads.name, email: leads.email, phone: leads.phone } })
    .from(bookings)
    .innerJoin(leads, eq(leads.id, bookings.leadId))
    .where(and(eq(bookings.status, 'booked'), gt(bookings.endsAt, now)))
    .orderBy(asc(bookings.startsAt))
    .limit(200);
  return rows.map((r) => toBooking(r.booking, r.lead));
}

/**
 * Sends the reminders that are due: 24 hours and 1 hour before. Each is claimed by setting its
 * column in an UPDATE … WHERE it IS NULL … RETURNING, in the transaction that queues its e-mail,
 * so across instances each reminder goes out once.
 */
export async function sendDueReminders(deps: BookingDeps, now = new Date()): Promise<number> {
  const ctx = await mailContext(deps, now);
  let sent = 0;
  for (const [column, ahead] of [
    [bookings.reminded24hAt, DAY],
    [bookings.reminded1hAt, HOUR],
  ] as const) {
    const mailIds = await deps.db.transaction(async (tx) => {
      const claimed = await tx
        .update(bookings)
        .set(column === bookings.reminded24hAt ? { reminded24hAt: now } : { reminded1hAt: now })
        .where(
          and(
            eq(bookings.status, 'booked'),
            isNull(column),
            gt(bookings.startsAt, now),
            lte(bookings.startsAt, new Date(now.getTime() + ahead)),
          ),
        )
        .returning();
      const ids: string[] = [];
      for (const row of claimed) {
        const lead = await leadOf(tx, row.leadId);
        // No new link in a reminder: the link from the last confirmation still works.
        ids.push(...(await enqueueMail(tx, bookingEmails(mailFacts(row, lead, null), ctx, 'reminder'))));
      }
      sent += claimed.length;
      return ids;
    });
    deliverSoon(deps, mailIds);
  }
  return sent;
}
