/**
 * An in-process cache kept exact across app instances by PostgreSQL NOTIFY (docs/decisions/018): triggers
 * on the source tables send the keys that changed on the cache channel when a transaction commits, and
 * every instance drops those keys (`invalidate`). A value is loaded once per key; concurrent readers share
 * the one load. A load that was under way when its key was invalidated is never stored.
 *
 * Between this instance's own write and the NOTIFY that its commit sends there is a short gap (the
 * notification travels on another connection): the writer calls `touch`, and the key is read from the
 * database uncached until the notification has certainly arrived (TOUCH_MS), so a client never reads
 * its own write stale. The cache only ever answers reads: decisions (capacity) re-count in their transaction.
 */
export const TOUCH_MS = 1_000;

export class NotifiedCache<V> {
  private readonly entries = new Map<string, Promise<V>>();
  /** Keys written by this instance lately: read uncached until the time stored. */
  private readonly touched = new Map<string, number>();
  private touchedAllUntil = 0;
  /** Caches keyed by the same keys whose values are read from the same rows: dropped and touched with this one. */
  private readonly followers: NotifiedCache<unknown>[] = [];
  /** False while the NOTIFY listener is not known to be live: every read goes to the database. */
  private enabled = true;

  constructor(
    private readonly maxEntries: number,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** The cached value for `key`, or `load()`'s (stored unless the key changes while it runs). */
  get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    if (!this.enabled || this.isTouched(key)) return load();
    const loading = load();
    this.entries.set(key, loading);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    // A failed load is not kept: the next reader tries again.
    loading.catch(() => {
      if (this.entries.get(key) === loading) this.entries.delete(key);
    });
    return loading;
  }

  /** Drops the keys (null: everything); an invalidation from NOTIFY. */
  invalidate(keys: readonly string[] | null): void {
    if (keys === null) this.entries.clear();
    else for (const key of keys) this.entries.delete(key);
    for (const follower of this.followers) follower.invalidate(keys);
  }

  /** `other` is dropped and touched whenever this cache is (the same keys, read from the same writes). */
  alsoDrops(other: NotifiedCache<unknown>): void {
    this.followers.push(other);
  }

  /** This instance is writing these keys (null: all): drop them and read them uncached for TOUCH_MS. */
  touch(keys: readonly string[] | null): void {
    this.invalidate(keys);
    const until = this.clock() + TOUCH_MS;
    if (keys === null) this.touchedAllUntil = until;
    else for (const key of keys) this.touched.set(key, until);
    if (this.touched.size > this.maxEntries) this.pruneTouched();
    for (const follower of this.followers) follower.touch(keys);
  }

  /** Turns the cache off (and empties it) when invalidations can no longer be heard, on again when they can. */
  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    this.entries.clear();
  }

  get isEnabled(): boolean {
    return this.enabled;
  }

  get size(): number {
    return this.entries.size;
  }

  private isTouched(key: string): boolean {
    const now = this.clock();
    if (now < this.touchedAllUntil) return true;
    const until = this.touched.get(key);
    if (until === undefined) return false;
    if (now < until) return true;
    this.touched.delete(key);
    return false;
  }

  private pruneTouched(): void {
    const now = this.clock();
    for (const [key, until] of this.touched) if (until <= now) this.touched.delete(key);
  }
}
