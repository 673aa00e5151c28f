import autocannon from 'autocannon';

/** What one closed-loop run measured: completed requests per second and latency percentiles in milliseconds. */
export interface LoadFigures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers that were not 2xx, plus connection errors and timeouts (raw loops: thrown errors). */
  failed: number;
  /** The first failure: its status code or error message. */
  firstFailure?: string;
}

/** One request of an HTTP run, chosen afresh for every request (a random province, consumer or account). */
export interface HttpRequestSpec {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Headers of this request alone (a consumer's own token), over the run's. */
  headers?: Record<string, string>;
}

function figures(latencies: number[], seconds: number, failed: number, firstFailure: string | undefined): LoadFigures {
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: latencies.length / seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99), failed, ...(firstFailure ? { firstFailure } : {}) };
}

/** autocannon's request with the spec's method, path, body and own headers. */
function nextRequest(req: autocannon.Request, spec: HttpRequestSpec): autocannon.Request {
  const { headers, ...rest } = spec;
  return headers ? { ...req, ...rest, headers: { ...req.headers, ...headers } } : { ...req, ...rest };
}

/**
 * A closed loop over real HTTP: `clients` connections, each sending its next request when the previous one is answered,
 * for `seconds`. Percentiles come from every response's own time (autocannon's summary has no p95).
 */
export async function driveHttp(opts: { url: string; clients: number; seconds: number; headers: Record<string, string>; next: () => HttpRequestSpec }): Promise<LoadFigures> {
  const latencies: number[] = [];
  let failed = 0;
  let firstFailure: string | undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: opts.url, connections: opts.clients, duration: opts.seconds, headers: opts.headers, requests: [{ setupRequest: (req) => nextRequest(req, opts.next()) }] },
      (err, done) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(done)),
    );
    instance.on('response', (_client, statusCode, _bytes, ms) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(ms);
      else {
        failed++;
        firstFailure ??= `HTTP ${statusCode}`;
      }
    });
  });
  // autocannon's errors count its timeouts too.
  if (result.errors > 0) firstFailure ??= `${result.errors} connection errors, of them ${result.timeouts} timeouts`;
  return figures(latencies, result.duration, failed + result.errors, firstFailure);
}

/** The same closed loop without HTTP: `clients` loops each awaiting `op` back to back for `seconds`. */
export async function driveLoops(clients: number, seconds: number, op: () => Promise<unknown>): Promise<LoadFigures> {
  const latencies: number[] = [];
  let failed = 0;
  let firstFailure: string | undefined;
  const start = performance.now();
  const end = start + seconds * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const t = performance.now();
      try {
        await op();
        latencies.push(performance.now() - t);
      } catch (err) {
        failed++;
        firstFailure ??= err instanceof Error ? err.message : String(err);
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
  return figures(latencies, (performance.now() - start) / 1000, failed, firstFailure);
}
