import type { SiteSettings } from '@oasis/shared/api';
import { fmt, type Locale, LOCALE_INFO, type Messages, messagesFor } from '@oasis/shared/i18n';
import type { QueryType } from '@oasis/shared/lead-rules';
import type { ConsultationInput, ContactInput } from '@oasis/shared/leads';
import type { MailMessage } from '../../adapters/mail/index.ts';
import { composeMail, ltr, type MailContent, siteLink } from '../mail/compose.ts';

export interface LeadMailContext {
  /** Where notifications go: CONTACT_EMAIL, else the site settings' e-mail. */
  ownerEmail: string;
  /** The language of the notifications: the owner's admin account's, English without one. */
  ownerLocale: Locale;
  /** The language of the page the form was sent from: the visitor's acknowledgement is in it. */
  locale: Locale;
  settings: SiteSettings;
  siteUrl: string;
  receivedAt: Date;
}

type MailTexts = Messages['mail'];

function formatReceived(date: Date, locale: Locale): string {
  const when = new Intl.DateTimeFormat(LOCALE_INFO[locale].intl, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'Asia/Dubai',
  }).format(date);
  return fmt(messagesFor(locale).mail.receivedAt, { when });
}

/** The forms' fixed choices as the e-mails show them (a value outside the lists is shown as it is). */
const CHOICE_KEYS: Readonly<Record<string, keyof MailTexts>> = {
  consultation: 'queryConsultation',
  course: 'queryCourse',
  Investment: 'interestInvestment',
  Relocation: 'interestRelocation',
  'Holiday Home': 'interestHolidayHome',
  '1m-2m': 'amount1m2m',
  '3m-5m': 'amount3m5m',
  '6m+': 'amount6mPlus',
  'Weekday AM': 'timeWeekdayAm',
  'Weekday PM': 'timeWeekdayPm',
  'Weekend AM': 'timeWeekendAm',
  'Weekend PM': 'timeWeekendPm',
};

function choice(t: MailTexts, value: string): string {
  const key = Object.hasOwn(CHOICE_KEYS, value) ? CHOICE_KEYS[value] : undefined;
  const text = key ? t[key] : undefined;
  return typeof text === 'string' ? text : value;
}

const allLeads = (ctx: LeadMailContext, t: MailTexts) =>
  fmt(t.allLeads, { url: ltr(siteLink(ctx.siteUrl, ctx.ownerLocale, '/admin/dashboard/leads'), ctx.ownerLocale) });

/** The small print of an acknowledgement: brand, phone and site, each kept in its own direction. */
const signature = (ctx: LeadMailContext) =>
  `${ctx.settings.brandName} · ${ltr(ctx.settings.phone, ctx.locale)} · ${ltr(siteLink(ctx.siteUrl, ctx.locale), ctx.locale)}`;

/** What a lead's e-mail says; who it goes to, its language, closing and footer follow from its kind. */
type LeadMailParts = Pick<MailContent, 'subject' | 'heading' | 'paragraphs' | 'details'>;

/** The owner's notice of a lead: in the owner's language, answered to the visitor, linking to all leads. */
function ownerNotice(ctx: LeadMailContext, replyTo: string, parts: LeadMailParts): MailMessage {
  return composeMail({
    ...parts,
    to: ctx.ownerEmail,
    replyTo,
    closing: [allLeads(ctx, messagesFor(ctx.ownerLocale).mail)],
    footer: ctx.settings.brandName,
    locale: ctx.ownerLocale,
  });
}

/** The visitor's acknowledgement: in the page's language, answered to the owner, then `ignore` and the signature. */
function acknowledgement(ctx: LeadMailContext, to: string, ignore: string, parts: LeadMailParts): MailMessage {
  return composeMail({
    ...parts,
    to,
    replyTo: ctx.ownerEmail,
    closing: [ignore, signature(ctx)],
    footer: ctx.settings.brandName,
    locale: ctx.locale,
  });
}

/*
 * The acknowledgements go to an address anyone can type into a public form, so they never repeat
 * the visitor's free text (name, message): the form cannot be used to send someone else a
 * message of a spammer's choosing. They carry only our wording and choices from fixed lists.
 */

export function contactEmails(input: ContactInput, ctx: LeadMailContext): MailMessage[] {
  const name = `${input.first_name} ${input.last_name}`;
  const brand = ctx.settings.brandName;
  const owner = messagesFor(ctx.ownerLocale).mail;
  const visitor = messagesFor(ctx.locale).mail;
  const queryType = (t: MailTexts) => choice(t, input.query_type as QueryType);
  const notification = ownerNotice(ctx, input.user_email, {
    subject: fmt(owner.contactSubject, { name }),
    heading: owner.contactHeading,
    paragraphs: [fmt(owner.contactIntro, { name })],
    details: [
      [owner.firstName, input.first_name],
      [owner.lastName, input.last_name],
      [owner.email, input.user_email],
      [owner.phone, `${input.country_code}${input.phone_number}`],
      [owner.queryType, queryType(owner)],
      [owner.received, formatReceived(ctx.receivedAt, ctx.ownerLocale)],
      [owner.message, input.message],
    ],
  });
  const ack = acknowledgement(ctx, input.user_email, visitor.contactAckIgnore, {
    subject: fmt(visitor.contactAckSubject, { brand }),
    heading: visitor.contactAckHeading,
    paragraphs: [fmt(visitor.contactAckText, { topic: queryType(visitor).toLowerCase() })],
  });
  return [notification, ack];
}

export function consultationEmails(input: ConsultationInput, ctx: LeadMailContext): MailMessage[] {
  const brand = ctx.settings.brandName;
  const owner = messagesFor(ctx.ownerLocale).mail;
  const visitor = messagesFor(ctx.locale).mail;
  const choices = (t: MailTexts): [string, string][] => [
    [t.investmentInterest, choice(t, input.investmentInterest)],
    [t.investmentAmount, choice(t, input.investmentAmount)],
    [t.preferredTime, choice(t, input.preferredTime)],
  ];
  const notification = ownerNotice(ctx, input.email, {
    subject: fmt(owner.consultationSubject, { name: input.fullName }),
    heading: owner.consultationHeading,
    paragraphs: [fmt(owner.consultationIntro, { name: input.fullName })],
    details: [
      [owner.fullName, input.fullName],
      [owner.email, input.email],
      [owner.phone, input.phone],
      ...choices(owner),
      [owner.received, formatReceived(ctx.receivedAt, ctx.ownerLocale)],
    ],
  });
  const ack = acknowledgement(ctx, input.email, visitor.consultationAckIgnore, {
    subject: fmt(visitor.consultationAckSubject, { brand }),
    heading: visitor.consultationAckHeading,
    paragraphs: [visitor.consultationAckText],
    details: choices(visitor),
  });
  return [notification, ack];
}
