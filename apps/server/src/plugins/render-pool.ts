import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { PublicSiteData } from '@oasis/shared/contracts';
import { serverDir } from '../lib/server-dir.ts';

/** What a thread needs to render one page: the request as plain data and the load context without `site`. */
export interface RenderJob {
  url: string;
  headers: [string, string][];
  context: Record<string, unknown>;
}

/** A rendered answer: status, headers (without Set-Cookie), cookies and the whole body. */
export interface RenderedAnswer {
  status: number;
  headers: Record<string, string>;
  cookies: string[];
  body: Buffer | null;
}

type FromWorker =
  | { type: 'ready' }
  | { type: 'site'; id: number; method: string; args: unknown[] }
  | {
      type: 'rendered';
      id: number;
      status: number;
      headers: [string, string][];
      cookies: string[];
      body: ArrayBuffer | null;
    }
  | { type: 'failed'; id: number; message: string };

export interface RenderThread {
  worker: Worker;
  ready: boolean;
  /** Loaded the pages' code once: a thread that never did is not replaced. */
  everReady: boolean;
  inFlight: Map<number, { resolve: (answer: RenderedAnswer) => void; reject: (error: Error) => void }>;
}

/**
 * A render thread's old space, in MB. About 30 MB stays live after a flood of misses; the rest is
 * render garbage the collector lets pile up to near the bound. At 64 it collected all the time
 * under a flood of misses; 96 kept the miss rate of 128 with 30 MB less resident (docs/benchmarks.md).
 */
const THREAD_OLD_SPACE_MB = 96;

/** Waited for after a thread stopped unexpectedly, before another is started in its place. */
const RESTART_DELAY_MS = 1_000;

/**
 * Page renders on threads beside the main one (docs/decisions/018-render-threads.md): each thread
 * loads the web app's server build and renders the pages it is handed, reading the public content
 * from the main thread's read model (`site`) through messages. The main thread keeps the HTTP
 * work, the page cache and the database; it renders only what no thread can (none ready yet, a
 * thread that failed).
 */
export class RenderPool {
  readonly #threads: RenderThread[] = [];
  readonly #site: PublicSiteData;
  readonly #serverEntry: string;
  readonly #log: FastifyBaseLogger;
  #lastId = 0;
  #closed = false;

  readonly #onReady: () => void;
  readonly #onUnavailable: () => void;
  readonly #count: number;

  constructor(options: {
    threads: number;
    serverEntry: string;
    site: PublicSiteData;
    log: FastifyBaseLogger;
    /** Called each time a thread has loaded the pages' code and takes renders. */
    onReady?: () => void;
    /**
     * Called when a thread stopped before it was ever ready (the pages' code could not be loaded
     * there): it is not started again, which would only fail the same way every second.
     */
    onUnavailable?: () => void;
  }) {
    this.#onReady = options.onReady ?? (() => {});
    this.#onUnavailable = options.onUnavailable ?? (() => {});
    this.#site = options.site;
    this.#serverEntry = options.serverEntry;
    this.#log = options.log;
    this.#count = options.threads;
  }

