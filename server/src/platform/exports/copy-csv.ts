import { createRequire } from 'node:module';
import { Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Database } from '../../db/client.ts';
import { whereOf } from '../pagination.ts';
import { neutraliseSql, textOf, type CellFormat } from './cells.ts';
import type { ExportDef } from './export-def.ts';
import { EXPORT_SESSION, EXPORT_SESSION_RESET, type ExportSource } from './source.ts';

/*
 * CSV on PostgreSQL straight from `COPY (…) TO STDOUT`: the database formats every cell exactly as the row-by-row
 * writer would (dates DD/MMM/YYYY HH:mm:ss in Asia/Jakarta, numbers, money, enumeration labels, formula text
 * neutralised) and the bytes go to the file without becoming JavaScript values, so a million rows cost about what
 * COPY costs and no memory. Every column's format has an SQL form, so every export goes this way; on PGlite the batched
 * writer runs. A test holds the two to the same bytes for every export.
 */

const NUMBER_TEXT = `'^-?[0-9]+(\\.[0-9]+)?$'`;
const ISO_TEXT = `'^[0-9]{4}-[0-9]{2}-[0-9]{2}'`;

/** PostgreSQL type ids of the columns whose values the database can format without reading them back from text. */
const INTEGER = new Set([20, 21, 23]);
const NUMERIC = 1700;
const FLOAT = new Set([700, 701]);
const DATE = 1082;
const TIMESTAMP = new Set([1114, 1184]);

/**
 * A named format of a column, as `toCell` does it. A column of a known type is formatted from its value (cheap); any
 * other from its text, as the batched writer reads it (a number only if it looks like one, else neutralised text).
 */
function namedCell(format: CellFormat, column: SQL, type: number | undefined): SQL {
  const text = textOf(column, type);
  // Math.round: halves go up (-2.5 → -2), where PostgreSQL's round goes away from zero.
  const roundUp = (n: SQL) => sql`floor(${n} + 0.5)::text`;
  switch (format) {
    case 'number':
      if (type !== undefined && (INTEGER.has(type) || FLOAT.has(type))) return text;
      if (type === NUMERIC) return sql`trim_scale(${column})::text`;
      return sql`(case when ${text} ~ ${sql.raw(NUMBER_TEXT)} then trim_scale(${text}::numeric)::text else ${neutraliseSql(text)} end)`;
    case 'money':
      if (type !== undefined && INTEGER.has(type)) return text;
      if (type === NUMERIC || (type !== undefined && FLOAT.has(type))) return roundUp(sql`${column}::numeric`);
      return sql`(case when ${text} ~ ${sql.raw(NUMBER_TEXT)} then ${roundUp(sql`${text}::numeric`)} else ${neutraliseSql(text)} end)`;
    case 'datetime':
      if (type !== undefined && TIMESTAMP.has(type)) return sql`to_char(${column}, 'DD/Mon/YYYY HH24:MI:SS')`;
      if (type === DATE) return sql`to_char(${column}, 'DD/Mon/YYYY')`;
      // The text is the session's (Asia/Jakarta) rendering, so reading it back without its offset keeps local time.
      return sql`(case when ${text} !~ ${sql.raw(ISO_TEXT)} then ${neutraliseSql(text)} when length(${text}) > 10 then to_char(${text}::timestamp, 'DD/Mon/YYYY HH24:MI:SS') else to_char(${text}::date, 'DD/Mon/YYYY') end)`;
    case 'date':
      if (type === DATE || (type !== undefined && TIMESTAMP.has(type))) return sql`to_char(${column}, 'DD/Mon/YYYY')`;
      return sql`(case when ${text} !~ ${sql.raw(ISO_TEXT)} then ${neutraliseSql(text)} else to_char(left(${text}, 10)::date, 'DD/Mon/YYYY') end)`;
    default:
      return neutraliseSql(text);
  }
}

/** The export's columns as SQL over the source's output columns (`s."key"`), each from its value where its type is known. */
function cellExprs(def: ExportDef, types: ReadonlyMap<string, number>): SQL[] {
  return def.columns.map((c) => {
    const column = sql`s.${sql.identifier(c.key)}`;
    const type = types.get(c.key);
    return typeof c.format === 'function' ? sql`nullif(${c.format.sqlCell(column, type)}, '')` : namedCell(c.format ?? 'text', column, type);
  });
}

const dialect = new PgDialect();
const require = createRequire(import.meta.url);
/** node-postgres's own conversion of a parameter to the text it sends (arrays, dates, buffers, JSON). */
const { prepareValue } = require('pg/lib/utils') as { prepareValue: (v: unknown) => string | Buffer | null };

/**
 * COPY takes no parameters, so each `$n` becomes the literal node-postgres would have sent for it, quoted by
 * node-postgres's `escapeLiteral` and left untyped, which PostgreSQL resolves from its context exactly as it does an
 * untyped parameter.
 */
export function inlineParams(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = prepareValue(params[Number(n) - 1]);
    if (value === null || value === undefined) return 'null';
    if (Buffer.isBuffer(value)) throw new Error('export source: a binary parameter cannot be inlined');
    return pg.escapeLiteral(value);
  });
}

