import type { MailMessage } from '../../adapters/mail/index.ts';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and attribute values. Every piece of user text goes through it. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
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
}

/**
 * Builds a message with a plain-text part and a simple HTML part from the same content. The
 * inputs are plain text: the HTML part escapes all of it, so a visitor's text can never become markup.
 */
export function composeMail(content: MailContent): MailMessage {
  const details = content.details ?? [];
  const closing = content.closing ?? [];

  const textDetails = details.map(([label, value]) =>
    value.includes('\n') ? `${label}:\n${value}` : `${label}: ${value}`,
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

  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`;
  const rows = details
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:6px 12px 6px 0;color:#475569;font-weight:600;white-space:nowrap">${escapeHtml(label)}</th>` +
        `<td style="padding:6px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = [
    '<!doctype html><html><body style="margin:0;padding:24px;background:#f7f3ea;font-family:Arial,Helvetica,sans-serif;color:#0f172a;font-size:15px;line-height:1.5">',
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
