export interface KeptMapSettings {
  /** Entries kept at most (the oldest go first). */
  maxEntries: number;
  /** How long an entry answers at most: a backstop, since every change that matters evicts it at once. */
  ttlMs: number;
}

/**
 * What a process keeps of rows it read, by key, until the database announces a change of them (platform/db-notify.ts)
 * or `ttlMs` passes. A lookup that started before an eviction must not store what it read, so every eviction moves an
 * epoch: `put` takes the epoch read before the lookup (`mark`) and stores nothing if it moved meanwhile.
 */
export class KeptMap<V> {
  private readonly entries = new Map<string, { value: V; keptMs: number }>();
  private epoch = 0;

  constructor(private readonly settings: KeptMapSettings) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, nowMs: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (nowMs - entry.keptMs >= this.settings.ttlMs || nowMs < entry.keptMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** The epoch to hand to `put` after a lookup in the database. */
  mark(): number {
    return this.epoch;
  }

  put(key: string, value: V, mark: number, nowMs: number): void {
    if (mark !== this.epoch || this.settings.maxEntries <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, keptMs: nowMs });
    if (this.entries.size > this.settings.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  /** Evicts the entries `matches` picks. */
  evict(matches: (value: V) => boolean): void {
    this.epoch++;
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }

  /** Forgets everything (notifications may have been missed). */
  clear(): void {
    this.epoch++;
    this.entries.clear();
  }
}

/** A `<kind>:<id>` announcement's kind and id (id NaN when it is not a whole number). */
export function announced(payload: string): { kind: string; id: number } {
  const [kind = '', text] = payload.split(':');
  const id = Number(text);
  return { kind, id: Number.isSafeInteger(id) ? id : NaN };
}