/**
 * COPY writes bare LF; the batched writer ends lines with CRLF (outside quoted cells, whose text is kept). The line ends
 * and quotes are found with `indexOf` (memchr), not byte by byte: a million rows are some 200 MB.
 */
export function crlf(): Transform {
  let quoted = false;
  const QUOTE = 0x22;
  const LF = 0x0a;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      const ends: number[] = [];
      let nextQuote = chunk.indexOf(QUOTE);
      let nextLf = chunk.indexOf(LF);
      for (;;) {
        if (quoted) {
          if (nextQuote < 0) break;
          // A doubled quote inside a cell closes and opens again: the state comes out right.
          quoted = false;
          const at = nextQuote + 1;
          nextQuote = chunk.indexOf(QUOTE, at);
          if (nextLf >= 0 && nextLf < at) nextLf = chunk.indexOf(LF, at);
        } else if (nextQuote >= 0 && (nextLf < 0 || nextQuote < nextLf)) {
          quoted = true;
          nextQuote = chunk.indexOf(QUOTE, nextQuote + 1);
        } else if (nextLf >= 0) {
          ends.push(nextLf);
          nextLf = chunk.indexOf(LF, nextLf + 1);
        } else break;
      }
      if (!ends.length) return done(null, chunk);
      const out = Buffer.allocUnsafe(chunk.length + ends.length);
      let from = 0;
      let o = 0;
      for (const at of ends) {
        o += chunk.copy(out, o, from, at);
        out[o++] = 0x0d;
        from = at;
      }
      chunk.copy(out, o, from);
      done(null, out);
    },
  });
}

/** `COPY (query) TO STDOUT` as CSV into `out`, through `transform` when given; answers the row count. */
export async function copyOut(client: pg.ClientBase, query: SQL, out: Writable, transform?: Transform): Promise<number> {
  const stream = client.query(copyTo(`copy (${inlineParams(query)}) to stdout with (format csv)`));
  await (transform ? pipeline(stream, transform, out) : pipeline(stream, out));
  return stream.rowCount;
}

/**
 * The export as CSV through COPY, after `prefix` (the byte-order mark and header line); answers the row count, or null
 * on PGlite (which has no COPY to a client stream).
 */
export async function copyCsv(database: Database, def: ExportDef, src: ExportSource, prefix: string, out: Writable): Promise<number | null> {
  if (database.raw.kind !== 'postgres') return null;
  const dir = sql.raw(src.dir === 'asc' ? 'asc' : 'desc');
  const keyCols = src.keys.map((k, i) => sql`${sql.raw(k)} as ${sql.raw(`__o${i}`)}`);
  const orderOf = (keys: readonly SQL[]) =>
    sql.join(
      keys.map((k) => sql`${k} ${dir}`),
      sql`, `,
    );
  /*
   * The rows are ordered in a subquery the planner keeps apart (`offset 0`) and the cells are worked out over its sorted
   * output: flattened, the cost of the cells' expressions made the planner walk the sort key's index row by row (4x
   * slower at a million consumers than the scan and sort COPY of the plain rows takes), or sort the wide formatted rows.
   * The outer order costs nothing: the planner knows the subquery's rows come in it.
   */
  const inner = sql`${src.select}, ${sql.join(keyCols, sql`, `)} ${src.from} ${whereOf([...src.where])} order by ${orderOf(src.keys.map((k) => sql.raw(k)))} offset 0`;
  const order = orderOf(src.keys.map((_, i) => sql`s.${sql.raw(`__o${i}`)}`));

  const client = await database.raw.pool.connect();
  let broken = true;
  try {
    // The source's column types: a select and its from give them whatever the filters, so a plan that reads no row is
    // made once per source shape (its text with the parameters' places: a value, such as the clock's time, changes no
    // type) and database, in the round trip that sets the session.
    const shape = sql`${src.select}, ${sql.join(keyCols, sql`, `)} ${src.from}`;
    const key = dialect.sqlToQuery(shape).sql;
    let types = describedOf(database).get(key);
    if (!types) {
      const results = (await client.query(`${EXPORT_SESSION}; select * from (${inlineParams(shape)}) s limit 0`)) as unknown as pg.QueryResult[];
      const described = results[results.length - 1];
      if (!described) throw new Error(`export ${def.name}: the source was not described`);
      types = new Map(described.fields.map((f) => [f.name, f.dataTypeID]));
      describedOf(database).set(key, types);
    } else await client.query(EXPORT_SESSION);
    const query = sql`select ${sql.join(cellExprs(def, types), sql`, `)} from (${inner}) s order by ${order}`;
    out.write(prefix);
    const rows = await copyOut(client, query, out, crlf());
    await client.query(EXPORT_SESSION_RESET);
    broken = false;
    return rows;
  } finally {
    client.release(broken);
  }
}

/** Column types of the sources described so far, per database and source shape (a handful of each). */
const described = new WeakMap<Database, Map<string, ReadonlyMap<string, number>>>();
function describedOf(database: Database): Map<string, ReadonlyMap<string, number>> {
  let map = described.get(database);
  if (!map) described.set(database, (map = new Map()));
  return map;
}