  /**
   * Starts the threads (once; the server calls it when it listens, so that loading the pages' code
   * on them does not slow its own start on a small machine).
   */
  start(): void {
    if (this.#closed || this.#threads.length > 0) return;
    for (let i = 0; i < this.#count; i++) this.#threads.push(this.#start());
  }

  /**
   * Renders `job` on the ready thread with the fewest renders in flight; null while none is ready
   * (the caller renders it on the main thread, as it does when this rejects: the thread failed or
   * stopped meanwhile). The main thread renders nothing else: a thread's render waits for it to
   * answer the thread's reads, and measured, sharing the renders with it was slower than leaving
   * them all to the threads (docs/benchmarks.md).
   */
  render(job: RenderJob): Promise<RenderedAnswer> | null {
    let thread: RenderThread | null = null;
    for (const candidate of this.#threads) {
      if (candidate.ready && (!thread || candidate.inFlight.size < thread.inFlight.size)) thread = candidate;
    }
    if (!thread) return null;
    const chosen = thread;
    this.#lastId += 1;
    const id = this.#lastId;
    const versions = this.#site.versions?.() ?? null;
    return new Promise<RenderedAnswer>((resolve, reject) => {
      chosen.inFlight.set(id, { resolve, reject });
      chosen.worker.postMessage({ type: 'render', id, versions, ...job });
    });
  }

  /**
   * Reads of the public content the threads asked for since start, by read (`courses`, `hero`…):
   * each is a copy sent to a thread, made once per version of that read (for /metrics).
   */
  readonly readsAnswered = new Map<string, number>();

  /** The threads as they are now (a stopped one is replaced a second later). */
  get threads(): readonly RenderThread[] {
    return this.#threads;
  }

  /** Threads ready to render (none until each has loaded the pages' code). */
  get ready(): number {
    return this.#threads.filter((thread) => thread.ready).length;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all(this.#threads.map((thread) => thread.worker.terminate()));
  }

  #start(): RenderThread {
    const worker = new Worker(path.join(serverDir, 'src/plugins/render-worker.mjs'), {
      // A thread keeps little between renders (the pages' code, the reads of one content version):
      // a bounded heap is collected sooner instead of growing with render garbage (docs/benchmarks.md).
      resourceLimits: { maxOldGenerationSizeMb: THREAD_OLD_SPACE_MB },
      workerData: {
        serverEntry: this.#serverEntry,
        siteMethods: Object.keys(this.#site).filter((method) => method !== 'versions'),
      },
    });
    // A thread must never keep the process alive on its own.
    worker.unref();
    const thread: RenderThread = { worker, ready: false, everReady: false, inFlight: new Map() };
    worker.on('message', (message: FromWorker) => this.#received(thread, message));
    worker.on('error', (error) => this.#log.error({ err: error }, 'a render thread failed'));
    worker.on('exit', (code) => {
      thread.ready = false;
      for (const waiting of thread.inFlight.values()) waiting.reject(new Error(`the render thread stopped (${code})`));
      thread.inFlight.clear();
      if (this.#closed) return;
      if (!thread.everReady) {
        this.#log.error({ code }, 'a render thread stopped before it could render: pages render on the main thread');
        this.#onUnavailable();
        return;
      }
      this.#log.error({ code }, 'a render thread stopped: another starts in its place');
      const index = this.#threads.indexOf(thread);
      setTimeout(() => {
        if (!this.#closed && index !== -1) this.#threads[index] = this.#start();
      }, RESTART_DELAY_MS).unref();
    });
    return thread;
  }

  #received(thread: RenderThread, message: FromWorker) {
    if (message.type === 'ready') {
      thread.ready = true;
      thread.everReady = true;
      this.#onReady();
    } else if (message.type === 'site') {
      this.#answerRead(thread, message);
    } else {
      const waiting = thread.inFlight.get(message.id);
      thread.inFlight.delete(message.id);
      if (!waiting) return;
      if (message.type === 'failed') {
        waiting.reject(new Error(message.message));
        return;
      }
      waiting.resolve({
        status: message.status,
        headers: Object.fromEntries(message.headers),
        cookies: message.cookies,
        body: message.body ? Buffer.from(message.body) : null,
      });
    }
  }

  /** A read of the public content asked by a thread, answered from the read model. */
  #answerRead(thread: RenderThread, { id, method, args }: { id: number; method: string; args: unknown[] }) {
    const read = (this.#site as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>)[method];
    this.readsAnswered.set(method, (this.readsAnswered.get(method) ?? 0) + 1);
    const answer = read ? read(...args) : Promise.reject(new Error(`the public content has no ${method}`));
    answer.then(
      (value) => thread.worker.postMessage({ type: 'site', id, value }),
      (error: unknown) =>
        thread.worker.postMessage({ type: 'site', id, error: error instanceof Error ? error.message : String(error) }),
    );
  }
}
