import { Readable } from 'node:stream';
import MailComposer from 'nodemailer/lib/mail-composer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { allowedMailHeaders, MailMaybeSentError, type MailTransport, type OutgoingMail } from './index.ts';

export interface SmtpTransport extends MailTransport {
  readonly maxSendMs: number;
  /** Closes the connections of sends still under way (called at shutdown). */
  close(): void;
}

export interface SmtpTimeouts {
  /** Opening the session: connecting, the server's greeting and a STARTTLS upgrade together. */
  connectionMs: number;
  /** The server's greeting alone. */
  greetingMs: number;
  /** The longest the server may stay silent once the session is open, at any step. */
  socketMs: number;
  /** One message from connecting to the final answer; past it the send is given up. */
  sendMs: number;
}

/**
 * The waits SMTP itself asks a client to allow: a server may take 5 minutes to greet, 5 to answer
 * MAIL or RCPT, and 10 to answer the end of the message (it may be filtering or relaying it then).
 * A client that stops waiting sooner may drop a message the server has already taken: the server
 * delivers it and the client, seeing a failure, sends it again (the old 30 s limit did exactly
 * that). These values meet those waits; `sendMs` caps a server that answers every step just in
 * time, so that the outbox's claim on the message can be bounded.
 */
export const SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionMs: 6 * 60_000,
  greetingMs: 5 * 60_000,
  socketMs: 10 * 60_000,
  sendMs: 45 * 60_000,
};

/**
 * Sends through the SMTP server named by SMTP_URL, e.g. `smtps://user:pass@smtp.example.com` or
 * `smtp://127.0.0.1:2525` (host, port, credentials and `?tls.…` options are read from it).
 *
 * One connection per message, driven step by step (nodemailer's SMTPConnection) rather than through
 * nodemailer's transport, because only here can we tell whether the server had been handed the
 * message when a send failed: the body is read only after the server accepted the DATA command. A
 * timeout or a dropped connection after that is reported as MailMaybeSentError.
 */
export function createSmtpTransport(url: string, options: { timeouts?: Partial<SmtpTimeouts> } = {}): SmtpTransport {
  const timeouts = { ...SMTP_TIMEOUTS, ...options.timeouts };
  // The URL's user and password come back as `auth` (not part of SMTPConnection's own options).
  const { auth, ...server } = parseConnectionUrl(url) as SMTPConnection.Options & {
    auth?: SMTPConnection.Credentials;
  };
  const connectionOptions: SMTPConnection.Options = {
    ...server,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
  };
  const open = new Set<SMTPConnection>();

  return {
    name: 'smtp',
    maxSendMs: timeouts.sendMs,
    async send(message) {
      const mail = composeMessage(message);
      const raw = await mail.build();
      const connection = new SMTPConnection(connectionOptions);
      open.add(connection);
      try {
        await transmit(connection, auth, mail.getEnvelope(), raw, timeouts.sendMs);
      } finally {
        open.delete(connection);
      }
    },
    close() {
      for (const connection of open) connection.close();
    },
  };
}

function composeMessage(message: OutgoingMail) {
  const headers = allowedMailHeaders(message.headers);
  return new MailComposer({
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    ...(message.messageId ? { messageId: message.messageId } : {}),
    ...(message.attachments?.length ? { attachments: message.attachments } : {}),
    ...(headers ? { headers } : {}),
    // Messages are built from our own templates; never let content make the mailer read files or URLs.
    disableFileAccess: true,
    disableUrlAccess: true,
  }).compile();
}

/** One SMTP conversation for one message; resolves once the server has accepted it. */
function transmit(
  connection: SMTPConnection,
  auth: SMTPConnection.Credentials | undefined,
  envelope: SMTPConnection.Envelope,
  raw: Buffer,
  sendMs: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let handedOver = false;
    let settled = false;
    const finish = (error?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      connection.close();
      if (!error) resolve();
      // A reply from the server (4xx/5xx after the message) is a clear refusal; silence is not.
      else if (handedOver && !hasServerReply(error)) reject(new MailMaybeSentError(error));
      else reject(error);
    };
    const deadline = setTimeout(
      () => finish(Object.assign(new Error('SMTP conversation took too long'), { code: 'ETIMEDOUT' })),
      sendMs,
    );
    connection.on('error', finish);
    // Read only once the server has answered DATA and the message itself is being written.
    const body = new Readable({
      read() {
        handedOver = true;
        this.push(raw);
        this.push(null);
      },
    });
    const sendBody = () => connection.send(envelope, body, (error) => finish(error ?? undefined));
    connection.connect((error) => {
      if (error) return finish(error);
      // As nodemailer's own transport does: log in when credentials are set and the server offers AUTH.
      const offersAuth = (connection as SMTPConnection & { allowsAuth?: boolean }).allowsAuth;
      if (!auth || !offersAuth) return sendBody();
      connection.login(auth, (loginError) => (loginError ? finish(loginError) : sendBody()));
    });
  });
}

function hasServerReply(error: unknown): boolean {
  return typeof (error as { responseCode?: unknown } | null)?.responseCode === 'number';
}
