import { afterAll, beforeEach } from 'vitest';
import { beforeAllValue, createTestApp, silentLogger } from '../../../test/helpers.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../../../test/smtp-stand-in.ts';
import { createSmtpTransport, type SmtpTimeouts, type SmtpTransport } from '../../adapters/mail/smtp.ts';
import { outbox } from '../../db/schema.ts';
import { settleMail } from './outbox.ts';

/**
 * A test app for the outbox tests: each test starts with an empty outbox, the recording transport
 * and a silent log.
 */
export function setUpMailTests() {
  const t = beforeAllValue(() => createTestApp());
  afterAll(() => t.close());
  beforeEach(async () => {
    await settleMail();
    await t.deps.db.delete(outbox);
    t.deps.mailTransport = t.mail;
    t.deps.log = silentLogger;
    t.mail.sent = [];
    t.mail.fail = false;
  });

  /**
   * Runs `use` with the app's mail going over SMTP (`transport`) to a new local stand-in (started
   * with `standIn`, the transport waiting `timeouts`), and closes both after.
   */
  async function withSmtpStandIn(
    options: { standIn?: Parameters<typeof startSmtpStandIn>[0]; timeouts?: Partial<SmtpTimeouts> },
    use: (smtp: SmtpStandIn, transport: SmtpTransport) => Promise<void>,
  ) {
    const smtp = await startSmtpStandIn(options.standIn);
    const transport = createSmtpTransport(smtp.url, { timeouts: options.timeouts });
    t.deps.mailTransport = transport;
    try {
      await use(smtp, transport);
    } finally {
      transport.close();
      t.deps.mailTransport = t.mail;
      await smtp.close();
    }
  }

  const rows = () => t.deps.db.select().from(outbox);
  return { t, withSmtpStandIn, rows };
}

export const message = (to = 'someone@example.com') => ({ to, subject: 'Hello', text: 'Hi there' });
export const later = (ms: number) => new Date(Date.now() + ms);
