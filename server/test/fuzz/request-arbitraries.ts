import fc from 'fast-check';
import type { FuzzOperation, Parameter } from './openapi-operations.ts';
import { aroundValue, brokenObject, garbageJson, validValue, type JsonSchema } from './schema-arbitraries.ts';

/** One generated request: what `app.inject` is given (the session is added when it is sent). */
export interface FuzzRequest {
  operation: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** How a value travels in a URL: text as it is, anything else as JSON. */
const asText = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v) ?? 'undefined');

/** Percent-encoding that also takes lone surrogates (sent as their UTF-8 replacement, as a browser would). */
function percentEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
}

/** Path segments the router or a percent-decoder may trip on. */
const RAW_SEGMENTS = ['%E0%A4%A', '%00', '%2F', '..', '%20', '-0', '0x10', '1e3', '00001', '%C0%AE'] as const;

function pathValue(p: Parameter): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: validValue(p.schema).map((v) => percentEncode(asText(v))) },
    { weight: 3, arbitrary: aroundValue(p.schema).map((v) => percentEncode(asText(v))) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  );
}

function queryPairs(params: Parameter[]): fc.Arbitrary<[string, string][]> {
  const perParam = params.map((p) =>
    fc
      .oneof(
        { weight: p.required ? 0 : 3, arbitrary: fc.constant(undefined) },
        { weight: 5, arbitrary: validValue(p.schema).map((v) => [[p.name, asText(v)]] as [string, string][]) },
        { weight: 2, arbitrary: aroundValue(p.schema).map((v) => [[p.name, asText(v)]] as [string, string][]) },
        // The same name twice: Fastify's parser makes it an array.
        { weight: 1, arbitrary: fc.tuple(validValue(p.schema), validValue(p.schema)).map(([a, b]) => [[p.name, asText(a)], [p.name, asText(b)]] as [string, string][]) },
      )
      .map((pairs) => pairs ?? []),
  );
  const extra = fc.oneof(
    { weight: 5, arbitrary: fc.constant([] as [string, string][]) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('unknown', 'page', 'limit', '__proto__', 'sort_by', 'is_all', 'with_total', 'cursor', 'format'), garbageJson).map(([k, v]) => [[k, asText(v)]] as [string, string][]) },
  );
  return fc.tuple(fc.tuple(...perParam), extra).map(([each, more]) => [...each.flat(), ...more]);
}

function queryString(params: Parameter[]): fc.Arbitrary<string> {
  const pairs = queryPairs(params).map((list) => list.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&'));
  return fc.oneof(
    { weight: 9, arbitrary: pairs },
    // Raw text: broken percent-encoding, brackets the parser may read as nesting, and a very long query.
    { weight: 1, arbitrary: fc.constantFrom('page=%E0%A4%A', 'a[b][c]=1&a[b]=2', 'page[]=1&limit[x]=2', `search=${'z'.repeat(9_000)}`, '&&&=&=', 'page=1&page=2&page=3') },
  );
}

interface BodyChoice {
  headers: Record<string, string>;
  payload?: string;
}

const json = (v: unknown): BodyChoice => ({ headers: { 'content-type': 'application/json' }, payload: JSON.stringify(v) });

function bodyChoice(schema: JsonSchema | undefined): fc.Arbitrary<BodyChoice> {
  const wrong = fc.oneof(
    { weight: 4, arbitrary: garbageJson.map(json) },
    { weight: 2, arbitrary: fc.constantFrom('{', '{"a":', 'not json', '[1,2', '{"version":1,}', '\u0000', '{"a":"\ud800"}', '1e999999', '"'.repeat(3)).map((payload) => ({ headers: { 'content-type': 'application/json' }, payload })) },
    { weight: 1, arbitrary: fc.constant<BodyChoice>({ headers: { 'content-type': 'application/json' }, payload: '' }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/xml', 'application/json; charset=latin1').map((ct) => ({ headers: { 'content-type': ct }, payload: 'a=1&version=1' })),
    },
    { weight: 1, arbitrary: fc.constant<BodyChoice>({ headers: {} }) },
  );
  if (!schema) return fc.oneof({ weight: 6, arbitrary: fc.constant<BodyChoice>({ headers: {} }) }, { weight: 1, arbitrary: wrong });
  return fc.oneof(
    { weight: 40, arbitrary: validValue(schema).map(json) },
    { weight: 40, arbitrary: (schema.properties ? brokenObject(schema) : aroundValue(schema)).map(json) },
    { weight: 30, arbitrary: wrong },
    // Just past the body limit (1 MiB).
    { weight: 1, arbitrary: fc.constant(json({ text: 'w'.repeat(1_100_000) })) },
  );
}

/** Requests for one operation, generated from its parameters' and body's schemas and around them. */
export function requestArbitrary(op: FuzzOperation): fc.Arbitrary<FuzzRequest> {
  const segments = fc.tuple(...op.pathParams.map(pathValue));
  return fc.tuple(segments, queryString(op.query), bodyChoice(op.body?.schema)).map(([values, query, body]) => {
    const byName = new Map(op.pathParams.map((p, i) => [p.name, values[i] ?? '']));
    const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => byName.get(name) ?? '');
    return { operation: op.id, method: op.method, url: query ? `${path}?${query}` : path, headers: body.headers, ...(body.payload !== undefined ? { payload: body.payload } : {}) };
  });
}
