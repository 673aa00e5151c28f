import { sql, type SQL } from 'drizzle-orm';
import type { ListMeta } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../audit.ts';
import { staleVersion } from '../concurrency.ts';
import { AppError, badRequest, conflict, notFound } from '../errors.ts';
import { likePattern, pageOffset, requestedTotal, settleTotal, whereOf } from '../pagination.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';

/** What every generic list query carries (the contract's `listQuery`). */
export interface ListQueryLike {
  page: number;
  limit: number;
  sort_by: string;
  sort_dir: 'asc' | 'desc';
  search?: string | undefined;
  is_all?: boolean | undefined;
  cursor?: string | undefined;
  with_total?: boolean | undefined;
}

/** A body column that must name an existing row of another table; a missing one is a 400 on that field. */
export interface Reference {
  column: string;
  table: string;
  key?: string;
  label: string;
  /** Extra condition on the referenced row, e.g. `parent_id is null` (a parent category). */
  where?: string;
}

/** A unique column: a clash answers 409 naming the value and the field. */
export interface UniqueColumn {
  column: string;
  label: string;
  /** Compared case-insensitively. */
  caseInsensitive?: boolean;
}

/**
 * A resource over one table, declared once: how its rows are read (select/from/where/sort as SQL) and which body fields
 * are written to which columns. Body keys are the table's column names (snake_case on both sides).
 */
export interface ResourceDef<Row, Q extends ListQueryLike> {
  /** Audit entity and the word in messages ("Product not found"). */
  entity: string;
  label: string;
  table: string;
  /** `select a.x, b.y` of a row, without from. */
  select: SQL;
  /** `from t a join ...`. */
  from: SQL;
  /** The id column as written in `select`/`from` (e.g. `p.id`). */
  id: string;
  toRow: (r: Record<string, unknown>) => Row;
  /** Conditions from the list's filters; undefined entries are skipped. */
  where?: (q: Q) => (SQL | undefined)[];
  /**
   * The `from` of the total: only the joins the list's conditions need (a count over joined tables it does not filter
   * on pays for every join of every matching row). Defaults to `from`.
   */
  countFrom?: (q: Q) => SQL;
  /**
   * Conditions the list's own already imply, added to the page's statement only: they let the planner walk a partial
   * index for the page, where in the total's estimate they would be multiplied in as if independent.
   */
  pageConditions?: (q: Q) => (SQL | undefined)[];
  /**
   * Where the page's rows can be chosen without `from`'s joins (the list's filters, sort and id all on one table): the
   * page's ids are picked there first, where an index holding the filter, the sort and the id answers them alone, and
   * only those rows are read through `from`. Undefined for a query whose conditions need the joins (a search by name).
   */
  pageFrom?: (q: Q) => SQL | undefined;
  /** Conditions every read applies (e.g. a row scope); also on detail. */
  scope?: SQL;
  search?: (pattern: string, text: string) => SQL;
  /** sort_by → a NOT NULL SQL expression (keyset paging compares it). */
  sort: Record<string, string>;
  writable: readonly string[];
  references?: readonly Reference[];
  unique?: readonly UniqueColumn[];
  /** The table has created_by/created_at (else only updated_*). */
  created?: boolean;
  /** What the audit log keeps of a row; the whole row by default. */
  auditView?: (row: Row) => unknown;
  /** Checks a body against the current state before it is written (business rules). */
  check?: (tx: Tx, body: Record<string, unknown>, current: Row | null) => Promise<void>;
  /**
   * Writes what lives beside the row (its sets of products, stores, ...) in the write's transaction, after the row and
   * before the record is read back for the audit entry.
   */
  afterWrite?: (tx: Tx, id: number | string, body: Record<string, unknown>) => Promise<void>;
  /** `is_all=true` answers up to this many rows in one page (reference tables for dropdowns). */
  allLimit?: number;
}

/**
 * A list page's statement under the list's conditions and the page's own (ResourceDef.pageConditions): its rows through
 * `from`, or its ids chosen on `pageFrom` alone and then its rows read (ResourceDef.pageFrom).
 */
export function pageStatement<Row, Q extends ListQueryLike>(d: ResourceDef<Row, Q>, q: Q, conditions: (SQL | undefined)[], orderBy: SQL, limit: SQL, sortExpr: string): SQL {
  const where = whereOf([...conditions, ...(d.pageConditions?.(q) ?? [])]);
  const select = sql`${d.select}, (${sql.raw(sortExpr)})::text as __sort ${d.from}`;
  const keys = d.pageFrom?.(q);
  if (!keys) return sql`${select} ${where} ${orderBy} ${limit}`;
  const id = sql.raw(d.id);
  return sql`${select} where ${id} in (select ${id} ${keys} ${where} ${orderBy} ${limit}) ${orderBy}`;
}

