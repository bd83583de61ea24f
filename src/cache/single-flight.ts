/**
 * Collapses identical concurrent work: while a call for a key is running, later callers for the
 * same key get its promise instead of starting another (one upstream request for a burst of
 * identical reads).
 */
export class SingleFlight {
  readonly #running = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.#running.get(key);
    if (running) return running as Promise<T>;
    const promise = work().finally(() => {
      // Only remove our own promise: `forget` may have let a newer call take the key.
      if (this.#running.get(key) === promise) this.#running.delete(key);
    });
    this.#running.set(key, promise);
    return promise;
  }

  /** Lets the next caller of these keys start afresh (their data changed while they ran). */
  forget(matches: (key: string) => boolean): void {
    for (const key of [...this.#running.keys()]) if (matches(key)) this.#running.delete(key);
  }

  get size(): number {
    return this.#running.size;
  }
}
