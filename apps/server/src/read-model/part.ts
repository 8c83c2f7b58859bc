import type { ContentPart } from '../lib/page-cache.ts';

/** A loaded copy of a part: `gen` is the part's generation when its load started. */
export interface Copy<T> {
  gen: number;
  storedAt: number;
  value: T;
  /** The part's tables' write mark read before its load (`PartHost.writesTo`), when known. */
  mark: string | null;
}

export interface PartHost {
  now(): number;
  readonly maxAgeMs: number;
  /** A copy of `part` was put in place: readers get it from now on. */
  installed(part: ContentPart): void;
  /** A newer copy replaced one that readers were given: pages made from the old one must go. */
  replaced(part: ContentPart): void;
  failed(part: ContentPart, error: unknown): void;
  /**
   * A mark of the writes made to the part's tables, by anyone, that moves with each of them; null
   * when it cannot be told (the part is then loaded again each time it expires).
   */
  writesTo(part: ContentPart): Promise<string | null>;
}

export const noop = () => {};

/**
 * One part of the model: the copy readers get, and the load in flight.
 *
 * Every change of the part raises its generation (`#wanted`). A change a write names (`changed`)
 * loads the part again at once; readers keep the previous copy until the new one is in place, and
 * the writer waits for it. A change nobody named (`stale`) also raises `#floor`: no copy older than
 * that is given to readers again, they wait for a fresh load (the previous behaviour, for writes
 * made behind the services). A copy older than `maxAgeMs` is loaded again behind its readers, who
 * get it meanwhile, unless its tables saw no write since (`#markThenLoad`); only the very first
 * load is waited for. Loads are single-flight: a change made
 * while one runs queues one more, shared by every change made meanwhile. A failed load keeps the
 * previous copy, is logged, and is tried again at the next read.
 */
export class Part<T> {
  #wanted = 0;
  #floor = 0;
  #kept: Copy<T> | null = null;
  #loading: { gen: number; promise: Promise<Copy<T>> } | null = null;
  #queued: Promise<Copy<T>> | null = null;

  constructor(
    private readonly name: ContentPart,
    private readonly host: PartHost,
    private readonly load: () => Promise<T>,
  ) {}

  read(): Promise<Copy<T>> {
    const kept = this.#kept;
    if (kept && kept.gen >= this.#floor) {
      if (kept.gen < this.#wanted || this.host.now() - kept.storedAt > this.host.maxAgeMs) this.#background();
      return Promise.resolve(kept);
    }
    return this.#refresh();
  }

  /**
   * A write changed the part: load it again now. Resolves once the new copy is in place, or the
   * load failed (logged; the previous copy stays and the next read tries again). A part never read
   * is not loaded: its first reader loads it.
   */
  changed(): Promise<void> {
    this.#wanted += 1;
    if (!this.#kept && !this.#loading) return Promise.resolve();
    return this.#refresh().then(noop, noop);
  }

  /** Something changed that nobody named: readers wait for a fresh load from now on. */
  stale(): void {
    this.#wanted += 1;
    this.#floor = this.#wanted;
  }

  #background(): void {
    const loading = this.#loading;
    if (loading && (loading.gen === this.#wanted || this.#queued)) return;
    // Failures are logged where the load ends.
    this.#refresh().catch(noop);
  }

  /** A load that started at the current generation: the one in flight, one queued after it, or a new one. */
  #refresh(): Promise<Copy<T>> {
    const loading = this.#loading;
    if (!loading) return this.#start();
    if (loading.gen === this.#wanted) return loading.promise;
    // It started before the latest change: one more load follows it.
    this.#queued ??= loading.promise.then(noop, noop).then(() => {
      this.#queued = null;
      return this.#refresh();
    });
    return this.#queued;
  }

  #start(): Promise<Copy<T>> {
    const gen = this.#wanted;
    const storedAt = this.host.now();
    const promise: Promise<Copy<T>> = this.#markThenLoad(gen, storedAt).then(
      (loaded) => {
        if (this.#loading?.promise === promise) this.#loading = null;
        if (!('value' in loaded)) return loaded.unchanged;
        const copy: Copy<T> = { gen, storedAt, value: loaded.value, mark: loaded.mark };
        const kept = this.#kept;
        // Never older than what readers have; a load that an unnamed change overtook goes only to its own waiters.
        if (gen >= this.#floor && (!kept || gen >= kept.gen)) {
          this.#kept = copy;
          this.host.installed(this.name);
          if (kept && kept.gen >= this.#floor && gen > kept.gen) this.host.replaced(this.name);
        }
        return copy;
      },
      (error: unknown) => {
        if (this.#loading?.promise === promise) this.#loading = null;
        this.host.failed(this.name, error);
        throw error;
      },
    );
    this.#loading = { gen, promise };
    return promise;
  }

  /**
   * The part's tables' write mark (when the host can tell), then the part. A copy that only expired
   * (no change named since it was loaded) whose tables saw no write since is not loaded again: it
   * is kept as it is, a while longer. The mark is read before the load, so a write between the two
   * only costs one more load at the next expiry.
   */
  async #markThenLoad(
    gen: number,
    storedAt: number,
  ): Promise<{ value: T; mark: string | null } | { unchanged: Copy<T> }> {
    const mark = await this.host.writesTo(this.name);
    const kept = this.#kept;
    if (mark !== null && kept?.mark === mark && kept.gen === gen && gen >= this.#floor) {
      kept.storedAt = storedAt;
      return { unchanged: kept };
    }
    return { value: await this.load(), mark };
  }
}

/**
 * `transform` run once per distinct text (sanitising rich HTML, cutting a summary): a rebuild after
 * an unrelated write does none of it again. Remembers only what the latest build used.
 */
export class TextMemo {
  #previous = new Map<string, { raw: string; out: string }>();
  #current = new Map<string, { raw: string; out: string }>();

  constructor(private readonly transform: (raw: string) => string) {}

  readonly get = (raw: string): string => {
    let entry = this.#previous.get(raw) ?? this.#current.get(raw);
    if (!entry) {
      const out = this.transform(raw);
      // Stored text is sanitised on save, so usually nothing changes: keep one copy of it.
      entry = { raw, out: out === raw ? raw : out };
    }
    // Keyed by the text kept from before, so the copy just read from the database can be freed.
    this.#current.set(entry.raw, entry);
    return entry.out;
  };

  /** Ends a build: what it did not use is forgotten (unless two builds overlapped, then kept once more). */
  done(): void {
    if (this.#current.size === 0) return;
    this.#previous = this.#current;
    this.#current = new Map();
  }
}
