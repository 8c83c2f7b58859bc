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
   * on: at least the proxy's health-check interval (SHUTDOWN_DRAIN_MS; deploy/Caddyfile).
   */
  drainMs: number;
  /** After the server has closed (every in-flight request answered): workers, then the database. */
  cleanup: () => Promise<void>;
}

/**
 * The graceful stop, in the order a proxy in front can follow without a failed request:
 * 1. readiness answers 503 and the server stops accepting connections, both at once: a proxy that
 *    opens a connection here is refused before it sent anything, so it may try another instance
 *    even with a POST;
 * 2. for `drainMs` (the proxy's next health check takes this instance out of rotation) every
 *    request is answered, in flight or arriving on a kept-alive connection, each with
 *    `Connection: close` so the proxy sends its next one elsewhere. No connection is closed by the
 *    server meanwhile: one the proxy picked from its pool may already carry a request on the wire;
 * 3. then the connections left idle are closed (and the others as soon as their answer is out), and
 *    once none is left `cleanup` runs. The promise settles once all that is done.
 * A second call returns the same promise and leaves the drain alone (a signal to the process group
 * reaches the server twice: directly and through `npm start`); a third cuts the drain short.
 * `drainMs` on the first call overrides the option (0: close idle connections at once).
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
    const { server } = app;
    // The listening socket alone: http.Server#close would also close the idle connections now.
    const closed = new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      net.Server.prototype.close.call(server, () => resolve());
    });
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
      // A connection whose request is still running closes once answered (`Connection: close`);
      // one that falls idle without it (a request that began before the stop) is closed here.
      const reaper = setInterval(() => server.closeIdleConnections(), 50);
      server.closeIdleConnections();
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
