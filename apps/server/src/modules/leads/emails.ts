import type { SiteSettings } from '@oasis/shared/api';
import { QUERY_TYPE_LABELS, type QueryType } from '@oasis/shared/lead-rules';
import type { ConsultationInput, ContactInput } from '@oasis/shared/leads';
import type { MailMessage } from '../../adapters/mail/index.ts';
import { composeMail } from '../mail/compose.ts';

export interface LeadMailContext {
  /** Where notifications go: CONTACT_EMAIL, else the site settings' e-mail. */
  ownerEmail: string;
  settings: SiteSettings;
  siteUrl: string;
  receivedAt: Date;
}

function formatReceived(date: Date): string {
  const when = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'Asia/Dubai',
  }).format(date);
  return `${when} (Dubai time)`;
}

/*
 * The acknowledgements go to an address anyone can type into a public form, so they never repeat
 * the visitor's free text (name, message): the form cannot be used to send someone else a
 * message of a spammer's choosing. They carry only our wording and choices from fixed lists.
 */

export function contactEmails(input: ContactInput, ctx: LeadMailContext): MailMessage[] {
  const name = `${input.first_name} ${input.last_name}`;
  const queryType = QUERY_TYPE_LABELS[input.query_type as QueryType] ?? input.query_type;
  const brand = ctx.settings.brandName;
  const notification = composeMail({
    to: ctx.ownerEmail,
    replyTo: input.user_email,
    subject: `New contact message from ${name}`,
    heading: 'New contact message',
    paragraphs: [`${name} sent a message through the contact form. Reply to this e-mail to answer them.`],
    details: [
      ['First name', input.first_name],
      ['Last name', input.last_name],
      ['Email', input.user_email],
      ['Phone', `${input.country_code}${input.phone_number}`],
      ['Query type', queryType],
      ['Received', formatReceived(ctx.receivedAt)],
      ['Message', input.message],
    ],
    closing: [`All messages and consultation requests: ${ctx.siteUrl}/admin/dashboard/leads`],
    footer: brand,
  });
  const acknowledgement = composeMail({
    to: input.user_email,
    replyTo: ctx.ownerEmail,
    subject: `We received your message | ${brand}`,
    heading: 'Thank you for getting in touch',
    paragraphs: [
      `We have received your message about: ${queryType.toLowerCase()}. We will reply to this address as soon as we can.`,
    ],
    closing: [
      'If you did not send this message, you can ignore this e-mail.',
      `${brand} · ${ctx.settings.phone} · ${ctx.siteUrl}`,
    ],
    footer: brand,
  });
  return [notification, acknowledgement];
}

export function consultationEmails(input: ConsultationInput, ctx: LeadMailContext): MailMessage[] {
  const brand = ctx.settings.brandName;
  const choices: [string, string][] = [
    ['Investment interest', input.investmentInterest],
    ['Investment amount', input.investmentAmount],
    ['Preferred time', input.preferredTime],
  ];
  const notification = composeMail({
    to: ctx.ownerEmail,
    replyTo: input.email,
    subject: `New consultation request from ${input.fullName}`,
    heading: 'New consultation request',
    paragraphs: [`${input.fullName} booked a free consultation. They were promised a reply within 24 business hours.`],
    details: [
      ['Full name', input.fullName],
      ['Email', input.email],
      ['Phone', input.phone],
      ...choices,
      ['Received', formatReceived(ctx.receivedAt)],
    ],
    closing: [`All messages and consultation requests: ${ctx.siteUrl}/admin/dashboard/leads`],
    footer: brand,
  });
  const acknowledgement = composeMail({
    to: input.email,
    replyTo: ctx.ownerEmail,
    subject: `Your free consultation request | ${brand}`,
    heading: 'Thank you for booking a free consultation',
    paragraphs: ['We have received your request and will get back to you within 24 business hours.'],
    details: choices,
    closing: [
      'If you did not make this request, you can ignore this e-mail.',
      `${brand} · ${ctx.settings.phone} · ${ctx.siteUrl}`,
    ],
    footer: brand,
  });
  return [notification, acknowledgement];
}