type Versioned = { id: number | string; version: number; updated_at: string; updated_by_name: string | null };

/** The conditions a list query puts on a resource: its filters and its search (the list and its export apply the same). */
export function listConditions<Row, Q extends ListQueryLike>(d: Pick<ResourceDef<Row, Q>, 'where' | 'search'>, q: Q): (SQL | undefined)[] {
  return [...(d.where?.(q) ?? []), q.search && d.search ? d.search(likePattern(q.search), q.search) : undefined];
}

/** The generic list/detail/create/update/delete of a ResourceDef, each write in one transaction with its audit entry. */
export class ResourceService<Row extends Versioned, Q extends ListQueryLike> {
  constructor(
    readonly def: ResourceDef<Row, Q>,
    protected readonly db: Db,
  ) {}

  async list(q: Q, extra: (SQL | undefined)[] = [], opts: { countFrom?: SQL } = {}): Promise<{ data: Row[]; meta: ListMeta }> {
    const d = this.def;
    const conditions = [d.scope, ...extra, ...listConditions(d, q)];
    const sortExpr = d.sort[q.sort_by] ?? Object.values(d.sort)[0];
    if (!sortExpr) throw new Error(`${d.entity}: no sort columns`);
    const dir = q.sort_dir === 'asc' ? sql.raw('asc') : sql.raw('desc');
    const ordering = `${q.sort_by}:${q.sort_dir}`;
    const limit = q.is_all ? (d.allLimit ?? 1000) : q.limit;
    const page = q.is_all ? 1 : q.page;

    // A cursor made for this page and ordering seeks past the previous page's last row; otherwise rows are skipped.
    const cursor = q.cursor ? decodeCursor(q.cursor) : null;
    const seek = cursor && cursor.p === page && cursor.o === ordering && page > 1 && cursor.s !== null;
    const op = q.sort_dir === 'asc' ? sql.raw('>') : sql.raw('<');
    const keyset = seek ? sql`(${sql.raw(sortExpr)}, ${sql.raw(d.id)}) ${op} (${cursor.s}, ${cursor.i})` : undefined;
    const offset = seek ? 0 : pageOffset({ page, limit });

    // The page and its total (unless asked without) are independent reads: on PostgreSQL they run on two pooled connections at once.
    const [rows, total] = await Promise.all([
      queryRows(this.db, pageStatement(d, q, [...conditions, keyset], sql`order by ${sql.raw(sortExpr)} ${dir}, ${sql.raw(d.id)} ${dir}`, sql`limit ${limit} offset ${offset}`, sortExpr)),
      requestedTotal(this.db, opts.countFrom ?? d.countFrom?.(q) ?? d.from, whereOf(conditions), q),
    ]);
    const last = rows[rows.length - 1];
    const next_cursor =
      last && rows.length === limit ? encodeCursor({ p: page + 1, o: ordering, s: (last.__sort as string | null) ?? null, i: last.id as number }) : null;
    // A keyset page skipped nothing by offset, but the rows before it are (page - 1) pages.
    const before = seek ? (page - 1) * limit : offset;
    return { data: rows.map((r) => d.toRow(r)), meta: { page, limit, ...settleTotal(total, before, rows.length, limit), next_cursor } };
  }

  async get(id: number | string, tx: Db | Tx = this.db): Promise<Row> {
    const d = this.def;
    const row = (await queryRows(tx, sql`${d.select} ${d.from} ${whereOf([d.scope, sql`${sql.raw(d.id)} = ${id}`])}`))[0];
    if (!row) throw notFound(d.label);
    return d.toRow(row);
  }

  /** Inserts the body's columns; inside the caller's transaction when `tx` is given (an import committing many rows). */
  async create(body: Record<string, unknown>, ctx: AuditContext, outer?: Tx): Promise<Row> {
    const d = this.def;
    const run = async (tx: Tx) => {
      await this.checkReferences(tx, body);
      await this.checkUnique(tx, body, null);
      await d.check?.(tx, body, null);
      const columns = d.writable.filter((c) => body[c] !== undefined);
      const actor = ctx.actor?.userId ?? null;
      const names = [...columns, ...(d.created === false ? [] : ['created_by', 'created_at']), 'updated_by', 'updated_at'];
      const values = [...columns.map((c) => sql`${body[c]}`), ...(d.created === false ? [] : [sql`${actor}`, sql`${ctx.now}`]), sql`${actor}`, sql`${ctx.now}`];
      const inserted = await queryRows<{ id: number }>(
        tx,
        sql`insert into ${sql.identifier(d.table)} (${sql.raw(names.map((n) => `"${n}"`).join(', '))}) values (${sql.join(values, sql`, `)}) returning id`,
      );
      const id = inserted[0]?.id;
      if (id === undefined) throw new Error(`${d.entity}: insert returned no id`);
      await d.afterWrite?.(tx, id, body);
      const row = await this.get(id, tx);
      await writeAudit(tx, ctx, { action: 'create', entity: d.entity, entityId: id, after: this.auditView(row) });
      return row;
    };
    return outer ? run(outer) : this.db.transaction(run);
  }

