import { sql } from 'drizzle-orm';
import type { ImportCellError, StampInjectionRow } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../../platform/audit.ts';
import { staleVersion } from '../../platform/concurrency.ts';
import { conflict, notFound, unprocessable } from '../../platform/errors.ts';
import type { ImportCommitContext } from '../../platform/imports/index.ts';
import type { StampInjectionResource } from './stamp-inject.resource.ts';
import type { StampLedgerService, StampMovement } from './stamp-ledger.service.ts';

/** Movement codes of an injection (decisions.md): 30 stamps in, 31 stamps out. */
const INJECT_IN = 30;
const INJECT_OUT = 31;

/** A batch row: whose stamps of which programme move, by how many (negative: out). */
export interface InjectRow {
  row_no: number;
  consumer_id: number;
  programme_id: number;
  stamps: number;
}

/** A file row as the checks read it: the consumer's app card id, the programme (id or name) and the stamps. */
export interface InjectCells {
  app_card_id: string;
  programme: string;
  stamps: number;
}

/**
 * A programme cell as a programme id: digits name the id, anything else the name (case-insensitive). `value` is a SQL
 * text expression; answers null when nothing or more than one programme matches.
 */
const programmeOf = (value: ReturnType<typeof sql>) =>
  sql`(select case when count(*) = 1 then min(p.id) end from stamp_programmes p
    where case when ${value} ~ '^[0-9]{1,9}$' then p.id = (${value})::int else lower(p.name) = lower(${value}) end)`;

/** Each row's consumer, programme and balance there (rows whose consumer or programme is not found are left out). */
async function resolveRows(db: Db | Tx, rows: readonly InjectCells[]): Promise<Map<number, { consumer: number; programme: number; balance: number }>> {
  if (!rows.length) return new Map();
  const cells = rows.map((r, i) => ({ i, card: r.app_card_id, programme: r.programme }));
  const found = await queryRows<{ i: number; consumer_id: number; programme_id: number; balance: number }>(
    db,
    sql`select v.i, c.id as consumer_id, p.id as programme_id, coalesce(b.balance, 0) as balance
      from json_to_recordset(${JSON.stringify(cells)}::json) as v(i int, card text, programme text)
      join consumers c on c.app_card_id = v.card
      cross join lateral (select ${programmeOf(sql`v.programme`)} as id) p
      left join stamp_balances b on b.consumer_id = c.id and b.programme_id = p.id
      where p.id is not null`,
  );
  return new Map(found.map((f) => [Number(f.i), { consumer: Number(f.consumer_id), programme: Number(f.programme_id), balance: Number(f.balance) }]));
}

/**
 * The rules across rows and the balances: a consumer and programme named twice (by id and by name, say), and a
 * correction out that the balance cannot cover. Errors by row index.
 */
async function rowProblems(db: Db | Tx, rows: readonly InjectCells[]): Promise<Map<number, string>> {
  const resolved = await resolveRows(db, rows);
  const first = new Map<string, number>();
  const problems = new Map<number, string>();
  rows.forEach((r, i) => {
    const found = resolved.get(i);
    if (!found) return;
    const pair = `${found.consumer}:${found.programme}`;
    const earlier = first.get(pair);
    if (earlier !== undefined) problems.set(i, `The same consumer and programme as another row of the file (${rows[earlier]!.app_card_id}, ${rows[earlier]!.programme})`);
    else first.set(pair, i);
    if (!problems.has(i) && -r.stamps > found.balance) problems.set(i, shortMessage(-r.stamps, found.balance));
  });
  return problems;
}

const shortMessage = (take: number, balance: number) =>
  `Cannot take ${take} stamp${take === 1 ? '' : 's'}: the consumer has ${balance} in this programme, and a balance cannot go below zero`;

/**
 * Digital stamp injection: a confirmed file of stamp corrections becomes one batch whose rows move the stamp ledger
 * (through StampLedgerService, codes 30 and 31, source 'injection' and the batch's id), and a batch is reversed as a
 * whole by compensating rows (source 'reversal'). Each is one transaction with its audit entry.
 */
export class StampInjectService {
  constructor(
    private readonly db: Db,
    private readonly ledger: StampLedgerService,
    private readonly batches: StampInjectionResource,
  ) {}

