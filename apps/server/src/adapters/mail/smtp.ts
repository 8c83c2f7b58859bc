import nodemailer from 'nodemailer';
import type { MailTransport } from './index.ts';

export interface SmtpTransport extends MailTransport {
  /** Closes pooled connections (called at shutdown). */
  close(): void;
}

/**
 * Sends through the SMTP server named by SMTP_URL, e.g. `smtps://user:pass@smtp.example.com` or
 * `smtp://127.0.0.1:2525` (nodemailer reads host, port, credentials and `?tls.…` options from it).
 * Short timeouts: a hung server must not hold an outbox claim for minutes; the outbox retries.
 */
export function createSmtpTransport(url: string): SmtpTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // Messages are built from our own templates; never let content make the mailer read files or URLs.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    name: 'smtp',
    async send(message) {
      await transporter.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      });
    },
    close() {
      transporter.close();
    },
  };
}
