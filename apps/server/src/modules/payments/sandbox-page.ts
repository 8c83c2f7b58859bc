import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { filsToAed } from '@oasis/shared/format';
import {
  type ArabicCurrencyLabel,
  fmt,
  type Locale,
  LOCALE_INFO,
  localeFromPath,
  messagesFor,
} from '@oasis/shared/i18n';
import { type SandboxPaymentRow, SandboxPaymentProvider } from '../../adapters/payments/sandbox.ts';
import { notFound } from '../../lib/errors.ts';
import { formPageHead, sendFormPage } from '../../plugins/server-pages.ts';
import { escapeHtml } from '../mail/compose.ts';
import { getSettings } from '../settings/service.ts';
import { formatOrderAmount } from './order-amount.ts';
import { handleWebhook } from './service.ts';

const params = z.object({ paymentIntentId: z.string().regex(/^sbx_[a-f0-9]{24}$/) });
/** The payment's secret from its link; a missing or wrong one answers like an unknown payment. */
const pageQuery = z.object({ key: z.string().max(200).optional() });

/**
 * The page's language: the checkout's, which the return address carries (`/ar/success/…` after an
 * Arabic checkout, modules/payments/service.ts `returnUrls`).
 */
export function sandboxPageLocale(row: Pick<SandboxPaymentRow, 'successUrl'>): Locale {
  return localeFromPath(new URL(row.successUrl, 'http://site.invalid').pathname);
}

export function renderSandboxPage(
  row: SandboxPaymentRow,
  key: string,
  arabicCurrency: ArabicCurrencyLabel = 'AED',
): string {
  const locale = sandboxPageLocale(row);
  const t = messagesFor(locale).sandboxPayment;
  const { dir } = LOCALE_INFO[locale];
  const amount = formatOrderAmount(filsToAed(row.amountFils), locale, arabicCurrency);
  const statusText = row.status === 'pending' ? '' : t[row.status];
  const id = escapeHtml(row.id);
  // An address or an id inside a right-to-left page keeps its own order.
  const ltr = (html: string) => (dir === 'rtl' ? `<span dir="ltr">${html}</span>` : html);
  const action = (what: 'pay' | 'cancel') => `/api/payment/sandbox/${encodeURIComponent(row.id)}/${what}`;
  // The buttons send the payment's key with the form: the id alone settles nothing.
  const keyField = `<input type="hidden" name="key" value="${escapeHtml(key)}">`;
  const pending = row.status === 'pending';
  const actions = pending
    ? `<div class="actions">
        <form method="post" action="${action('pay')}">${keyField}<button type="submit" class="pay">${escapeHtml(fmt(t.pay, { amount }))}</button></form>
        <form method="post" action="${action('cancel')}">${keyField}<button type="submit" class="cancel">${escapeHtml(t.cancel)}</button></form>
      </div>`
    : `<p class="done" role="status">${escapeHtml(statusText)}</p>
       <p><a href="${escapeHtml(row.status === 'completed' ? row.successUrl : row.cancelUrl)}">${escapeHtml(t.returnToSite)}</a></p>`;
  return `${formPageHead(locale, t.title)}
<style>
  body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; background: #f1f5f9; color: #0f172a; line-height: 1.5; }
  .banner p { margin: 0; }
  .banner { padding: 8px 16px; background: #fef3c7; color: #78350f; text-align: center; font-size: 0.875rem; }
  main { max-width: 480px; margin: 32px auto; padding: 24px; background: #fff; border-radius: 12px; box-shadow: 0 1px 3px rgba(15, 23, 42, 0.15); }
  h1 { margin: 0 0 16px; font-size: 1.5rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 8px 16px; margin: 0 0 24px; }
  dt { color: #475569; font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
  .amount { font-size: 1.25rem; font-weight: 700; }
  .actions { display: flex; flex-wrap: wrap; gap: 12px; }
  .actions form { flex: 1 1 160px; margin: 0; }
  button { width: 100%; min-height: 44px; padding: 10px 16px; border-radius: 8px; font: inherit; font-weight: 600; cursor: pointer; }
  .pay { background: #0b3d2e; color: #fff; border: 2px solid #0b3d2e; }
  .pay:hover { background: #135e47; }
  .cancel { background: #fff; color: #0f172a; border: 2px solid #64748b; }
  .cancel:hover { background: #f1f5f9; }
  button:focus-visible, a:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
  a { color: #0b3d2e; }
</style>
</head>
<body>
<header class="banner"><p>${escapeHtml(t.testMode)}</p></header>
<main>
  <h1>${escapeHtml(t.heading)}</h1>
  <dl>
    <dt>${escapeHtml(t.course)}</dt><dd>${escapeHtml(row.description)}</dd>
    <dt>${escapeHtml(t.amount)}</dt><dd class="amount">${escapeHtml(amount)}</dd>
    ${row.customerEmail ? `<dt>${escapeHtml(t.email)}</dt><dd>${ltr(escapeHtml(row.customerEmail))}</dd>` : ''}
    <dt>${escapeHtml(t.paymentId)}</dt><dd>${ltr(id)}</dd>
  </dl>
  ${actions}
</main>
</body>
</html>`;
}

/** The `key` field of the page's form (urlencoded), if any. */
function formKey(body: unknown): string | undefined {
  if (typeof body !== 'string' || body.length > 1000) return undefined;
  return new URLSearchParams(body).get('key') ?? undefined;
}

/**
 * The sandbox provider's hosted page (served only when PAYMENT_PROVIDER=sandbox). Pay or Cancel
 * settles the sandbox's own record, sends the shop the signed webhook a real provider would send
 * (through the same verification and confirmation code), then returns the buyer to the site.
 * Page and buttons need the payment's key from its link; without it they answer 404.
 */
export const sandboxPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.deps.payments;
  if (!(provider instanceof SandboxPaymentProvider)) return;
  // Plain HTML forms post urlencoded bodies: read for their one field, `key`.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.get(
    '/payment/sandbox/:paymentIntentId',
    { schema: { params, querystring: pageQuery } },
    async (request, reply) => {
      const { key } = request.query;
      const row = await provider.findWithKey(request.params.paymentIntentId, key);
      if (!row || !key) throw notFound('payment.paymentNotFound');
      return sendFormPage(reply, renderSandboxPage(row, key, (await getSettings(app.deps.db)).arabicCurrency));
    },
  );

  for (const [action, status] of [
    ['pay', 'completed'],
    ['cancel', 'canceled'],
  ] as const) {
    app.post(
      `/payment/sandbox/:paymentIntentId/${action}`,
      { config: { changes: [] }, schema: { params } },
      async (request, reply) => {
        const { paymentIntentId } = request.params;
        const key = formKey(request.body);
        if (!key || !(await provider.findWithKey(paymentIntentId, key))) throw notFound('payment.paymentNotFound');
        const settled = await provider.settle(paymentIntentId, status);
        if (!settled) throw notFound('payment.paymentNotFound');
        const { row } = settled;
        // Pressing the other button after the payment was settled changes nothing: show the page again.
        if (row.status !== status) return reply.redirect(provider.pageUrl(row.id, key), 303);
        // Sent again on a repeated press, as a provider retries: confirmation is idempotent.
        const delivery = provider.signedEvent(row);
        await handleWebhook(app.deps, delivery.body, delivery.headers);
        return reply.redirect(status === 'completed' ? row.successUrl : row.cancelUrl, 303);
      },
    );
  }
};
