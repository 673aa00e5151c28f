import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;
type SerializerCompiler = (route: { schema: unknown; method: string; url: string; httpStatus?: string }) => Serialize;

/**
 * Responses are written by a serializer compiled once per route from the JSON Schema of the route's zod answer
 * (fast-json-stringify), not by walking the zod schema for every response and then JSON.stringify. As zod's encode
 * would, it writes only the declared properties (whatever else a row carries stays home) and refuses an answer that
 * lacks a required one. An answer JSON Schema cannot describe (a transform's output, a date) keeps zod's encode.
 *
 * With `check` (the tests), every answer is also encoded by zod, so one that breaks its contract is a 500 as before,
 * and what the compiled serializer wrote from the same answer must parse to what zod's encode wrote (optional
 * properties may come in another order): the whole test suite is the proof that the compiled path writes what zod did.
 */
export function responseSerializerCompiler(opts: { check: boolean }): FastifySerializerCompiler<unknown> {
  const compile: SerializerCompiler = ({ schema, method, url, httpStatus }) => {
    const fallback = (zodSerializerCompiler as unknown as SerializerCompiler)({ schema, method, url, ...(httpStatus ? { httpStatus } : {}) });
    if (!(schema instanceof z.ZodType)) return fallback;
    // Compiled at the route's first answer: compiling all ~300 at start-up takes a second or two.
    let compiled: Serialize | undefined;
    const write: Serialize = (data) => {
      compiled ??= compiledFor(schema) ?? fallback;
      return compiled(data);
    };
    if (!opts.check) return write;
    return (data) => {
      const encoded = z.safeEncode(schema, data);
      if (encoded.error) throw new ResponseSerializationError(method, url, { cause: encoded.error });
      const written = write(data);
      const expected = JSON.stringify(encoded.data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(`${method} ${url}: the compiled serializer wrote ${written.slice(0, 300)} where zod encodes ${expected.slice(0, 300)}`);
      }
      return written;
    };
  };
  return compile as unknown as FastifySerializerCompiler<unknown>;
}

/** The compiled serializer of a zod schema, or null when JSON Schema cannot describe its output. */
export function compiledFor(schema: z.ZodType): Serialize | null {
  let json: unknown;
  try {
    json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' });
  } catch {
    return null;
  }
  return fastJson(forWriting(json) as Parameters<typeof fastJson>[0]) as Serialize;
}

const NAMED_SCHEMAS = new Set(['properties', 'patternProperties', 'definitions', '$defs']);
/** Keywords that only validate: a serializer has no use for them. */
const VALIDATION_ONLY = new Set(['$schema', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'pattern', 'format', 'minItems', 'maxItems', 'propertyNames']);

/**
 * The JSON Schema as a serializer needs it: validation keywords dropped, and `anyOf: [X, {type: null}]` (how zod writes
 * a nullable number with bounds, or a nullable object) made `X` with `null` among its types, which fast-json-stringify
 * writes by a type test instead of validating the value against each branch.
 */
function forWriting(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forWriting);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (VALIDATION_ONLY.has(key)) continue;
    // Maps of names to schemas: a property may well be called `format` or `pattern`.
    out[key] = NAMED_SCHEMAS.has(key) && value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([name, s]) => [name, forWriting(s)])) : forWriting(value);
  }
  // JSON.stringify leaves out an undefined value of any type, where fast-json-stringify would call it missing.
  if (Array.isArray(out.required) && out.properties && typeof out.properties === 'object') {
    const props = out.properties as Record<string, unknown>;
    out.required = out.required.filter((name) => JSON.stringify(props[String(name)]) !== '{}');
  }
  const branches = out.anyOf;
  if (Array.isArray(branches) && branches.length === 2 && Object.keys(out).length === 1) {
    const isNull = (b: unknown) => JSON.stringify(b) === '{"type":"null"}';
    const other = branches.find((b) => !isNull(b)) as Record<string, unknown> | undefined;
    if (other && branches.some(isNull) && !other.anyOf && (typeof other.type === 'string' || Array.isArray(other.type))) {
      return { ...other, type: [...[other.type].flat(), 'null'] };
    }
  }
  return out;
}
