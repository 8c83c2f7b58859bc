export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  replyTo?: string | null;
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
