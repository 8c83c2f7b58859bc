import { eq } from 'drizzle-orm';
import type { MailMessage } from '../../adapters/mail/index.ts';
import { outbox } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';

/**
 * Every e-mail is written to the outbox first, then handed to the transport. A message that
 * cannot be sent stays pending for the worker to retry, so nothing is lost when mail is down.
 */
export async function queueMail(deps: Pick<Deps, 'db' | 'mailTransport' | 'config' | 'log'>, message: MailMessage) {
  const [row] = await deps.db
    .insert(outbox)
    .values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      replyTo: message.replyTo,
    })
    .returning();
  if (!row) return;
  try {
    await deps.mailTransport.send({ ...message, from: deps.config.mail.from });
    await deps.db.update(outbox).set({ status: 'sent', sentAt: new Date(), attempts: 1 }).where(eq(outbox.id, row.id));
  } catch (error) {
    deps.log.warn({ err: error, to: message.to }, 'e-mail not sent; kept in the outbox for a retry');
    await deps.db
      .update(outbox)
      .set({ attempts: 1, lastError: String(error), nextAttemptAt: new Date(Date.now() + 60_000) })
      .where(eq(outbox.id, row.id));
  }
}
