import { and, asc, count, eq, ilike, lte, notInArray, or, type SQL } from 'drizzle-orm';
import { DEFAULT_LOCALE, type Locale } from '@oasis/shared/i18n';
import { HONEYPOT_FIELD, QUERY_TYPE_LABELS, type QueryType } from '@oasis/shared/lead-rules';
import {
  CLOSED_LEAD_STATUSES,
  type ConsultationInput,
  type ContactInput,
  LEAD_KIND_LABELS,
  LEAD_STATUS_LABELS,
  LEADS_PAGE_SIZE,
  type Lead,
  type LeadFilter,
  type LeadList,
  type LeadListQuery,
  type LeadChange,
  type LeadDetail,
  type LeadPipeline,
  type LeadStatus,
  LEAD_STATUSES,
} from '@oasis/shared/leads';
import { DUBAI_OFFSET_MS } from '@oasis/shared/dubai-time';
import { LIST_SEARCH_TOTAL_CAP, LIST_TOTAL_CAP } from '@oasis/shared/admin/cursor-paging';
import type { MailMessage } from '../../adapters/mail/index.ts';
import type { Db } from '../../db/client.ts';
import { leadEvents, leadNotes, leads, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { AttributionValues } from '../../lib/attribution.ts';
import { notFound } from '../../lib/errors.ts';
import { cappedCount, keysetPage, keyText, newestFirst, olderThan, type RowKey } from '../../lib/keyset.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { deliverSoon, enqueueMail } from '../mail/outbox.ts';
import { getSettings } from '../settings/service.ts';
import { normalizeEmail } from '../users/service.ts';
import { toCsv } from '../../lib/csv.ts';
import { consultationEmails, contactEmails, type LeadMailContext } from './emails.ts';

type LeadRow = typeof leads.$inferSelect;
type NewLead = typeof leads.$inferInsert;
type LeadDeps = Pick<Deps, 'db' | 'config' | 'mailTransport' | 'log'>;

/** True when the hidden field real people never see was filled in: a bot. */
export function isSpam(input: { [HONEYPOT_FIELD]?: unknown }): boolean {
  const value = input[HONEYPOT_FIELD];
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

/**
 * Stores the lead and its two e-mails in one transaction, then tries to send the e-mails in the
 * background. The visitor's request finishes once the lead is stored: mail being down or slow
 * never loses a lead or fails the form (the outbox retries).
 */
async function storeLead(
  deps: LeadDeps,
  lead: NewLead & { locale: Locale },
  emails: (ctx: LeadMailContext) => MailMessage[],
) {
  const settings = await getSettings(deps.db);
  const receivedAt = new Date();
  const ownerEmail = deps.config.mail.contactEmail ?? settings.email;
  const ctx: LeadMailContext = {
    ownerEmail,
    ownerLocale: await ownerLocale(deps.db, ownerEmail),
    locale: lead.locale,
    settings,
    siteUrl: deps.config.siteUrl,
    receivedAt,
  };
  const mailIds = await deps.db.transaction(async (tx) => {
    await tx.insert(leads).values({ ...lead, createdAt: receivedAt, updatedAt: receivedAt });
    return enqueueMail(tx, emails(ctx));
  });
  deliverSoon(deps, mailIds);
}

/**
 * The language of the owner's notifications: that of the admin account with the owner's address,
 * English when no admin account has it.
 */
export async function ownerLocale(db: Db, ownerEmail: string): Promise<Locale> {
  const [admin] = await db
    .select({ locale: users.locale })
    .from(users)
    .where(and(eq(users.email, normalizeEmail(ownerEmail)), eq(users.role, 'admin')))
    .limit(1);
  return admin?.locale ?? DEFAULT_LOCALE;
}

/**
 * Where a lead came from: the address, the language of the page its form was on, and the visit's
 * touches (lib/attribution.ts `attributionOf`).
 */
export interface LeadMeta {
  ip: string;
  locale?: Locale;
  attribution?: AttributionValues;
}

/** The columns every kind of lead takes from its meta. */
export function leadOrigin(meta: LeadMeta) {
  return { ip: meta.ip, locale: meta.locale ?? DEFAULT_LOCALE, ...meta.attribution };
}

export async function submitContact(deps: LeadDeps, input: ContactInput, meta: LeadMeta): Promise<void> {
  if (isSpam(input)) {
    deps.log.info({ ip: meta.ip, form: 'contact' }, 'lead dropped: honeypot filled');
    return;
  }
  await storeLead(
    deps,
    {
      kind: 'contact',
      name: `${input.first_name} ${input.last_name}`,
      email: input.user_email,
      phone: `${input.country_code}${input.phone_number}`,
      message: input.message,
      details: {
        first_name: input.first_name,
        last_name: input.last_name,
        country_code: input.country_code,
        phone_number: input.phone_number,
        query_type: input.query_type,
      },
      ...leadOrigin(meta),
    },
    (ctx) => contactEmails(input, ctx),
  );
}

export async function submitConsultation(deps: LeadDeps, input: ConsultationInput, meta: LeadMeta): Promise<void> {
  if (isSpam(input)) {
    deps.log.info({ ip: meta.ip, form: 'consultation' }, 'lead dropped: honeypot filled');
    return;
  }
  await storeLead(
    deps,
    {
      kind: 'consultation',
      name: input.fullName,
      email: input.email,
      phone: input.phone,
      message: '',
      details: {
        investmentInterest: input.investmentInterest,
        investmentAmount: input.investmentAmount,
        preferredTime: input.preferredTime,
      },
      ...leadOrigin(meta),
    },
    (ctx) => consultationEmails(input, ctx),
  );
}

export function toLead(row: LeadRow): Lead {
  return {
    _id: row.id,
    kind: row.kind,
    status: row.status,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt ? row.handledAt.toISOString() : null,
    followUpOn: row.followUpOn,
    courseId: row.courseId,
    firstTouch: row.firstChannel
      ? { channel: row.firstChannel, source: row.firstSource, campaign: row.firstCampaign }
      : null,
  };
}

/** Today's date in Dubai (YYYY-MM-DD): follow-ups are days there, whatever the server's zone. */
export function dubaiToday(now = new Date()): string {
  return new Date(now.getTime() + DUBAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** Due for a follow-up: a follow-up day of today or before, in a stage that is still open. */
const dueBy = (day: string) => and(lte(leads.followUpOn, day), notInArray(leads.status, [...CLOSED_LEAD_STATUSES]));

export function leadFilterWhere(filter: LeadFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filter.kind ? eq(leads.kind, filter.kind) : undefined,
    filter.status ? eq(leads.status, filter.status) : undefined,
    filter.due === 'today' ? dueBy(dubaiToday()) : undefined,
  ];
  const q = filter.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    // Phones are stored without spaces or dashes; '+971 50 123' should still find them.
    const phoneDigits = q.replace(/[\s\-.()]/g, '');
    conditions.push(
      or(
        ilike(leads.name, pattern),
        ilike(leads.email, pattern),
        ilike(leads.phone, phoneDigits ? containsPattern(phoneDigits) : pattern),
        ilike(leads.message, pattern),
      ),
    );
  }
  return and(...conditions);
}

/**
 * Newest first, a page at a time after the cursor of the page before (lib/keyset.ts), with the
 * matches counted up to LIST_TOTAL_CAP (LIST_SEARCH_TOTAL_CAP for a search). A rare search word is
 * read from the trigram indexes (migration 0004); a common one from the newest-first index, which
 * finds a page of matches in its first few hundred rows: the planner picks.
 */
export async function listLeads(db: Db, query: LeadListQuery): Promise<LeadList> {
  const where = leadFilterWhere(query);
  const [page, total] = await Promise.all([
    keysetPage({
      columns: leads,
      where,
      cursor: query.cursor,
      pageSize: LEADS_PAGE_SIZE,
      read: async (condition, orderBy, limit) => {
        const rows = await db
          .select({ lead: leads, at: keyText(leads.createdAt) })
          .from(leads)
          .where(condition)
          .orderBy(...orderBy)
          .limit(limit);
        return rows.map(({ lead, at }) => ({ ...lead, at }));
      },
    }),
    cappedCount(db, leads, where, query.q?.trim() ? LIST_SEARCH_TOTAL_CAP : LIST_TOTAL_CAP),
  ]);
  return {
    leads: page.rows.map(toLead),
    ...total,
    offset: page.offset,
    pageSize: LEADS_PAGE_SIZE,
    next: page.next,
    prev: page.prev,
  };
}

export async function getLead(db: Db, id: string): Promise<LeadDetail> {
  const [row] = await db.select().from(leads).where(eq(leads.id, id)).limit(1);
  if (!row) throw notFound('api.leadNotFound');
  const [notes, events] = await Promise.all([
    db
      .select({ note: leadNotes, author: users.name })
      .from(leadNotes)
      .leftJoin(users, eq(users.id, leadNotes.authorId))
      .where(eq(leadNotes.leadId, id))
      .orderBy(asc(leadNotes.createdAt), asc(leadNotes.id)),
    db
      .select({ event: leadEvents, actor: users.name })
      .from(leadEvents)
      .leftJoin(users, eq(users.id, leadEvents.actorId))
      .where(eq(leadEvents.leadId, id))
      .orderBy(asc(leadEvents.createdAt), asc(leadEvents.id)),
  ]);
  return {
    ...toLead(row),
    notes: notes.map(({ note, author }) => ({
      _id: note.id,
      body: note.body,
      author,
      createdAt: note.createdAt.toISOString(),
    })),
    events: events.map(({ event, actor }) => ({
      _id: event.id,
      field: event.field,
      from: event.fromValue,
      to: event.toValue,
      actor,
      createdAt: event.createdAt.toISOString(),
    })),
  };
}

/**
 * Moves a lead to a stage and/or sets its follow-up day, recording each real change in its history
 * (who, when, from, to) in the same transaction. The row is locked while it is read, so two
 * admins' changes at once each record the value they replaced.
 */
export async function changeLead(db: Db, id: string, change: LeadChange, actorId: string): Promise<Lead> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(leads).where(eq(leads.id, id)).for('update').limit(1);
    if (!current) throw notFound('api.leadNotFound');
    const now = new Date();
    const events: (typeof leadEvents.$inferInsert)[] = [];
    const set: Partial<typeof leads.$inferInsert> = {};
    if (change.status !== undefined && change.status !== current.status) {
      set.status = change.status;
      // When the lead first left 'new' (the inbox's old 'handled' time); cleared when it is new again.
      set.handledAt = change.status === 'new' ? null : (current.handledAt ?? now);
      events.push({ leadId: id, actorId, field: 'status', fromValue: current.status, toValue: change.status });
    }
    if (change.followUpOn !== undefined && change.followUpOn !== current.followUpOn) {
      set.followUpOn = change.followUpOn;
      events.push({
        leadId: id,
        actorId,
        field: 'followUpOn',
        fromValue: current.followUpOn,
        toValue: change.followUpOn,
      });
    }
    if (events.length === 0) return toLead(current);
    const [row] = await tx.update(leads).set(set).where(eq(leads.id, id)).returning();
    // One change's parts a millisecond apart, so the history lists them in the order made (stage first).
    await tx
      .insert(leadEvents)
      .values(events.map((event, index) => ({ ...event, createdAt: new Date(now.getTime() + index) })));
    return toLead(row as LeadRow);
  });
}

