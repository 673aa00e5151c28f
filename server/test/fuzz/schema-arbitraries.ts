import fc from 'fast-check';

/** The part of JSON Schema (draft 2020-12, as zod writes it into the OpenAPI document) that parameters and bodies use. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

const INT32_MAX = 2_147_483_647;

const typesOf = (s: JsonSchema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** Text that is hard on a server: control characters, a lone surrogate, right-to-left marks, emoji, SQL and markup. */
const NASTY_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '👩‍👩‍👧‍👦🇮🇩',
  'Ω≈ç√∫˜µ≤≥÷',
  "' or 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '%00%ff',
  '../../etc/passwd',
  '${jndi:ldap://x}',
  '\\u0000',
  'null',
  'NaN',
  '-0',
  '1e400',
  '9'.repeat(40),
] as const;

/** Numbers past every bound a column has: int4 and int8 limits, the largest safe integer, fractions, huge floats. */
const NASTY_NUMBERS = [0, -1, -0, 0.5, 1.5, -2_147_483_649, 2_147_483_648, 2 ** 53, 2 ** 63, 1e21, 1e308, -1e308, 4_294_967_296, 99_999_999_999_999] as const;

/** Any JSON value, deeply nested and with unicode keys and strings (what a broken client might send). */
export const garbageJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(...NASTY_TEXT, ...NASTY_NUMBERS, null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

/** A value of the wrong kind for any schema, or one past its bounds. */
export const nastyScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...NASTY_TEXT, ...NASTY_NUMBERS, null, true, false, [], {}, [null], { a: { b: { c: [1, '2', null] } } }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
  fc.constant('x'.repeat(10_001)),
  fc.double(),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map((n) => Number(n)),
);

function patternArbitrary(pattern: string, maxLength: number | undefined): fc.Arbitrary<string> | undefined {
  try {
    const arb = fc.stringMatching(new RegExp(pattern));
    return maxLength === undefined ? arb : arb.map((s) => s.slice(0, maxLength));
  } catch {
    return undefined;
  }
}

function stringArbitrary(s: JsonSchema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 60, Math.max(minLength, 60));
  if (s.pattern) {
    const fromPattern = patternArbitrary(s.pattern, s.maxLength);
    if (fromPattern) return fromPattern;
  }
  if (s.format === 'date') return fc.date({ min: new Date('1990-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (s.format === 'date-time') return fc.date({ min: new Date('1990-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
  if (s.format === 'email') return fc.emailAddress();
  return fc.oneof(
    { weight: 8, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }) },
    // Text fields checked by a refinement (instants, days) show no pattern in the document: offer dates and their edges.
    { weight: 1, arbitrary: moments },
  );
}

/** Instants and days as forms send them, and the edges of the calendar (year 0, year 9999, a day that does not exist). */
const moments: fc.Arbitrary<string> = fc.oneof(
  fc.date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }).map((d) => d.toISOString().replace('Z', '+07:00')),
  fc.date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom('0000-01-01T00:00:00+07:00', '0000-02-29', '9999-12-31T23:59:59+07:00', '9999-12-31', '2026-02-30T00:00:00Z', '2026-02-29', '2026-13-01', '1970-01-01T00:00:00-14:00'),
);

function numberArbitrary(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lowest = integer ? -INT32_MAX : -1e9;
  let min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 0.001) : lowest);
  let max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 0.001) : -lowest);
  // zod writes "no bound" as the largest safe integer; small values reach existing records, the bounds test the edges.
  max = Math.min(max, Number.MAX_SAFE_INTEGER);
  min = Math.max(min, Number.MIN_SAFE_INTEGER);
  if (min > max) return fc.constant(min);
  if (integer) {
    const small = fc.integer({ min: Math.max(min, Math.min(max, 1)), max: Math.min(max, Math.max(min, 1) + 30) });
    const [lo, hi] = [Math.max(min, -INT32_MAX - 1), Math.min(max, INT32_MAX)];
    const wide = lo <= hi ? fc.integer({ min: lo, max: hi }) : fc.constant(min);
    return fc.oneof({ weight: 4, arbitrary: small }, { weight: 1, arbitrary: wide }, { weight: 1, arbitrary: fc.constantFrom(min, max) });
  }
  return fc.oneof(fc.double({ min, max, noNaN: true, noDefaultInfinity: true }), fc.constantFrom(min, max));
}