  /** The validation's rule across cells: a correction out refused when the balance is short (errors by row index). */
  async checkRows(db: Db | Tx, rows: readonly InjectCells[]): Promise<Map<number, ImportCellError[]>> {
    const problems = await rowProblems(db, rows);
    return new Map([...problems].map(([i, message]) => [i, [{ column: message.startsWith('Cannot take') ? 'stamps' : 'programme', message }]]));
  }

  /**
   * The import's commit: the batch, its rows and their ledger movements in the commit's transaction. An import batch
   * commits once (a rerun finds its injection and writes nothing more).
   */
  async commitImport(tx: Tx, ctx: ImportCommitContext): Promise<Record<string, number>> {
    const done = await queryRows<{ id: number }>(tx, sql`select id from stamp_injections where import_batch_id = ${ctx.batchId}`);
    if (done[0]) return { injection_id: Number(done[0].id) };
    const staged = await queryRows<{ row_no: number; app_card_id: string; programme: string; stamps: number; consumer_id: number | null; programme_id: number | null }>(
      tx,
      sql`select s.row_no, s.app_card_id, s.programme, s.stamps::int as stamps, c.id as consumer_id, ${programmeOf(sql`s.programme`)} as programme_id
        from ${ctx.staged} s left join consumers c on c.app_card_id = s.app_card_id order by s.row_no`,
    );
    const missing = staged.find((r) => r.consumer_id === null || r.programme_id === null);
    if (missing) throw unprocessable(`Row ${missing.row_no}: its consumer or programme no longer exists`);
    const [problem] = await rowProblems(tx, staged);
    if (problem) throw unprocessable(`Row ${staged[problem[0]]!.row_no}: ${problem[1]}`);

    const rows = staged.map((r) => ({ row_no: r.row_no, consumer_id: Number(r.consumer_id), programme_id: Number(r.programme_id), stamps: Number(r.stamps) }));
    const made = await this.create(tx, { rows, reason: String(ctx.params.reason ?? ''), importBatchId: ctx.batchId, actor: ctx.actor, now: ctx.now });
    return { injection_id: made.id, stamps_in: made.stampsIn, stamps_out: made.stampsOut };
  }

  /**
   * Writes a batch in `tx`: the batch, its rows, their ledger movements (a row that would take a balance below zero
   * refuses all, 422) and the audit entry. The file name is the import batch's, or `fileName`.
   */
  async create(
    tx: Tx,
    input: { rows: readonly InjectRow[]; reason: string; importBatchId?: number; fileName?: string; actor: { userId: number; name: string } | null; now: Date },
  ): Promise<{ id: number; stampsIn: number; stampsOut: number }> {
    const { rows, reason, actor, now } = input;
    const stampsIn = rows.reduce((n, r) => n + Math.max(r.stamps, 0), 0);
    const stampsOut = rows.reduce((n, r) => n + Math.max(-r.stamps, 0), 0);
    const [batch] = await queryRows<{ id: number }>(
      tx,
      sql`insert into stamp_injections (import_batch_id, reason, file_name, row_count, stamps_in, stamps_out, created_at, created_by, updated_at)
        values (${input.importBatchId ?? null}, ${reason},
          coalesce((select file_name from import_batches where id = ${input.importBatchId ?? null}), ${input.fileName ?? 'stamp-inject'}),
          ${rows.length}, ${stampsIn}, ${stampsOut}, ${now}, ${actor?.userId ?? null}, ${now})
        returning id`,
    );
    const id = Number(batch!.id);
    await tx.execute(
      sql`insert into stamp_injection_rows (injection_id, row_no, consumer_id, programme_id, stamps)
        select ${id}, r.row_no, r.consumer_id, r.programme_id, r.stamps from json_to_recordset(${JSON.stringify(rows)}::json) as r(row_no int, consumer_id int, programme_id int, stamps int)`,
    );
    await this.ledger.postMany(
      tx,
      rows.map(
        (r): StampMovement => ({
          consumerId: r.consumer_id,
          programmeId: r.programme_id,
          code: r.stamps > 0 ? INJECT_IN : INJECT_OUT,
          quantity: Math.abs(r.stamps),
          source: 'injection',
          sourceRef: String(id),
          actor: actor ? { kind: 'staff', id: actor.userId } : { kind: 'system', id: null },
          at: now,
          reference: `INJ-${id}`,
          note: reason,
        }),
      ),
    );
    await tx.execute(
      sql`update stamp_injection_rows r set ledger_id = l.id from stamp_ledger l
        where r.injection_id = ${id} and l.source_kind = 'injection' and l.source_ref = ${String(id)} and l.consumer_id = r.consumer_id and l.programme_id = r.programme_id`,
    );
    await writeAudit(tx, { actor, ip: null, now }, {
      action: 'create',
      entity: 'stamp-injection',
      entityId: id,
      after: { import_batch_id: input.importBatchId ?? null, reason, rows: rows.length, stamps_in: stampsIn, stamps_out: stampsOut },
    });
    return { id, stampsIn, stampsOut };
  }

