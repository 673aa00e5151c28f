import { createRequire } from 'node:module';
import { Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { TIME_ZONE } from '@portal/contract';
import type { Database } from '../../db/client.ts';
import { whereOf } from '../pagination.ts';
import type { CellFormat } from './cells.ts';
import type { ExportDef } from './export-def.ts';
import type { ExportSource } from './source.ts';

/*
 * CSV on PostgreSQL straight from `COPY (…) TO STDOUT`: the database formats every cell exactly as the row-by-row
 * writer would (dates DD/MMM/YYYY HH:mm:ss in Asia/Jakarta, numbers, money, enumeration labels, formula text
 * neutralised) and the bytes go to the file without becoming JavaScript values, so a million rows cost about what
 * COPY costs and no memory. Used when every column's format has an SQL form; otherwise, and on PGlite, the batched
 * writer runs. A test holds the two to the same bytes for every export.
 */

/** A format that can be written in SQL as well as in JavaScript (enumLabel and yesNo carry one). */
export interface SqlCellFormat {
  sqlCell: (text: SQL) => SQL;
}

const hasSql = (f: unknown): f is SqlCellFormat => typeof f === 'function' && typeof (f as Partial<SqlCellFormat>).sqlCell === 'function';

/** OWASP CSV injection in SQL: the same first characters as `neutralise`. */
export const neutraliseSql = (text: SQL): SQL => sql`(case when left(${text}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' || ${text} else ${text} end)`;

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
  const text = sql`${column}::text`;
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

/** The export's columns as SQL over the source's output columns (`s."key"`), or null when one has no SQL form. */
function cellExprs(def: ExportDef, types: ReadonlyMap<string, number>): SQL[] | null {
  const out: SQL[] = [];
  for (const c of def.columns) {
    const column = sql`s.${sql.identifier(c.key)}`;
    if (c.format === undefined || typeof c.format === 'string') out.push(namedCell(c.format ?? 'text', column, types.get(c.key)));
    else if (hasSql(c.format)) out.push(neutraliseSql(c.format.sqlCell(sql`${column}::text`)));
    else return null;
  }
  // An empty text is written like a missing value, as the batched writer does (COPY would quote it).
  return out.map((e) => sql`nullif(${e}, '')`);
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

/** COPY writes bare LF; the batched writer ends lines with CRLF (outside quoted cells, whose text is kept). */
function crlf(): Transform {
  let quoted = false;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      const start = quoted;
      let extra = 0;
      for (let i = 0; i < chunk.length; i++) {
        const b = chunk[i];
        if (b === 0x22) quoted = !quoted;
        else if (b === 0x0a && !quoted) extra++;
      }
      if (!extra) return done(null, chunk);
      const out = Buffer.allocUnsafe(chunk.length + extra);
      let q = start;
      let o = 0;
      for (let i = 0; i < chunk.length; i++) {
        const b = chunk[i]!;
        if (b === 0x22) q = !q;
        else if (b === 0x0a && !q) out[o++] = 0x0d;
        out[o++] = b;
      }
      done(null, out);
    },
  });
}

/**
 * The export as CSV through COPY, after `prefix` (the byte-order mark and header line); answers the row count, or null
 * when this export cannot go that way (PGlite, or a column formatted in JavaScript only).
 */
export async function copyCsv(database: Database, def: ExportDef, src: ExportSource, prefix: string, out: Writable): Promise<number | null> {
  if (database.raw.kind !== 'postgres') return null;
  if (!def.columns.every((c) => c.format === undefined || typeof c.format === 'string' || hasSql(c.format))) return null;
  const dir = sql.raw(src.dir === 'asc' ? 'asc' : 'desc');
  const keyCols = src.keys.map((k, i) => sql`${sql.raw(k)} as ${sql.raw(`__o${i}`)}`);
  const inner = sql`${src.select}, ${sql.join(keyCols, sql`, `)} ${src.from} ${whereOf([...src.where])}`;
  const order = sql.join(
    src.keys.map((_, i) => sql`s.${sql.raw(`__o${i}`)} ${dir}`),
    sql`, `,
  );

  const client = await database.raw.pool.connect();
  let broken = true;
  try {
    await client.query(`set timezone to '${TIME_ZONE}'; set datestyle to 'ISO, YMD'`);
    // The source's column types, from a plan that reads no row.
    const described = await client.query(`select * from (${inlineParams(inner)}) s limit 0`);
    const cells = cellExprs(def, new Map(described.fields.map((f) => [f.name, f.dataTypeID])));
    if (!cells) throw new Error(`export ${def.name}: a column has no SQL form`);
    const query = sql`select ${sql.join(cells, sql`, `)} from (${inner}) s order by ${order}`;
    out.write(prefix);
    const stream = client.query(copyTo(`copy (${inlineParams(query)}) to stdout with (format csv)`));
    await pipeline(stream, crlf(), out);
    await client.query('reset timezone; reset datestyle');
    broken = false;
    return stream.rowCount;
  } finally {
    client.release(broken);
  }
}
