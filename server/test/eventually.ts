import { vi } from 'vitest';

/**
 * Reads `read` until `done` accepts what it answers (vitest's `vi.waitFor`, every 100 ms), for what another process or a
 * queued job does in its own time; fails with `what` and the last value after `timeoutMs`.
 */
export function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!done(value)) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs / 1000} s`);
      return value;
    },
    { timeout: timeoutMs, interval: 100 },
  );
}
