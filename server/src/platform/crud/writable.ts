import type { z } from 'zod';

/** The object inside a body schema (bodies are objects, some refined or piped). */
function shapeOf(schema: z.core.$ZodType): Readonly<Record<string, z.core.$ZodType>> {
  let s = schema;
  for (;;) {
    const def = s._zod.def;
    if (def.type === 'object') return (def as z.core.$ZodObjectDef).shape;
    if (def.type === 'pipe') s = (def as z.core.$ZodPipeDef).in;
    else if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default' || def.type === 'readonly') s = (def as z.core.$ZodOptionalDef).innerType;
    else throw new Error(`writableColumns: a body must be an object schema, not ${def.type}`);
  }
}

/**
 * The columns a resource writes, from the contract's bodies: every key of its create and update bodies, less `version`
 * (the guard of an update, not a column) and less the keys that are not columns of its table (`notColumns`: a set the
 * resource writes in afterWrite), plus the columns the server fills in itself (`serverColumns`: a new row's position).
 */
export function writableColumns(
  bodies: readonly z.core.$ZodType[],
  opts: { notColumns?: readonly string[]; serverColumns?: readonly string[] } = {},
): readonly string[] {
  const skip = new Set(['version', ...(opts.notColumns ?? [])]);
  const columns = new Set<string>();
  for (const body of bodies) for (const key of Object.keys(shapeOf(body))) if (!skip.has(key)) columns.add(key);
  for (const key of opts.notColumns ?? []) {
    if (!bodies.some((b) => key in shapeOf(b))) throw new Error(`writableColumns: ${key} is in no body`);
  }
  for (const key of opts.serverColumns ?? []) columns.add(key);
  return [...columns];
}
