import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_LOCALE, type Locale, messagesFor } from '@oasis/shared/i18n';
import { formPageHead, sendFormPage } from '../../plugins/server-pages.ts';
import { escapeHtml } from './compose.ts';
import { readUnsubscribeToken, type Unsubscribe, UNSUBSCRIBE_PATH, unsubscribe } from './unsubscribe.ts';

// Without a token there is no link to answer: a plain 400 (JSON) as for any bad request.
const query = z.object({ t: z.string().max(600) });

type PageState = 'ask' | 'done' | 'invalid';

function renderUnsubscribePage(state: PageState, locale: Locale, address: string, token: string): string {
  const t = messagesFor(locale).finishMail;
  const who = `<span dir="ltr">${escapeHtml(address)}</span>`;
  const sentence = (text: string) => escapeHtml(text).split('{address}').join(who);
  const title = state === 'done' ? t.unsubscribedTitle : t.unsubscribeTitle;
  const body =
    state === 'invalid'
      ? `<p role="alert">${escapeHtml(t.unsubscribeInvalid)}</p>`
      : state === 'done'
        ? `<p role="status">${sentence(t.unsubscribedText)}</p>`
        : `<p>${sentence(t.unsubscribeQuestion)}</p>
  <form method="post" action="${UNSUBSCRIBE_PATH}?t=${escapeHtml(token)}"><button type="submit">${escapeHtml(t.unsubscribeButton)}</button></form>`;
  return `${formPageHead(locale, title)}
<style>
  body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; background: #f7f3ea; color: #0f172a; line-height: 1.5; }
  main { max-width: 480px; margin: 32px auto; padding: 24px; background: #fff; border-radius: 12px; }
  h1 { margin: 0 0 16px; font-size: 1.5rem; color: #0b3d2e; }
  p { overflow-wrap: anywhere; }
  button { min-height: 44px; padding: 10px 20px; border-radius: 8px; font: inherit; font-weight: 600; cursor: pointer; background: #0b3d2e; color: #fff; border: 2px solid #0b3d2e; }
  button:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <h1>${escapeHtml(title)}</h1>
  ${body}
</main>
</body>
</html>`;
}

/** The page in the token's language, or the invalid-link page when the token did not read. */
function unsubscribePage(found: Unsubscribe | null, state: 'ask' | 'done', token: string): string {
  return renderUnsubscribePage(found ? state : 'invalid', found?.locale ?? DEFAULT_LOCALE, found?.address ?? '', token);
}

/**
 * Unsubscribing from a topic of e-mails, signed out (modules/mail/unsubscribe.ts): `GET` asks,
 * `POST` (the page's button, or a mail program's one-click unsubscribe) records it. A token that
 * is malformed or does not match its signature answers 400 with the page saying so.
 */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  // The page's form posts urlencoded; a mail program's one-click unsubscribe (RFC 8058) posts
  // `List-Unsubscribe=One-Click` urlencoded or as multipart/form-data. The body says nothing the
  // token does not: it is taken and not read.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => done(null, body));
  }
  const secret = app.deps.config.mediaSigningSecret;

  app.get(UNSUBSCRIBE_PATH.slice('/api'.length), { schema: { querystring: query } }, async (request, reply) => {
    const token = request.query.t;
    const found = readUnsubscribeToken(secret, token);
    return sendFormPage(reply, unsubscribePage(found, 'ask', token), found ? 200 : 400);
  });

  app.post(
    UNSUBSCRIBE_PATH.slice('/api'.length),
    { config: { changes: [] }, schema: { querystring: query } },
    async (request, reply) => {
      const token = request.query.t;
      const found = readUnsubscribeToken(secret, token);
      if (found) await unsubscribe(app.deps.db, found.address, found.topic);
      return sendFormPage(reply, unsubscribePage(found, 'done', token), found ? 200 : 400);
    },
  );
};
