import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { validationError } from '../lib/errors.ts';
import { findUnstorableText } from '../lib/unstorable-text.ts';

/**
 * One check for every request: path parameters and query values once routed, then every string
 * and key of the parsed body. NUL or half a surrogate pair anywhere is a 400 naming the field,
 * before any route's schema or service sees it. (Page addresses never get here with such bytes:
 * `rewriteBadUrl` made them the 404 page. Multipart forms are read by their routes:
 * `readForm` runs the same check on their fields.)
 */
export const badInputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    // An unknown address is a 404 whatever it holds.
    if (request.is404) return;
    const errors = findUnstorableText(request.params) ?? findUnstorableText(request.query);
    if (errors) throw validationError(errors);
  });

  app.addHook('preValidation', async (request: FastifyRequest) => {
    const errors = findUnstorableText(request.body);
    if (errors) throw validationError(errors);
  });
});
