import type { FastifyInstance, FastifyReply, FastifyRequest, onSendAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { carriesCredentials } from '../lib/credentials.ts';

export const PRIVATE_NO_STORE = 'private, no-store';

/** A private file to save (a certificate, a tax document): never cached, never sniffed as something else. */
export function sendPrivateFile(reply: FastifyReply, filename: string, type: string, body: Buffer | string) {
  return reply
    .header('cache-control', PRIVATE_NO_STORE)
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

/** Sign-in, admin sign-in and registration answer with a token or start a session: every POST there. */
function mayAnswerWithToken(request: FastifyRequest): boolean {
  return request.method === 'POST' && request.url.startsWith('/api/auth/');
}

function setsCookie(reply: FastifyReply): boolean {
  return reply.hasHeader('set-cookie');
}

/**
 * One place that keeps private answers out of shared caches (a CDN, a proxy, the browser's disk):
 * every answer to a request with credentials, every answer that sets a cookie and every sign-in
 * answer says `private, no-store`, whatever the route set and whatever its status. Anonymous public
 * reads keep the cache headers their route gave them.
 */
export const privateAnswersPlugin = fp(async (app: FastifyInstance) => {
  const markPrivate: onSendAsyncHookHandler<unknown> = async (request, reply, payload) => {
    if (carriesCredentials(request.headers) || mayAnswerWithToken(request) || setsCookie(reply))
      reply.header('cache-control', PRIVATE_NO_STORE);
    return payload;
  };

  // A route's own onSend hooks run after the app's, and the public cache sets its header in one:
  // so this goes last on every route (registered before the routes, its onRoute hook sees them all).
  app.addHook('onRoute', (route) => {
    const existing = route.onSend === undefined ? [] : [route.onSend].flat();
    route.onSend = [...existing, markPrivate];
  });
  // Unknown addresses have no route, so no route hooks.
  app.addHook('onSend', async (request, reply, payload) =>
    request.is404 ? markPrivate.call(app, request, reply, payload) : payload,
  );
});
