import type { Clock } from './clock.ts';
import { tooMany } from './errors.ts';

/**
 * Counts attempts per key (the client address) in a sliding window. The key never comes from the path or the body,
 * so changing the path's case, adding a slash or extra fields does not open a fresh budget.
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  hit(key: string): void {
    const now = this.clock.now().getTime();
    const recent = (this.hits.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (recent.length >= this.limit) {
      const retry = Math.ceil(((recent[0] ?? now) + this.windowMs - now) / 1000);
      this.hits.set(key, recent);
      throw tooMany(`Too many attempts from this address. Try again in ${Math.max(1, Math.ceil(retry / 60))} minutes.`);
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) this.prune(now);
  }

  private prune(now: number): void {
    for (const [k, times] of this.hits) if (!times.some((t) => t > now - this.windowMs)) this.hits.delete(k);
  }
}
