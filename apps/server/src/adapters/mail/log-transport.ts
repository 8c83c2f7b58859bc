import type { FastifyBaseLogger } from 'fastify';
import type { MailTransport } from './index.ts';

/** The default without SMTP: messages stay in the outbox table and are printed to the log. */
export function createLogTransport(log: Pick<FastifyBaseLogger, 'info'>): MailTransport {
  return {
    name: 'log',
    async send(message) {
      log.info({ to: message.to, subject: message.subject }, `e-mail (not sent, no SMTP_URL):\n${message.text}`);
    },
  };
}