export async function addLeadNote(db: Db, id: string, body: string, authorId: string): Promise<void> {
  const [row] = await db.select({ id: leads.id }).from(leads).where(eq(leads.id, id)).limit(1);
  if (!row) throw notFound('api.leadNotFound');
  await db.insert(leadNotes).values({ leadId: id, authorId, body });
}

export async function countLeads(db: Db, filter: { status?: LeadStatus }): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(leads)
    .where(filter.status ? eq(leads.status, filter.status) : undefined);
  return row?.value ?? 0;
}

/** Leads per stage and those due today: two index-friendly counts for the dashboard. */
export async function leadPipeline(db: Db, now = new Date()): Promise<LeadPipeline> {
  const [rows, [due]] = await Promise.all([
    db.select({ status: leads.status, value: count() }).from(leads).groupBy(leads.status),
    db
      .select({ value: count() })
      .from(leads)
      .where(dueBy(dubaiToday(now))),
  ]);
  const stages = Object.fromEntries(LEAD_STATUSES.map((stage) => [stage, 0])) as Record<LeadStatus, number>;
  for (const row of rows) if (row.status in stages) stages[row.status] = row.value;
  return { stages, dueToday: due?.value ?? 0 };
}

/** Rows read per query while exporting: memory stays flat however large the inbox grows. */
export const EXPORT_BATCH_ROWS = 5000;

