import type http from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { errorText } from '@oasis/shared/error-codes';
import { localeFromAcceptLanguage } from '../../lib/locale.ts';

/** Where the process stands in its life: the readiness answer reads it (modules/health/routes.ts). */
export interface Lifecycle {
  /** A stop has begun: readiness answers 503 while requests are still served. */
  draining: boolean;
  /**
   * The pages' code (React Router and the web build) is still loading after the server started
   * listening (plugins/web.ts): readiness answers 503 until it is in, so a proxy sends pages to an
   * instance that can render them at once.
   */
  loading: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export interface GracefulShutdownOptions {
  /**
   * How long to keep answering, readiness at 503, before closing the connections no request came
   * on (SHUTDOWN_DRAIN_MS): longer than the proxy's health-check interval (deploy/Caddyfile) and
   * than the time it keeps an unused connection open (deploy/nginx-oasis.conf).
   */
  drainMs: number;
  /**
   * Once the server has stopped accepting, how long a connection that is open but idle is left
   * alone before it is closed (IDLE_GRACE_MS by default).
   */
  idleGraceMs?: number;
  /** The quiet spell before the listening socket closes, and its longest wait (CLOSING_QUIET_MS, CLOSING_MAX_MS). */
  closingQuietMs?: number;
  closingMaxMs?: number;
  /** After the server has closed (every in-flight request answered): workers, then the database. */
  cleanup: () => Promise<void>;
}

/**
 * After the listening socket closes, the time an idle connection is left open: Node counts a
 * kept-alive connection as idle while its next request is on its way but not yet read (closed, that
 * request would be lost: a proxy cannot send a POST again), and one a proxy keeps open is let go by
 * the proxy itself after its own idle timeout, shorter than this (`keepalive_timeout` in
 * deploy/nginx-oasis.conf).
 */
export const IDLE_GRACE_MS = 3_000;

/**
 * Between the drain and the close of the listening socket, GET and HEAD are answered 503 and the
 * socket closes once no connection has come for this long (at most CLOSING_MAX_MS after the drain).
 * A proxy without health checks (nginx's open-source build) retries such an answer elsewhere and
 * counts this instance as failed (`max_fails`, `fail_timeout` in deploy/nginx-oasis.conf, longer
 * than this), so it sends nothing more and no connection waits in the kernel's queue, its request
 * written, when the socket closes (that would reset it: a POST lost so cannot be retried).
 */
export const CLOSING_QUIET_MS = 250;
export const CLOSING_MAX_MS = 1_500;

/**
 * The graceful stop, in the order a proxy in front can follow without a failed request:
 * 1. readiness answers 503 at once; for `drainMs` (until the proxy's next health check has taken
 *    this instance out of rotation) every request is answered, on new connections and kept-alive
 *    ones alike, each with `Connection: close` so the proxy sends its next one elsewhere. No
 *    connection is refused or closed meanwhile: one the proxy picked from its pool may already
 *    carry a request, and a refused one makes Caddy (2.6 at least) retry a POST without its body;
 * 2. then GET and HEAD on any connection are answered 503 (`Retry-After`), other requests as
 *    before, until no connection has come for CLOSING_QUIET_MS (a proxy still sending has
 *    retried a GET elsewhere and left this instance out), at most CLOSING_MAX_MS;
 *    then the server stops accepting, once the connections waiting in the kernel's queue are
 *    accepted (closing the listening socket would reset those, a request perhaps sent on them);
 * 3. for `idleGraceMs` no connection is closed by the server: Node counts a kept-alive one whose
 *    next request has not been read yet as idle, and closing it would lose that request. A request
 *    still arriving is answered with `Connection: close`, and its connection closes once answered;
 * 4. then the connections still idle are closed (the others as soon as their answer is out);
 * 5. once none is left, Fastify's onClose hooks and then `cleanup` run. The promise settles once
 *    all that is done.
 * A second call returns the same promise and leaves the drain alone (a signal to the process group
 * reaches the server twice: directly and through `npm start`); a third cuts the drain and the
 * grace short.
 * `drainMs` on the first call overrides the option (0: stop accepting at once).
 */
export function gracefulShutdown(app: FastifyInstance, options: GracefulShutdownOptions) {
  let stopping: Promise<void> | undefined;
  let calls = 0;
  /** Ends the wait under way, if any: a third call. */
  let cutShort: (() => void) | undefined;
  /** Waits `ms`, less if cut short; after a third call, not at all. */
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      if (ms <= 0 || calls >= 3) return resolve();
      const timer = setTimeout(resolve, ms);
      cutShort = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  return function shutdown(drainMs: number = options.drainMs): Promise<void> {
    calls += 1;
    if (stopping) {
      if (calls >= 3) cutShort?.();
      return stopping;
    }
    app.lifecycle.draining = true;
    stopping = (async () => {
      await wait(drainMs);
      const { server } = app;
      if (drainMs > 0 && calls < 3) {
        answerReadsUnavailable(server);
        await quietSpell(server, {
          quietMs: options.closingQuietMs ?? CLOSING_QUIET_MS,
          maxMs: options.closingMaxMs ?? CLOSING_MAX_MS,
          cut: () => calls >= 3,
        });
      }
      await nextLook();
      // The listening socket alone: Fastify's close would also answer 503 to a request arriving on
      // a connection still open. The callback runs once every connection has closed.
      const closed = new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        net.Server.prototype.close.call(server, () => resolve());
      });
      // A connection whose request is still running closes once answered (`Connection: close`);
      // one still idle after the grace (kept open by a client, or its request began before the
      // stop and it fell idle without being told to close) is closed here.
      await Promise.race([closed, wait(options.idleGraceMs ?? IDLE_GRACE_MS)]);
      cutShort?.();
      cutShort = undefined;
      server.closeIdleConnections();
      const reaper = setInterval(() => server.closeIdleConnections(), 50);
      try {
        await closed;
      } finally {
        clearInterval(reaper);
      }
      // Fastify's own close: its onClose hooks (the render threads); the server has closed already.
      await app.close();
      await options.cleanup();
    })();
    return stopping;
  };
}

