import { fmt, messagesFor } from '@oasis/shared/i18n';
import { certificatePath } from '@oasis/shared/certificates';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { contentChanged } from '../../lib/content-changed.ts';
import { composeMail, subjectLine } from '../mail/compose.ts';
import { deliverSoon, enqueueMail } from '../mail/outbox.ts';
import { getSettings } from '../settings/service.ts';
import { issueCertificate } from './service.ts';

type CompletionDeps = Pick<Deps, 'db' | 'config' | 'mailTransport' | 'log' | 'pageCache'>;

/**
 * A learner completed a course: their certificate is issued (once: a second completion, or two at
 * once, find the one there is) and the completion e-mail is queued in their language with the
 * certificate's PDF attached. Only the call that issued the certificate sends the e-mail.
 */
export async function onCourseCompleted(
  target: CompletionDeps | { deps: CompletionDeps },
  input: { userId: string; courseId: string; completionId?: string },
): Promise<{ certificateId: string; issued: boolean }> {
  // The app (a route's `app`) or its deps: the completion module may hand either.
  const deps = 'deps' in target ? target.deps : target;
  const { certificate, issued } = await issueCertificate(deps.db, input);
  if (!issued) return { certificateId: certificate.id, issued };
  await contentChanged.certificates(deps);
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
  if (user) {
    const settings = await getSettings(deps.db);
    const t = messagesFor(certificate.locale).certificate;
    const url = `${deps.config.siteUrl}${certificatePath(certificate.id, certificate.locale)}`;
    const mail = composeMail({
      to: user.email,
      subject: subjectLine(fmt(t.mailSubject, { title: certificate.courseTitle })),
      heading: t.pdfTitle,
      paragraphs: [fmt(t.mailText, { name: certificate.name, title: certificate.courseTitle, url })],
      footer: settings.brandName,
      locale: certificate.locale,
    });
    const ids = await enqueueMail(deps.db, [{ ...mail, certificateId: certificate.id }]);
    deliverSoon(deps, ids);
  }
  return { certificateId: certificate.id, issued };
}
