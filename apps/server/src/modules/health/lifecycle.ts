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
  /**
   * Once the server has stopped accepting, how long a connection that is open but idle is left
   * alone before it is closed (IDLE_GRACE_MS by default).
   */
  idleGraceMs?: number;
  /** After the server has closed (every in-flight request answered): workers, then the database. */
  cleanup: () => Promise<void>;
}

/**
 * After the listening socket closes, the time an idle connection is left open: a connection just
 * accepted may carry a request not yet read (closed, it would be lost: a proxy cannot send a POST
 * again), and one a proxy keeps open is let go by the proxy itself after its own idle timeout,
 * shorter than this (`keepalive_timeout` in deploy/nginx-oasis.conf).
 */
export const IDLE_GRACE_MS = 3_000;

/**
 * The graceful stop, in the order a proxy in front can follow without a failed request:
 * 1. readiness answers 503 at once; for `drainMs` (until the proxy's next health check has taken
 *    this instance out of rotation) every request is answered, on new connections and kept-alive
 *    ones alike, each with `Connection: close` so the proxy sends its next one elsewhere. No
 *    connection is refused or closed meanwhile: one the proxy picked from its pool may already
 *    carry a request, and a refused one makes Caddy (2.6 at least) retry a POST without its body;
 * 2. then the server stops accepting, once the connections waiting in the kernel's queue are
 *    accepted (closing the listening socket would reset those, a request perhaps sent on them);
 * 3. for `idleGraceMs` no connection is closed by the server: Node counts one whose request has
 *    not been read yet as idle, and closing it would lose that request. Each request still
 *    arriving is answered with `Connection: close`, and its connection closes once answered;
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
