/**
 * The only extra headers a message may carry: the one-click unsubscribe of RFC 8058. Set by our
 * own code (modules/mail/unsubscribe.ts), never from user input; anything else is dropped.
 */
export const MAIL_HEADERS = ['List-Unsubscribe', 'List-Unsubscribe-Post'] as const;
export type MailHeaders = Partial<Record<(typeof MAIL_HEADERS)[number], string>>;

/**
 * The allowed headers of `headers`, or null when none: other names are dropped, and so is a value
 * with a line break or over 2,000 characters (it could start a header of its own).
 */
export function allowedMailHeaders(headers: Record<string, unknown> | null | undefined): MailHeaders | null {
  if (!headers) return null;
  const kept: MailHeaders = {};
  for (const name of MAIL_HEADERS) {
    const value = headers[name];
    if (typeof value === 'string' && value.length <= 2000 && !/[\r\n]/.test(value)) kept[name] = value;
  }
  return Object.keys(kept).length > 0 ? kept : null;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  replyTo?: string | null;
  /** Extra headers, from the allow-list `MAIL_HEADERS` only. */
  headers?: MailHeaders | null;
  /** A tax document (tax_documents) whose PDF the outbox attaches when it sends the message. */
  taxDocumentId?: string | null;
  /** A certificate whose PDF the outbox attaches when it sends the message. */
  certificateId?: string | null;
  /** A calendar invitation (iCalendar text, METHOD REQUEST or CANCEL) attached as `invite.ics`. */
  calendarInvite?: string | null;
}

/** A file sent with a message. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** What the outbox hands a transport: the message, the sender, and the Message-ID fixed for it. */
export interface OutgoingMail extends MailMessage {
  from: string;
  /** The same on every attempt, so a copy that arrives twice is recognisably one message. */
  messageId?: string | null;
  attachments?: MailAttachment[];
}

/** Delivers one message or throws. Messages reach it only through the outbox (modules/mail). */
export interface MailTransport {
  readonly name: string;
  /**
   * The longest one `send` can take before the transport gives up on its own. The outbox keeps
   * its claim on a message at least this long, so no other worker sends it meanwhile.
   */
  readonly maxSendMs?: number;
  send(message: OutgoingMail): Promise<void>;
}

/**
 * The send failed at a point where the server may already have the message: it was handed over,
 * and then the answer never came (a timeout, a dropped connection). Retrying may deliver a second
 * copy, so the outbox waits longer and tries fewer times than after a failure that is certain.
 */
export class MailMaybeSentError extends Error {
  override readonly name = 'MailMaybeSentError';
  constructor(cause: unknown) {
    super(`may have been delivered: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}
