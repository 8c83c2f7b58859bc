import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorText, isErrorCode } from '@oasis/shared/error-codes';
import { DEFAULT_LOCALE, LOCALE_INFO, type Locale, localePath, messagesFor } from '@oasis/shared/i18n';
import { leadAcceptedSchema, waitlistInputSchema } from '@oasis/shared/leads';
import { reserve } from '../../lib/attempt-limiter.ts';
import { AppError } from '../../lib/errors.ts';
import { requestLocale } from '../../lib/locale.ts';
import { attributionOf } from '../../lib/attribution.ts';
import { limitAddress } from '../../lib/trust-proxy.ts';
import { escapeHtml } from '../mail/compose.ts';
import { LEAD_LIMIT } from './limit.ts';
import { joinWaitlist, publicCourseSlug } from './waitlist.ts';

/**
 * The waitlist's public routes. The course page's form is a plain HTML form (no script on the
 * public page): it posts urlencoded fields here and gets a small page back; an API client sends
 * JSON and gets JSON. The announcement's unsubscribe link is the mail module's
 * (modules/mail/unsubscribe.ts, topic 'waitlist').
 */
export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Only in this plugin: a plain form's fields as an object, for the same schema as JSON.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post(
    '/waitlist',
    {
      config: { changes: [] },
      attachValidation: true,
      schema: { body: waitlistInputSchema, response: { 201: leadAcceptedSchema } },
    },
    async (request, reply) => {
      const form = isFormPost(request);
      const locale = formLocale(request);
      const t = messagesFor(locale).waitlist;
      try {
        if (request.validationError) throw request.validationError;
        await reserve(deps.db, [{ key: `lead:waitlist:ip:${limitAddress(request.ip)}`, ...LEAD_LIMIT }]);
        const course = await joinWaitlist(deps, request.body, {
          ip: request.ip,
          locale,
          attribution: attributionOf(request),
        });
        if (!form) return reply.status(201).send({ message: t.joinedText });
        const back = localePath(locale, `/courses/${course.slug}`);
        return sendPage(reply, 200, locale, t.joinedTitle, t.joinedText, [back, t.backToCourse]);
      } catch (error) {
        if (!form) throw error;
        const status = error instanceof AppError ? error.status : 400;
        if (status >= 500) throw error;
        // Back to the course the form was on, to try again; a course that is gone: the catalogue.
        const slug = await publicCourseSlug(deps.db, (request.body as { courseId?: unknown } | undefined)?.courseId);
        const back: [string, string] = slug
          ? [localePath(locale, `/courses/${slug}`), t.backToCourse]
          : [localePath(locale, '/courses'), t.allCourses];
        return sendPage(reply, status, locale, t.failedTitle, refusal(error, locale), back);
      }
    },
  );
};

function isFormPost(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}

/** The form's page language (its hidden field), else the request's. */
function formLocale(request: FastifyRequest): Locale {
  const body = request.body as { locale?: unknown } | undefined;
  const named = body?.locale;
  return named === 'ar' || named === 'en' ? named : isFormPost(request) ? DEFAULT_LOCALE : requestLocale(request);
}

/** What went wrong, in the page's language: a field's rule, or the error's own text. */
function refusal(error: unknown, locale: Locale): string {
  if (error instanceof AppError) return errorText({ code: error.code, values: error.valuesIn(locale) }, locale);
  const issue = (error as { validation?: { message?: string }[] }).validation?.[0]?.message;
  return errorText({ code: isErrorCode(issue) ? issue : 'core.validationFailed' }, locale);
}

const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** A small page the server writes itself: no script, one inline style, kept by no cache. */
function sendPage(
  reply: FastifyReply,
  status: number,
  locale: Locale,
  title: string,
  text: string,
  link?: [href: string, label: string],
  extra = '',
) {
  const { lang, dir } = LOCALE_INFO[locale];
  const linkHtml = link ? `<p><a href="${escapeHtml(link[0])}">${escapeHtml(link[1])}</a></p>` : '';
  const html = `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a;background:#fff}a{color:#0b5394}button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#0f5132;color:#fff;cursor:pointer}a:focus-visible,button:focus-visible{outline:3px solid #0b5394;outline-offset:2px}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${extra}${linkHtml}</main></body>
</html>`;
  return reply
    .code(status)
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', PAGE_CSP)
    .type('text/html; charset=utf-8')
    .send(html);
}
