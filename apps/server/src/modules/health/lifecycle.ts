import net from 'node:net';
import type { FastifyInstance } from 'fastify';

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
  /** After the server has closed (every in-flight request answered): workers, then the database. */
  cleanup: () => Promise<void>;
}

/**
 * The graceful stop, in the order a proxy in front can follow without a failed request:
 * 1. readiness answers 503 at once; for `drainMs` (until the proxy's next health check has taken
 *    this instance out of rotation) every request is answered, on new connections and kept-alive
 *    ones alike, each with `Connection: close` so the proxy sends its next one elsewhere. No
 *    connection is refused or closed meanwhile: one the proxy picked from its pool may already
 *    carry a request, and a refused one makes Caddy (2.6 at least) retry a POST without its body;
 * 2. then the server stops accepting, once the connections waiting in the kernel's queue are
 *    accepted (closing the listening socket would reset those, a request perhaps sent on them),
 *    and closes the connections that are idle (the others as soon as their answer is out; a
 *    request that arrives on one is answered, never refused);
 * 3. once none is left, Fastify's onClose hooks and then `cleanup` run. The promise settles once
 *    all that is done.
 * A second call returns the same promise and leaves the drain alone (a signal to the process group
 * reaches the server twice: directly and through `npm start`); a third cuts the drain short.
 * `drainMs` on the first call overrides the option (0: stop accepting at once).
 */
export function gracefulShutdown(app: FastifyInstance, options: GracefulShutdownOptions) {
  let stopping: Promise<void> | undefined;
  let endDrain: (() => void) | undefined;
  let calls = 0;
  return function shutdown(drainMs: number = options.drainMs): Promise<void> {
    calls += 1;
    if (stopping) {
      if (calls >= 3) endDrain?.();
      return stopping;
    }
    app.lifecycle.draining = true;
    stopping = (async () => {
      if (drainMs > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, drainMs);
          endDrain = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      endDrain = undefined;
      const { server } = app;
      // The event loop's next look at its sockets accepts what the kernel has queued: this goes on
      // right after one (an immediate set during a look runs before the next; its own one, after).
      await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
      // The listening socket alone: Fastify's close would also answer 503 to a request arriving on
      // a connection still open. The callback runs once every connection has closed.
      const closed = new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        net.Server.prototype.close.call(server, () => resolve());
      });
      // A connection whose request is still running closes once answered (`Connection: close`);
      // one that falls idle without it (a request that began before the stop) is closed here.
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
