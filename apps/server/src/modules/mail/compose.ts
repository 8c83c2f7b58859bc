import { DEFAULT_LOCALE, type Locale, LOCALE_INFO, localePath } from '@oasis/shared/i18n';
import type { MailMessage } from '../../adapters/mail/index.ts';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and attribute values. Every piece of user text goes through it. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Marks a left-to-right run in right-to-left text: Unicode's left-to-right isolate … pop isolate. */
const LTR_START = '\u2066';
const LTR_END = '\u2069';

/**
 * `text` (an address, a phone number, a link) kept left to right inside a right-to-left e-mail: the
 * plain text carries Unicode isolates around it, the HTML a `dir="ltr"` span (`mailHtml`), so that
 * '+971 50 123 4567' keeps its order. English e-mails get the text as it is.
 */
export function ltr(text: string, locale: Locale): string {
  return LOCALE_INFO[locale].dir === 'rtl' ? `${LTR_START}${text}${LTR_END}` : text;
}

/** Escaped text for HTML, with the runs `ltr` marked as left-to-right spans. */
export function mailHtml(value: string): string {
  return escapeHtml(value).replace(
    new RegExp(`${LTR_START}([^${LTR_START}${LTR_END}]*)${LTR_END}`, 'g'),
    '<span dir="ltr">$1</span>',
  );
}

/** The body of a hand-written HTML e-mail in `locale`: English as it is, Arabic right to left. */
export function htmlInLocale(html: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return html;
  const { lang, dir } = LOCALE_INFO[locale];
  return `<div lang="${lang}" dir="${dir}">${html}</div>`;
}

/** An address on the site in `locale`: `siteUrl` + `/ar/reset-password/…`; the home page is `siteUrl` in English. */
export function siteLink(siteUrl: string, locale: Locale, path = '/'): string {
  if (path === '/' && locale === DEFAULT_LOCALE) return siteUrl;
  return `${siteUrl}${localePath(locale, path)}`;
}

/** Subjects are one line: user text in them loses line breaks (no header tricks) and is cut short. */
export function subjectLine(value: string, max = 150): string {
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export interface MailContent {
  to: string;
  subject: string;
  replyTo?: string | null;
  /** Shown at the top of the HTML version. */
  heading: string;
  /** Plain-text paragraphs before the details. */
  paragraphs: string[];
  /** Label → value pairs; multi-line values (a message) keep their line breaks. */
  details?: [label: string, value: string][];
  /** Plain-text paragraphs after the details. */
  closing?: string[];
  /** Small print at the bottom (the brand name). */
  footer: string;
  /** The recipient's language: right to left, with `lang` and `dir`, in Arabic. English by default. */
  locale?: Locale;
}

/**
 * Builds a message with a plain-text part and a simple HTML part from the same content. The
 * inputs are plain text: the HTML part escapes all of it, so a visitor's text can never become markup.
 */
export function composeMail(content: MailContent): MailMessage {
  const details = content.details ?? [];
  const closing = content.closing ?? [];

  const locale = content.locale ?? DEFAULT_LOCALE;
  const rtl = LOCALE_INFO[locale].dir === 'rtl';
  // Right to left, a one-line value keeps its own direction (first strong isolate): an Arabic name
  // reads right to left, a phone number or an address left to right.
  const textDetails = details.map(([label, value]) =>
    value.includes('\n') ? `${label}:\n${value}` : `${label}: ${rtl ? `\u2068${value}\u2069` : value}`,
  );
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(textDetails.length ? [...textDetails, ''] : []),
    ...closing.flatMap((p) => [p, '']),
    '—',
    content.footer,
  ].join('\n');

  const paragraph = (p: string) => `<p style="margin:0 0 16px">${mailHtml(p)}</p>`;
  // Right to left: labels on the right, and each value set its own way (an Arabic name reads right
  // to left, an address or a phone number left to right).
  const th = rtl
    ? '<th align="right" valign="top" style="padding:6px 0 6px 12px;'
    : '<th align="left" valign="top" style="padding:6px 12px 6px 0;';
  const td = rtl
    ? '<td dir="auto" style="padding:6px 0;white-space:pre-wrap">'
    : '<td style="padding:6px 0;white-space:pre-wrap">';
  const rows = details
    .map(
      ([label, value]) =>
        `<tr>${th}color:#475569;font-weight:600;white-space:nowrap">${escapeHtml(label)}</th>` +
        `${td}${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const { lang, dir } = LOCALE_INFO[locale];
  const html = [
    locale === DEFAULT_LOCALE
      ? '<!doctype html><html><body style="'
      : `<!doctype html><html lang="${lang}" dir="${dir}"><body dir="${dir}" style="`,
    'margin:0;padding:24px;background:#f7f3ea;font-family:Arial,Helvetica,sans-serif;color:#0f172a;font-size:15px;line-height:1.5">',
    '<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    `<h1 style="margin:0 0 16px;font-size:20px;color:#0b3d2e">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map(paragraph),
    rows ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows}</table>` : '',
    ...closing.map(paragraph),
    `<p style="margin:24px 0 0;color:#64748b;font-size:13px">${escapeHtml(content.footer)}</p>`,
    '</div></body></html>',
  ].join('');

  return {
    to: content.to,
    subject: subjectLine(content.subject),
    text,
    html,
    replyTo: content.replyTo ?? null,
  };
}
