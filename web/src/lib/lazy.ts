import { lazyRouteComponent } from '@tanstack/react-router';

/** Section 8: a lazy-loaded screen that does not arrive within 120 s fails (the route's error page offers a reload). */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor() {
    super('The page could not be loaded. Check the connection and reload.');
    this.name = 'ChunkLoadError';
  }
}

function withTimeout<T>(load: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new ChunkLoadError()), CHUNK_TIMEOUT_MS);
    load.then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        window.clearTimeout(timer);
        reject(err instanceof Error ? err : new ChunkLoadError());
      },
    );
  });
}

/** A route component loaded on first use, in its own chunk: `lazyScreen(() => import('./x.tsx'), 'XPage')`. */
export function lazyScreen<T extends Record<string, unknown>, K extends keyof T>(importer: () => Promise<T>, name: K) {
  return lazyRouteComponent(() => withTimeout(importer()), name);
}
