import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { isLocale, type Locale } from '@oasis/shared/i18n';
import type { MailHeaders } from '../../adapters/mail/index.ts';
import type { Db } from '../../db/client.ts';
import { mailUnsubscribes } from '../../db/schema.ts';

/**
 * Unsubscribing from a topic of e-mails without signing in. Each e-mail of a topic carries a link
 * with a token that names the address, the topic and the page's language, signed with HMAC-SHA256
 * (the media signing key, kept apart by a prefix): it cannot be made for another address or topic.
 * It does not expire, as unsubscribe links should not. Opening the link only asks (mail scanners
 * open links on their own); the page's button POSTs, and only that unsubscribes.
 */
export const MAIL_TOPICS = ['course-reminders', 'waitlist'] as const;
export type MailTopic = (typeof MAIL_TOPICS)[number];

export interface Unsubscribe {
  address: string;
  topic: MailTopic;
  locale: Locale;
}

/** The path of the unsubscribe page, which also takes the POST (and one-click unsubscribes). */
export const UNSUBSCRIBE_PATH = '/api/mail/unsubscribe';

const normal = (address: string) => address.trim().toLowerCase();

function signature(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`mail-unsubscribe:${payload}`).digest('base64url');
}

export function signUnsubscribeToken(secret: string, { address, topic, locale }: Unsubscribe): string {
  const payload = Buffer.from(JSON.stringify([normal(address), topic, locale])).toString('base64url');
  return `${payload}.${signature(secret, payload)}`;
}

/** The unsubscribe behind a token, or null when it is malformed or its signature does not match. */
export function readUnsubscribeToken(secret: string, token: string | undefined): Unsubscribe | null {
  if (!token || token.length > 600 || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [payload = '', sig = ''] = token.split('.');
  const expected = Buffer.from(signature(secret, payload));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const [address, topic, locale] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown[];
    if (typeof address !== 'string' || !MAIL_TOPICS.includes(topic as MailTopic) || !isLocale(locale)) return null;
    return { address, topic: topic as MailTopic, locale };
  } catch {
    return null;
  }
}

/** The full unsubscribe link for an e-mail to `address` of `topic`. */
export function unsubscribeUrl(siteUrl: string, secret: string, unsubscribe: Unsubscribe): string {
  return `${siteUrl}${UNSUBSCRIBE_PATH}?t=${signUnsubscribeToken(secret, unsubscribe)}`;
}

/**
 * The headers of RFC 8058's one-click unsubscribe for a message whose unsubscribe link is `url`:
 * a mail program shows its own Unsubscribe button and POSTs `List-Unsubscribe=One-Click` to the
 * link, which the unsubscribe route takes as the page's button (the token is the only proof).
 */
export function unsubscribeHeaders(url: string): MailHeaders {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** Records that the address wants no more e-mails of the topic. Idempotent. */
export async function unsubscribe(db: Db, address: string, topic: MailTopic): Promise<void> {
  await db
    .insert(mailUnsubscribes)
    .values({ address: normal(address), topic })
    .onConflictDoNothing();
}

export async function isUnsubscribed(db: Db, address: string, topic: MailTopic): Promise<boolean> {
  const [row] = await db
    .select({ address: mailUnsubscribes.address })
    .from(mailUnsubscribes)
    .where(and(eq(mailUnsubscribes.address, normal(address)), eq(mailUnsubscribes.topic, topic)))
    .limit(1);
  return Boolean(row);
}
