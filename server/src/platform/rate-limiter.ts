import net from 'node:net';
import type { Clock } from './clock.ts';
import { tooMany } from './errors.ts';

/**
 * The key of a client address: an IPv4 address as it is, an IPv6 address by its /64 (one subscriber usually holds a
 * whole /64, so rotating the low bits must not buy a fresh budget), an IPv4-mapped IPv6 address as its IPv4 form.
 */
export function addressKey(ip: string | null | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (net.isIPv6(ip)) return `${expandIpv6(ip).slice(0, 4).join(':')}::/64`;
  return ip;
}

function expandIpv6(ip: string): string[] {
  const [head = '', tail = ''] = (ip.split('%')[0] ?? '').split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return groups.map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''));
}

/** Keys kept at most; past it the oldest keys are dropped first, so a flood of addresses cannot grow memory without end. */
const MAX_KEYS = 50_000;

/**
 * Counts attempts per key in a sliding window. The key never comes from the path or the body's shape, so changing the
 * path's case, adding a slash or extra fields does not open a fresh budget.
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
    private readonly what = 'from this address',
  ) {}

  hit(key: string): void {
    const now = this.clock.now().getTime();
    const recent = (this.hits.get(key) ?? []).filter((t) => t > now - this.windowMs);
    // Re-inserted, so the map's order stays least recently used first.
    this.hits.delete(key);
    if (recent.length >= this.limit) {
      const retry = Math.ceil(((recent[0] ?? now) + this.windowMs - now) / 1000);
      this.hits.set(key, recent);
      throw tooMany(`Too many attempts ${this.what}. Try again in ${Math.max(1, Math.ceil(retry / 60))} minutes.`);
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > MAX_KEYS) this.prune(now);
  }

  /** How many keys are held (for the test that floods it). */
  get size(): number {
    return this.hits.size;
  }

  private prune(now: number): void {
    for (const [k, times] of this.hits) if (!times.some((t) => t > now - this.windowMs)) this.hits.delete(k);
    for (const k of this.hits.keys()) {
      if (this.hits.size <= MAX_KEYS * 0.9) break;
      this.hits.delete(k);
    }
  }
}
