import { expect } from 'vitest';
import type { Harness } from './harness.ts';

export interface ApiAnswer<T> {
  status: number;
  body: { data: T; message: string; error?: string; details?: { path: string; message: string }[] };
}

/**
 * A test's calls to `/api/v1/<url>` with a token: `call` answers the status and the body, `ok` expects 200 and answers
 * the data. `h.call` is read at each call, so it may be made before the harness is up.
 */
export function apiCalls(h: Pick<Harness, 'call'>) {
  const call = async <T>(method: string, url: string, token: string, body?: unknown): Promise<ApiAnswer<T>> => {
    const res = await h.call(method, `/api/v1/${url}`, { token, ...(body === undefined ? {} : { body }) });
    return { status: res.statusCode, body: res.json<ApiAnswer<T>['body']>() };
  };
  const ok = async <T>(method: string, url: string, token: string, body?: unknown): Promise<T> => {
    const res = await call<T>(method, url, token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  return { call, ok };
}