  /**
   * Reverses a confirmed batch: for each of its rows the opposite movement (source 'reversal'), the batch marked
   * reversed, and the audit entry, in one transaction. 409 when already reversed or changed since `version`; 422
   * naming the consumers whose balance the reversal would take below zero (then nothing is written).
   */
  async reverse(id: number, version: number, ctx: AuditContext): Promise<StampInjectionRow> {
    await this.db.transaction(async (tx) => {
      const [batch] = await queryRows<{ status: string; version: number }>(tx, sql`select status, version from stamp_injections where id = ${id} for update`);
      if (!batch) throw notFound('Stamp injection batch');
      const current = await this.batches.get(id, tx);
      if (batch.status === 'reversed') throw conflict(`This batch was already reversed${current.reversed_by_name ? ` by ${current.reversed_by_name}` : ''}.`);
      if (Number(batch.version) !== version) throw staleVersion('stamp injection batch', current.updated_by_name, current.updated_at);
      const rows = await queryRows<{ row_no: number; consumer_id: number; programme_id: number; stamps: number; app_card_id: string; balance: number }>(
        tx,
        sql`select r.row_no, r.consumer_id, r.programme_id, r.stamps, c.app_card_id, coalesce(b.balance, 0) as balance
          from stamp_injection_rows r join consumers c on c.id = r.consumer_id
          left join stamp_balances b on b.consumer_id = r.consumer_id and b.programme_id = r.programme_id
          where r.injection_id = ${id} order by r.row_no`,
      );
      const short = rows.filter((r) => Number(r.stamps) > 0 && Number(r.balance) < Number(r.stamps));
      if (short.length) {
        const named = short.slice(0, 5).map((r) => `${r.app_card_id} (has ${r.balance}, needs ${r.stamps})`).join(', ');
        throw unprocessable(
          `The batch cannot be reversed: ${short.length} consumer${short.length === 1 ? ' has' : 's have'} already used stamps it added, and a balance cannot go below zero: ${named}${short.length > 5 ? ', …' : ''}`,
        );
      }
      const ref = `injection:${id}`;
      await this.ledger.postMany(
        tx,
        rows.map(
          (r): StampMovement => ({
            consumerId: Number(r.consumer_id),
            programmeId: Number(r.programme_id),
            code: Number(r.stamps) > 0 ? INJECT_OUT : INJECT_IN,
            quantity: Math.abs(Number(r.stamps)),
            source: 'reversal',
            sourceRef: ref,
            actor: { kind: 'staff', id: ctx.actor?.userId ?? null },
            at: ctx.now,
            reference: `INJ-${id}`,
            note: `Reversal of injection batch ${id}`,
          }),
        ),
      );
      await tx.execute(
        sql`update stamp_injection_rows r set reversal_ledger_id = l.id from stamp_ledger l
          where r.injection_id = ${id} and l.source_kind = 'reversal' and l.source_ref = ${ref} and l.consumer_id = r.consumer_id and l.programme_id = r.programme_id`,
      );
      await tx.execute(
        sql`update stamp_injections set status = 'reversed', reversed_at = ${ctx.now}, reversed_by = ${ctx.actor?.userId ?? null}, updated_at = ${ctx.now}, version = version + 1
          where id = ${id}`,
      );
      await writeAudit(tx, ctx, { action: 'reverse', entity: 'stamp-injection', entityId: id, before: { status: 'confirmed' }, after: { status: 'reversed', rows: rows.length } });
    });
    return this.batches.get(id);
  }
}
