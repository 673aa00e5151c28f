import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';

/*
 * Every registered API route, called by the Super Admin (so no guard stops the input early) with malformed path
 * parameters, query strings and bodies: none may answer 5xx, and every refusal carries a message for the toast.
 * Routes that end the caller's session or hold a stream open are left to their own tests.
 */
const SKIPPED = [/\/auth\/sign-out$/, /\/events$/];

const BAD_PARAMS = ['abc', '-1', '0', '1.5', '99999999999999999999', '%00', 'x'.repeat(300), '%E0%A4%A'];
const BAD_QUERIES = [
  'page=abc&limit=-1',
  'page=0&limit=1000001',
  'sort_by=password_hash&sort_dir=sideways',
  'search=%00',
  `search=${'x'.repeat(5000)}`,
  'status=abc&id=abc&consumer_id=-1&store_id=1e400',
  'date_from=2024-02-30&date_to=nope&created_at_from=31/12/2026',
  'unknown=1&page=1&page=2',
  'format=exe&is_all=maybe',
];
const BAD_BODIES: unknown[] = [
  'not json',
  [1, 2],
  { version: 'one', id: [], ids: 'x', items: 'x' },
  { name: '\u0000', title: 5, status: 'x', email: 5, reason: {}, message: [], phone: true, version: -1 },
  { ids: [3000000000, -1], version: 3000000000 },
];

describe('bad input on every route', () => {
  const h = useHarness();

  it('never answers 5xx, and every refusal names its reason', { timeout: 300_000 }, async () => {
    const token = await h.tokenOf('superadmin');
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    const check = async (method: string, url: string, body?: unknown) => {
      const res = await h.call(method, url, {
        token,
        ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const refusedWithoutMessage = res.statusCode >= 400 && !safeMessage(res.body);
      if (res.statusCode >= 500 || refusedWithoutMessage) problems.push(`${method} ${url.slice(0, 90)} ${JSON.stringify(body)?.slice(0, 60) ?? ''} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    };
    const routes = h.routes.filter((r) => !SKIPPED.some((re) => re.test(r.url)));
    expect(routes.length).toBeGreaterThan(100);
    for (const route of routes) {
      const hasParams = route.url.includes('/:');
      const withParams = (value: string) => route.url.replace(/:(\w+)/g, value);
      const sane = withParams('1');
      if (hasParams) for (const p of BAD_PARAMS) await check(route.method, withParams(p));
      for (const q of BAD_QUERIES) await check(route.method, `${sane}?${q}`);
      if (route.method !== 'GET' && route.method !== 'DELETE') for (const b of BAD_BODIES) await check(route.method, sane, b);
    }
    expect(problems).toEqual([]);
    // The input reached validation, not only the router: most calls were refused as bad requests.
    const calls = [...statuses.values()].reduce((a, b) => a + b, 0);
    expect(calls).toBeGreaterThan(2000);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(calls / 2);
  });
});

/** A JSON answer with a `message` string (the envelope every error uses). */
function safeMessage(body: string): boolean {
  try {
    return typeof (JSON.parse(body) as { message?: unknown }).message === 'string';
  } catch {
    return false;
  }
}
