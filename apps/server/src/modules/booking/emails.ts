import type { SiteSettings } from '@oasis/shared/api';
import { fmt, type Locale, LOCALE_INFO, localePath, messagesFor } from '@oasis/shared/i18n';
import type { MailMessage } from '../../adapters/mail/index.ts';
import { composeMail, ltr, subjectLine } from '../mail/compose.ts';
import { type CalendarEvent, calendarInvite, googleCalendarLink } from './ics.ts';

/** What a booking e-mail needs to know of the booking: never more than its two parties see. */
export interface BookingMailFacts {
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  name: string;
  email: string;
  phone: string;
  timeZone: string;
  locale: Locale;
  /** The one-use cancel-or-move link's token; null once the booking is cancelled. */
  token: string | null;
}

export interface BookingMailContext {
  settings: SiteSettings;
  siteUrl: string;
  ownerEmail: string;
  ownerLocale: Locale;
  now: Date;
}

export type BookingChange = 'booked' | 'moved' | 'cancelled' | 'reminder';

/** A moment as `locale` reads it in `timeZone` ('Monday 2 March 2026 at 14:00'). */
export function formatWhen(at: Date, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALE_INFO[locale].intl, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(
    at,
  );
}

/** The visitor's time and, when their zone is another, Dubai's beside it. */
function whenFor(facts: BookingMailFacts, locale: Locale, timeZone: string): string {
  const t = messagesFor(locale).bookingMail;
  const dubai = fmt(t.dubaiTime, { time: formatWhen(facts.start, locale, 'Asia/Dubai') });
  return timeZone === 'Asia/Dubai' ? dubai : `${formatWhen(facts.start, locale, timeZone)} (${timeZone}) · ${dubai}`;
}

export function manageLink(siteUrl: string, locale: Locale, token: string): string {
  return `${siteUrl}${localePath(locale, `/booking/${token}`)}`;
}

function event(
  facts: BookingMailFacts,
  ctx: BookingMailContext,
  change: BookingChange,
  description: string,
  locale: Locale,
): CalendarEvent {
  return {
    method: change === 'cancelled' ? 'CANCEL' : 'REQUEST',
    uid: facts.uid,
    sequence: facts.sequence,
    start: facts.start,
    end: facts.end,
    stamp: ctx.now,
    summary: fmt(messagesFor(locale).bookingMail.eventTitle, { brand: ctx.settings.brandName }),
    description,
    organizer: { name: ctx.settings.brandName, email: ctx.ownerEmail },
    attendee: { name: facts.name, email: facts.email },
  };
}

const TEXTS = {
  booked: ['bookedSubject', 'bookedHeading', 'bookedText', 'ownerBookedSubject'],
  moved: ['movedSubject', 'movedHeading', 'movedText', 'ownerMovedSubject'],
  cancelled: ['cancelledSubject', 'cancelledHeading', 'cancelledText', 'ownerCancelledSubject'],
  reminder: ['reminderSubject', 'reminderHeading', 'reminderText', 'ownerBookedSubject'],
} as const;

/**
 * The visitor's e-mail (in the language of the page they booked from) and, except for reminders,
 * the owner's (in the owner's language), each with the invitation attached and, while the booking
 * stands, an 'Add to Google Calendar' link. `ownerNote` is the owner's message when they cancel.
 */
export function bookingEmails(
  facts: BookingMailFacts,
  ctx: BookingMailContext,
  change: BookingChange,
  ownerNote = '',
): MailMessage[] {
  const [subjectKey, headingKey, textKey, ownerSubjectKey] = TEXTS[change];
  const brand = ctx.settings.brandName;
  const v = messagesFor(facts.locale).bookingMail;
  const manage = facts.token ? manageLink(ctx.siteUrl, facts.locale, facts.token) : null;
  const visitorEvent = event(
    facts,
    ctx,
    change,
    manage ? fmt(v.eventDetails, { brand, url: manage }) : fmt(v.eventTitle, { brand }),
    facts.locale,
  );
  const visitorTime = whenFor(facts, facts.locale, facts.timeZone);
  const closing = [
    ...(change !== 'cancelled'
      ? [fmt(v.addToGoogle, { url: ltr(googleCalendarLink(visitorEvent), facts.locale) })]
      : []),
    ...(manage ? [fmt(v.manage, { url: ltr(manage, facts.locale) })] : []),
  ];
  const visitor: MailMessage = {
    ...composeMail({
      to: facts.email,
      replyTo: ctx.ownerEmail,
      subject: fmt(v[subjectKey], { brand }),
      heading: v[headingKey],
      paragraphs: [
        fmt(v[textKey], { time: visitorTime }),
        ...(ownerNote ? [fmt(v.ownerMessage, { brand, message: ownerNote })] : []),
      ],
      closing,
      footer: brand,
      locale: facts.locale,
    }),
    calendarInvite: calendarInvite(visitorEvent),
  };
  if (change === 'reminder') return [visitor];
  const o = messagesFor(ctx.ownerLocale).bookingMail;
  const ownerTime = whenFor(facts, ctx.ownerLocale, 'Asia/Dubai');
  const ownerEvent = event(
    facts,
    ctx,
    change,
    fmt(o.ownerEventDetails, { name: facts.name, email: facts.email, phone: facts.phone }),
    ctx.ownerLocale,
  );
  const owner: MailMessage = {
    ...composeMail({
      to: ctx.ownerEmail,
      replyTo: facts.email,
      subject: subjectLine(fmt(o[ownerSubjectKey], { name: facts.name, time: ownerTime })),
      heading: o.ownerHeading,
      paragraphs: [],
      details: [
        [o.when, ownerTime],
        [o.visitorZone, facts.timeZone],
        [o.name, facts.name],
        [o.email, facts.email],
        [o.phone, facts.phone],
        ...(ownerNote ? ([[o.message, ownerNote]] as [string, string][]) : []),
      ],
      footer: brand,
      locale: ctx.ownerLocale,
    }),
    calendarInvite: calendarInvite(ownerEvent),
  };
  return [visitor, owner];
}