/**
 * Values that follow the schema (what a correct client sends), biased towards small integers so that ids and versions
 * reach existing records.
 */
export function validValue(s: JsonSchema): fc.Arbitrary<unknown> {
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.anyOf) return fc.oneof(...s.anyOf.map(validValue));
  const types = typesOf(s);
  if (types.length > 1) return fc.oneof(...types.map((type) => validValue({ ...s, type })));
  switch (types[0]) {
    case 'string':
      return stringArbitrary(s);
    case 'integer':
      return numberArbitrary(s, true);
    case 'number':
      return numberArbitrary(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(s.items ? validValue(s.items) : garbageJson, { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 5, Math.max(s.minItems ?? 0, 5)) });
    case 'object':
      return objectValue(s);
    default:
      return garbageJson;
  }
}

function objectValue(s: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = s.properties ?? {};
  const model = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, validValue(v)]));
  return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in properties) }) as fc.Arbitrary<Record<string, unknown>>;
}

/** Values just outside the schema: past its bounds, of the wrong type, or its object with one key broken. */
export function aroundValue(s: JsonSchema): fc.Arbitrary<unknown> {
  const near: unknown[] = [];
  for (const type of typesOf(s)) {
    if (type === 'integer' || type === 'number') {
      if (s.minimum !== undefined) near.push(s.minimum - 1, s.minimum - 0.5);
      if (s.maximum !== undefined) near.push(s.maximum + 1, s.maximum * 10);
      if (s.exclusiveMinimum !== undefined) near.push(s.exclusiveMinimum);
      near.push(String(s.minimum ?? 1), 1.5);
    }
    if (type === 'string') {
      if (s.maxLength !== undefined) near.push('y'.repeat(s.maxLength + 1));
      if (s.minLength) near.push('y'.repeat(s.minLength - 1));
      near.push(5, '', '\u0000');
    }
    if (type === 'array') near.push(Array.from({ length: (s.maxItems ?? 1000) + 1 }, (_, i) => i + 1), [null], 'a,b', [[1]]);
    if (type === 'boolean') near.push('true', 1, 'yes');
  }
  if (s.enum) near.push(`${String(s.enum[0])}x`, String(s.enum[0]).toUpperCase(), 0);
  const choices: fc.Arbitrary<unknown>[] = [nastyScalar];
  if (near.length) choices.push(fc.constantFrom(...near));
  if (typesOf(s).includes('object') && s.properties) choices.push(brokenObject(s));
  return fc.oneof(...choices);
}

/** A valid object with one thing wrong: a required key missing, one key's value outside its schema, or unknown keys. */
export function brokenObject(s: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = s.properties ?? {};
  const keys = Object.keys(properties);
  const required = (s.required ?? []).filter((k) => k in properties);
  const ways: fc.Arbitrary<Record<string, unknown>>[] = [
    fc.tuple(objectValue(s), fc.constantFrom('unknown_field', '__proto__', 'constructor', 'id', 'created_by', 'password_hash', 'is_super'), garbageJson).map(([o, k, v]) => ({ ...o, [k]: v })),
  ];
  if (required.length) {
    ways.push(fc.tuple(objectValue(s), fc.constantFrom(...required)).map(([o, k]) => Object.fromEntries(Object.entries(o).filter(([key]) => key !== k))));
  }
  if (keys.length) {
    ways.push(
      fc
        .constantFrom(...keys)
        .chain((k) => fc.tuple(objectValue(s), fc.constant(k), aroundValue(properties[k] ?? {})))
        .map(([o, k, v]) => ({ ...o, [k]: v })),
    );
  }
  return fc.oneof(...ways);
}
