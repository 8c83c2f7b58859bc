import { eq } from 'drizzle-orm';
import { filsToAed } from '@oasis/shared/format';
import { fmt, messagesFor } from '@oasis/shared/i18n';
import { orderReference } from '@oasis/shared/payments';
import type { Db } from '../../db/client.ts';
import { courses, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { composeMail, ltr, siteLink } from '../mail/compose.ts';
import { getSettings } from '../settings/service.ts';
import { formatOrderAmount } from './order-amount.ts';
import type { OrderRow } from './service.ts';

/** The receipt e-mail of a paid order, in the language of its checkout; `db` may be a transaction. */
export async function receiptMail(deps: Deps, db: Db, order: OrderRow, paymentId: string) {
  const [settings, [details]] = await Promise.all([
    getSettings(db),
    db
      .select({ name: users.name, title: courses.title, slug: courses.slug })
      .from(users)
      .innerJoin(courses, eq(courses.id, order.courseId))
      .where(eq(users.id, order.userId)),
  ]);
  const { locale } = order;
  const t = messagesFor(locale).mail;
  const title = details?.title ?? t.yourCourse;
  const money = (fils: number) => formatOrderAmount(filsToAed(fils), locale, settings.arabicCurrency);
  const watch = siteLink(deps.config.siteUrl, locale, `/watch/${details?.slug ?? ''}`);
  const discount: [string, string][] =
    order.discountFils > 0 && order.couponCode
      ? [
          [t.listPrice, money(order.listPriceFils ?? order.amountFils + order.discountFils)],
          [fmt(t.couponDiscount, { code: order.couponCode }), `-${money(order.discountFils)}`],
        ]
      : [];
  return composeMail({
    to: order.email,
    subject: fmt(t.paymentSubject, { title }),
    heading: t.paymentHeading,
    paragraphs: [details ? fmt(t.hello, { name: details.name }) : t.helloThere, fmt(t.paymentText, { title })],
    details: [
      [t.orderReference, orderReference(order.id)],
      [t.course, title],
      ...discount,
      [t.amount, money(order.amountFils)],
      [t.paymentId, paymentId],
    ],
    closing: [fmt(t.startLearning, { url: ltr(watch, locale) })],
    footer: settings.brandName,
    locale,
  });
}