/**
 * The event loop's next look at its sockets accepts what the kernel has queued: this settles right
 * after one (an immediate set during a look runs before the next; its own one, after).
 */
const nextLook = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));

/**
 * From now on GET and HEAD are answered 503 before Fastify sees them (the page fast lane too):
 * a retry elsewhere loses nothing. Other requests go on to the server's handlers.
 */
function answerReadsUnavailable(server: http.Server) {
  const handlers = server.listeners('request') as ((req: http.IncomingMessage, res: http.ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      for (const handler of handlers) handler.call(server, req, res);
      return;
    }
    const code = 'core.restarting';
    const body = JSON.stringify({
      message: errorText({ code }, localeFromAcceptLanguage(req.headers['accept-language'])),
      code,
    });
    res.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'private, no-store',
      'retry-after': '1',
      vary: 'Accept-Language',
      connection: 'close',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
}

/** Settles once no connection has been accepted for `quietMs`, or `maxMs` have passed, or `cut()`. */
async function quietSpell(
  server: http.Server,
  { quietMs, maxMs, cut }: { quietMs: number; maxMs: number; cut: () => boolean },
) {
  const began = performance.now();
  let last = began;
  const onConnection = () => {
    last = performance.now();
  };
  server.on('connection', onConnection);
  try {
    for (;;) {
      // Connections queued meanwhile are accepted (and counted) before the time is read.
      await nextLook();
      const now = performance.now();
      const left = Math.min(quietMs - (now - last), maxMs - (now - began));
      if (left <= 0 || cut()) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(left, 50)));
    }
  } finally {
    server.off('connection', onConnection);
  }
}
