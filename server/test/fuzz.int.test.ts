import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operationsOf, type OpenApiDocument } from './fuzz/openapi-operations.ts';
import { requestArbitrary } from './fuzz/request-arbitraries.ts';
import { DEFAULT_FUZZ_SEED, describeProblem, runFuzz, summarize } from './fuzz/fuzz-runner.ts';
import { useHarness } from './harness.ts';

/*
 * Every operation of the OpenAPI document the server builds, called as a Super Admin (no guard stops the input early)
 * with path parameters, queries and JSON bodies generated from their schemas and around them (wrong types, missing and
 * unknown fields, numbers past every bound, empty, long, unicode and NUL text, malformed JSON, wrong content types).
 * A few thousand cases here; `npm run fuzz -- --cases 100000` runs the same generator at length.
 */
const SEED = Number(process.env.FUZZ_SEED ?? DEFAULT_FUZZ_SEED);
const CASES = Number(process.env.FUZZ_CASES ?? 2_500);

describe('fuzzing every operation of the OpenAPI document', () => {
  const h = useHarness({}, { scale: 0.05 });

  // What the fuzzer found (each a 400 that named no field, from PostgreSQL's own refusal), kept as plain cases; before
  // the fuzz run, which may change the demo Super Admin's account.
  let token = '';
  it.each([
    ['a NUL character in a query', 'GET', '/api/v1/group-stores?search=a%00b', undefined, 'search'],
    ['a NUL character in a body', 'POST', '/api/v1/faqs', { question: 'Why?', answer: 'Because\u0000' }, 'answer'],
    ['a NUL character deep in a body', 'POST', '/api/v1/approval-messages/bulk/reject', { items: [{ id: 1, version: 1 }], reason: ['x\u0000'] }, 'reason.0'],
    ['an id past int4 in the path', 'GET', '/api/v1/role/detail/9007199254740991', undefined, 'id'],
    ['an id past int4 in a filter', 'GET', '/api/v1/products?category_id=2147483648', undefined, 'category_id'],
    ['an id past int4 in a body', 'PUT', '/api/v1/faqs/positions', { ids: [1, 3_000_000_000] }, 'ids.1'],
    ['a version past int4', 'PUT', '/api/v1/group-stores/1', { name: 'x', version: 2_147_483_648 }, 'version'],
    ['a message id past int4', 'GET', '/api/v1/chats/1/messages?after_id=9007199254740991', undefined, 'after_id'],
    ['a day in year 0 (PostgreSQL has none)', 'GET', '/api/v1/log-history?date_from=0000-02-29', undefined, 'date_from'],
    ['an instant in year 0', 'POST', '/api/v1/offers', { title: 'x', start_at: '0000-01-01T00:00:00+07:00' }, 'start_at'],
    ['a body that is no object', 'POST', '/api/v1/faqs', [1, 2], 'body'],
    ['an unknown query key', 'GET', '/api/v1/products?nope=1', undefined, 'query'],
  ] as const)('refuses %s naming the field', async (_, method, url, body, path) => {
    token ||= await h.tokenOf('superadmin');
    const res = await h.call(method, url, { token, ...(body ? { body } : {}) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ details?: { path: string }[] }>().details?.map((d) => d.path)).toContain(path);
  });

  it('never answers 5xx; every refusal is the error envelope with a message, and a 400 names what is wrong', { timeout: 180_000 }, async () => {
    const report = await runFuzz(h, { seed: SEED, cases: CASES });
    if (report.problems.length) {
      console.error(
        [...report.problems.slice(0, 30).map(describeProblem), summarize(report), `replay: FUZZ_SEED=${SEED}, or npm run fuzz -- --seed ${SEED} --cases ${CASES}`].join('\n'),
      );
    }
    expect(report.problems.map((p) => `${p.request.operation}: ${p.reason} (seed ${SEED})`)).toEqual([]);
    expect(report.serverErrors).toBe(0);
    expect(report.operations).toBeGreaterThan(300);
    expect(report.cases).toBeGreaterThanOrEqual(CASES);
    // The input went past validation too: records were read and written, missing ones and stale versions refused.
    expect(report.statuses.get(200) ?? 0).toBeGreaterThan(CASES / 20);
    expect(report.statuses.get(404) ?? 0).toBeGreaterThan(0);
    expect(report.statuses.get(409) ?? 0).toBeGreaterThan(0);
  });

  it('makes the same requests from the same seed', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
    const op = operationsOf(doc).find((o) => o.id === 'stores.update');
    expect(op).toBeDefined();
    const sample = (seed: number) => fc.sample(requestArbitrary(op!), { seed, numRuns: 20 });
    expect(sample(SEED)).toEqual(sample(SEED));
    expect(sample(SEED)).not.toEqual(sample(SEED + 1));
  });
});