  /** Writes the body's columns when `version` is the current one; a stale version answers 409 naming who changed it. */
  async update(id: number | string, body: Record<string, unknown> & { version: number }, ctx: AuditContext, tx?: Tx): Promise<Row> {
    const run = async (t: Tx) => {
      const d = this.def;
      const before = await this.get(id, t);
      if (before.version !== body.version) throw staleVersion(d.label.toLowerCase(), before.updated_by_name, before.updated_at);
      await this.checkReferences(t, body);
      await this.checkUnique(t, body, id);
      await d.check?.(t, body, before);
      const sets = d.writable.filter((c) => body[c] !== undefined).map((c) => sql`${sql.identifier(c)} = ${body[c]}`);
      sets.push(sql`version = version + 1`, sql`updated_at = ${ctx.now}`, sql`updated_by = ${ctx.actor?.userId ?? null}`);
      const updated = await queryRows(
        t,
        sql`update ${sql.identifier(d.table)} set ${sql.join(sets, sql`, `)} where id = ${id} and version = ${body.version} returning id`,
      );
      if (!updated.length) {
        const now = await this.get(id, t);
        throw staleVersion(d.label.toLowerCase(), now.updated_by_name, now.updated_at);
      }
      await d.afterWrite?.(t, id, body);
      const after = await this.get(id, t);
      await writeAudit(t, ctx, { action: 'update', entity: d.entity, entityId: id, before: this.auditView(before), after: this.auditView(after) });
      return after;
    };
    return tx ? run(tx) : this.db.transaction(run);
  }

  /** Deletes the row; one other records still point at answers 409 instead of breaking them. */
  async remove(id: number | string, ctx: AuditContext, version: number): Promise<void> {
    const d = this.def;
    await this.db.transaction(async (tx) => {
      const before = await this.get(id, tx);
      if (before.version !== version) throw staleVersion(d.label.toLowerCase(), before.updated_by_name, before.updated_at);
      await tx.execute(sql`savepoint before_delete`);
      try {
        const gone = await queryRows(tx, sql`delete from ${sql.identifier(d.table)} where id = ${id} and version = ${version} returning id`);
        if (!gone.length) {
          const latest = await this.get(id, tx);
          throw staleVersion(d.label.toLowerCase(), latest.updated_by_name, latest.updated_at);
        }
      } catch (err) {
        if ((err as { code?: string; cause?: { code?: string } }).code === '23503' || (err as { cause?: { code?: string } }).cause?.code === '23503') {
          throw conflict(`This ${d.label.toLowerCase()} is still used by other records and cannot be deleted`);
        }
        throw err;
      }
      await writeAudit(tx, ctx, { action: 'delete', entity: d.entity, entityId: id, before: this.auditView(before) });
    });
  }

  protected auditView(row: Row): unknown {
    return this.def.auditView ? this.def.auditView(row) : row;
  }

  private async checkReferences(tx: Tx, body: Record<string, unknown>): Promise<void> {
    for (const ref of this.def.references ?? []) {
      const value = body[ref.column];
      if (value === undefined || value === null) continue;
      const found = await queryRows(
        tx,
        sql`select 1 from ${sql.identifier(ref.table)} where ${sql.identifier(ref.key ?? 'id')} = ${value} ${ref.where ? sql.raw(`and ${ref.where}`) : sql``} limit 1`,
      );
      if (!found.length) throw badRequest(`${ref.label} ${String(value)} does not exist`, [{ path: ref.column, message: `${ref.label} does not exist` }]);
    }
  }

  private async checkUnique(tx: Tx, body: Record<string, unknown>, exceptId: number | string | null): Promise<void> {
    for (const u of this.def.unique ?? []) {
      const value = body[u.column];
      if (typeof value !== 'string' && typeof value !== 'number') continue;
      const col = sql.identifier(u.column);
      const same = u.caseInsensitive ? sql`lower(${col}) = lower(${String(value)})` : sql`${col} = ${value}`;
      const clash = await queryRows(
        tx,
        sql`select 1 from ${sql.identifier(this.def.table)} where ${same} ${exceptId === null ? sql`` : sql`and id <> ${exceptId}`} limit 1`,
      );
      if (clash.length) throw conflictOn(u.column, `${u.label} ${String(value)} is already used`);
    }
  }
}

/** A 409 that names the field it is about, so the form shows it under that field. */
export const conflictOn = (field: string, message: string) => new AppError(409, 'conflict', message, [{ path: field, message }]);