const CSV_HEADER = [
  'Received',
  'Kind',
  'Status',
  'Name',
  'Email',
  'Phone',
  'Message',
  'Query type',
  'Investment interest',
  'Investment amount',
  'Preferred time',
  'Handled at',
  'Follow-up',
  'First channel',
  'First source',
  'First campaign',
  'Last channel',
  'Last source',
  'Last campaign',
];

function csvRow(row: LeadRow): string[] {
  const d = row.details;
  const queryType = d.query_type ? (QUERY_TYPE_LABELS[d.query_type as QueryType] ?? d.query_type) : '';
  return [
    row.createdAt.toISOString(),
    LEAD_KIND_LABELS[row.kind],
    LEAD_STATUS_LABELS[row.status],
    row.name,
    row.email,
    row.phone,
    row.message,
    queryType,
    d.investmentInterest ?? '',
    d.investmentAmount ?? '',
    d.preferredTime ?? '',
    row.handledAt ? row.handledAt.toISOString() : '',
    row.followUpOn ?? '',
    row.firstChannel ?? '',
    row.firstSource ?? '',
    row.firstCampaign ?? '',
    row.lastChannel ?? '',
    row.lastSource ?? '',
    row.lastCampaign ?? '',
  ];
}

/**
 * Every lead matching the filter as CSV, newest first, for a spreadsheet: the header, then one chunk
 * per batch of rows. Batches follow the last row seen (created_at, id; lib/keyset.ts), not an OFFSET,
 * so each query is an index range however deep into the inbox it is, and the export holds one batch
 * at a time.
 */
export async function* exportLeadsCsv(
  db: Db,
  filter: LeadFilter,
  batchRows = EXPORT_BATCH_ROWS,
): AsyncGenerator<string> {
  yield toCsv([CSV_HEADER]);
  const where = leadFilterWhere(filter);
  let after: RowKey | null = null;
  for (;;) {
    const rows = await db
      .select({ lead: leads, at: keyText(leads.createdAt) })
      .from(leads)
      .where(after ? and(where, olderThan(leads, after)) : where)
      .orderBy(...newestFirst(leads))
      .limit(batchRows);
    if (rows.length > 0) yield toCsv(rows.map((r) => csvRow(r.lead)));
    if (rows.length < batchRows) return;
    const last = rows[rows.length - 1] as (typeof rows)[number];
    after = { at: last.at, id: last.lead.id };
  }
}
