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
  /** How long to keep serving, readiness at 503, before the server stops accepting. */
  drainMs: number;
  /** After the server has closed (every in-flight request answered): workers, then the database. */
  cleanup: () => Promise<void>;
}

/**
 * The graceful stop. Calling the returned function turns readiness to 503 at once, keeps serving
 * (in-flight and new requests alike) for `drainMs` so a proxy's health check can take the instance
 * out of rotation, then closes the server: no new connections, in-flight requests finish, and
 * keep-alive connections are closed once idle; then `cleanup` runs. The promise settles once all that is done.
 * A second call returns the same promise and cuts the drain short (a second Ctrl-C or SIGTERM);
 * `drainMs` on a call overrides the option (0: close at once).
 */
export function gracefulShutdown(app: FastifyInstance, options: GracefulShutdownOptions) {
  let stopping: Promise<void> | undefined;
  let endDrain: (() => void) | undefined;
  return function shutdown(drainMs: number = options.drainMs): Promise<void> {
    if (stopping) {
      endDrain?.();
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
      // Closing stops accepting and closes the connections idle at that moment; a keep-alive
      // connection whose request is still running would stay open once answered, until the
      // keep-alive timeout (72 s): those are closed as soon as they fall idle.
      const closing = app.close();
      const reaper = setInterval(() => app.server.closeIdleConnections?.(), 50);
      try {
        await closing;
      } finally {
        clearInterval(reaper);
      }
      await options.cleanup();
    })();
    return stopping;
  };
}
