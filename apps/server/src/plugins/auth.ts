import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { findSession, type RequestAuth, type SessionUser } from '../modules/auth/sessions.ts';

/** What a route needs: 'user' = any signed-in person, 'admin' = an admin signed in at /admin/login. */
export type AuthLevel = 'user' | 'admin';

export interface RouteEntry {
  method: string;
  url: string;
  auth: AuthLevel | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with the guard it declared: the authorisation test walks this table. */
    routeTable: RouteEntry[];
  }
  interface FastifyContextConfig {
    auth?: AuthLevel;
  }
  interface FastifyRequest {
    /** Resolves the bearer token once per request; null when absent, unknown, revoked or expired. */
    getAuth(): Promise<RequestAuth | null>;
    /** Set by the guard (an onRequest hook) on routes with `config.auth`. */
    auth: RequestAuth | null;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

const cache = new WeakMap<FastifyRequest, Promise<RequestAuth | null>>();

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('getAuth', function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      const token = bearer(this);
      pending = token
        ? findSession(app.deps.db, token).then((row) =>
            row ? { user: row.user, sessionKind: row.session.kind, token } : null,
          )
        : Promise.resolve(null);
      cache.set(this, pending);
    }
    return pending;
  });

  // Guards are declared on the route (`config: { auth: 'admin' }`), so the route table itself says
  // who may call what, and a test can walk it.
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const level = (route.config as { auth?: AuthLevel } | undefined)?.auth;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, auth: level });
    }
    if (!level) return;
    const guard = async (request: FastifyRequest) => {
      const auth = await request.getAuth();
      if (!auth) throw unauthorized();
      if (level === 'admin' && (auth.user.role !== 'admin' || auth.sessionKind !== 'admin')) throw forbidden();
      request.auth = auth;
    };
    // onRequest: callers without the right are refused before any body is read or validated.
    const existing = route.onRequest;
    route.onRequest = existing ? [guard, ...(Array.isArray(existing) ? existing : [existing])] : [guard];
  });
});

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.auth) throw unauthorized();
  return request.auth.user;
}
