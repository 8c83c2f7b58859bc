import type { FastifyBaseLogger } from 'fastify';
import type { MailTransport } from './index.ts';

/**
 * The default without SMTP: messages stay in the outbox table and are announced in the log. On
 * this machine (the zero-setup demo) the text is printed too, so a developer can follow a reset or
 * verification link; on a public site it never is, since it carries those links' tokens, nor are
 * the recipient and the subject, which say who wrote or was written to.
 */
export function createLogTransport(
  log: Pick<FastifyBaseLogger, 'info'>,
  { printText }: { printText: boolean },
): MailTransport {
  return {
    name: 'log',
    async send(message) {
      // Attachments stay in the database (a tax document's PDF): the log names them only.
      const attachments = message.attachments?.map((a) => a.filename);
      if (printText)
        log.info(
          { to: message.to, subject: message.subject, attachments },
          `e-mail (not sent, no SMTP_URL):\n${message.text}`,
        );
      // Only which message: its subject can name a person ('New contact message from <name>').
      else log.info({ messageId: message.messageId }, 'e-mail kept in the outbox (not sent, no SMTP_URL)');
    },
  };
}
