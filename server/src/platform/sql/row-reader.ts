import type { z } from 'zod';
import { isoDateTime } from '@portal/contract';
import { iso } from '../pagination.ts';

/*
 * One reader from a database row to the contract's row, derived from the contract's zod object. The drivers answer some
 * columns in other types than the contract carries (through drizzle both answer bigint, numeric and count(*) as text on
 * PostgreSQL, and timestamptz as text like `2025-01-31 03:00:00.123456+00`); the reader walks the schema's shape once
 * and coerces each field by what the schema says it holds:
 *   number                  Number(v)                   (bigint and numeric text, a bigint)
 *   boolean                 true, or 't' / 'true' text
 *   isoDateTime             ISO-8601 in UTC, ms         (the contract's marker for a moment; see common/fields.ts)
 *   other string, enum      String(v)
 *   date                    a Date                      (for the server's own rows that compare moments)
 *   array                   each element by its schema
 *   object                  its own reader (json text is parsed first)
 *   anything else           as the driver answered it
 * A field that is null or absent answers null when the schema allows null, is left out when it is optional, and is an
 * error otherwise: a row the query cannot fill is a bug to see, not a 0 or an 'undefined' to ship.
 */

type Read = (v: unknown, path: string) => unknown;

const asNumber = (v: unknown): number => Number(v);
const asText = (v: unknown): string => String(v);
const asBoolean = (v: unknown): boolean => (typeof v === 'string' ? v === 't' || v === 'true' : Boolean(v));
const asIs = (v: unknown): unknown => v;
const asDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/** How one field's value is read, and whether it may be null or left out. */
interface Field {
  read: Read;
  nullable: boolean;
  optional: boolean;
}

function fieldOf(schema: z.core.$ZodType): Field {
  let s = schema;
  let nullable = false;
  let optional = false;
  for (;;) {
    if (s === isoDateTime) break;
    const def = s._zod.def;
    if (def.type === 'nullable') {
      nullable = true;
      s = (def as z.core.$ZodNullableDef).innerType;
    } else if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') {
      optional = true;
      s = (def as z.core.$ZodOptionalDef).innerType;
    } else if (def.type === 'readonly' || def.type === 'catch' || def.type === 'nonoptional') {
      s = (def as z.core.$ZodReadonlyDef).innerType;
    } else if (def.type === 'pipe') {
      // A pipe's output is what the row holds, unless it ends in a transform: then the input is.
      const pipe = def as z.core.$ZodPipeDef;
      s = pipe.out._zod.def.type === 'transform' ? pipe.in : pipe.out;
    } else if (def.type === 'lazy') {
      s = (def as z.core.$ZodLazyDef).getter();
    } else {
      // A union with null (`z.union([z.string(), z.null()])`) and unknown or any take null as a value.
      if (def.type === 'unknown' || def.type === 'any') nullable = true;
      if (def.type === 'union' && (def as z.core.$ZodUnionDef).options.some(isNull)) nullable = true;
      break;
    }
  }
  return { read: valueReader(s), nullable, optional };
}

const isNull = (s: z.core.$ZodType) => s._zod.def.type === 'null';

/** The reader of a non-null value of `s`. */
function valueReader(s: z.core.$ZodType): Read {
  if (s === isoDateTime) return iso;
  const def = s._zod.def;
  switch (def.type) {
    case 'number':
    case 'int':
    case 'nan':
      return asNumber;
    case 'boolean':
      return asBoolean;
    case 'string':
    case 'template_literal':
      return asText;
    case 'date':
      return asDate;
    case 'enum':
      return primitiveReader(Object.values((def as z.core.$ZodEnumDef).entries));
    case 'literal':
      return primitiveReader((def as z.core.$ZodLiteralDef<z.core.util.Literal>).values);
    case 'union': {
      const readers = new Set((def as z.core.$ZodUnionDef).options.filter((o) => !isNull(o)).map(valueReader));
      const [only] = readers;
      return readers.size === 1 && only ? only : asIs;
    }
    case 'array':
      return arrayReader((def as z.core.$ZodArrayDef).element);
    case 'object': {
      const read = objectReader((def as z.core.$ZodObjectDef).shape);
      return (v, path) => read((typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>, path);
    }
    default:
      return asIs;
  }
}

/** Enum and literal values: numbers read as numbers, text as text, booleans as booleans; a mix as it comes. */
function primitiveReader(values: readonly unknown[]): Read {
  if (values.length && values.every((x) => typeof x === 'number')) return asNumber;
  if (values.length && values.every((x) => typeof x === 'string')) return asText;
  if (values.length && values.every((x) => typeof x === 'boolean')) return asBoolean;
  return asIs;
}

function arrayReader(element: z.core.$ZodType): Read {
  const field = fieldOf(element);
  return (v, path) => {
    const items = typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
    if (!Array.isArray(items)) throw new Error(`Row field ${path} is not a list: ${String(v)}`);
    return items.map((item, i) => readField(field, item, `${path}[${i}]`));
  };
}

function readField(field: Field, v: unknown, path: string): unknown {
  if (v === null || v === undefined) {
    if (field.nullable) return null;
    if (field.optional) return undefined;
    throw new Error(`Row field ${path} has no value`);
  }
  return field.read(v, path);
}

function objectReader(shape: Readonly<Record<string, z.core.$ZodType>>): (r: Record<string, unknown>, path: string) => Record<string, unknown> {
  const fields = Object.entries(shape).map(([key, schema]) => [key, fieldOf(schema)] as const);
  return (r, path) => {
    const out: Record<string, unknown> = {};
    for (const [key, field] of fields) {
      const value = readField(field, r[key], path ? `${path}.${key}` : key);
      if (value !== undefined) out[key] = value;
    }
    return out;
  };
}

/**
 * The reader of a contract row: `toRow: rowReader(productRow)`. Keys of the database row that the schema does not name
 * are left behind; fields computed rather than selected are left out of the schema (`row.omit({ status: true })`) and
 * added by the caller.
 */
export function rowReader<S extends z.ZodObject>(schema: S): (r: Record<string, unknown>) => z.output<S> {
  const read = objectReader(schema.shape);
  return (r) => read(r, '') as z.output<S>;
}
