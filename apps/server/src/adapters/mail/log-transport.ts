import type { FastifyBaseLogger } from 'fastify';
import type { MailTransport } from './index.ts';

/**
 * The default without SMTP: messages stay in the outbox table and are announced in the log. On
 * this machine (the zero-setup demo) the text is printed too, so a developer can follow a reset or
 * verification link; on a public site it never is, since it carries those links' tokens.
 */
export function createLogTransport(
  log: Pick<FastifyBaseLogger, 'info'>,
  { printText }: { printText: boolean },
): MailTransport {
  return {
    name: 'log',
    async send(message) {
      if (printText)
        log.info({ to: message.to, subject: message.subject }, `e-mail (not sent, no SMTP_URL):\n${message.text}`);
      else log.info({ to: message.to, subject: message.subject }, 'e-mail kept in the outbox (not sent, no SMTP_URL)');
    },
  };
}
