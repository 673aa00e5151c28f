/** One changed or unchanged leaf of a record, by dotted path. */
export interface DiffRow {
  path: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Nested objects to `a.b.c` leaves; arrays and primitives are leaves. A non-object value is the single leaf ''. */
export function flatten(value: unknown, prefix = '', out: Map<string, unknown> = new Map()): Map<string, unknown> {
  if (isPlainObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0 && prefix) out.set(prefix, {});
    for (const [k, v] of entries) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (value !== undefined) {
    out.set(prefix, value);
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Before and after side by side, every path of either, in the order they first appear. */
export function diffRows(before: unknown, after: unknown): DiffRow[] {
  const b = flatten(before ?? undefined);
  const a = flatten(after ?? undefined);
  const paths = [...new Set([...b.keys(), ...a.keys()])];
  return paths.map((path) => {
    const bv = b.get(path);
    const av = a.get(path);
    return { path, before: bv, after: av, changed: !same(bv, av) };
  });
}
