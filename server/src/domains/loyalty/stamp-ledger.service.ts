import { sql, type SQL } from 'drizzle-orm';
import { STAMP_IN_CODES, type StampActorKind, type StampSource } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { conflict, pgCode, unprocessable } from '../../platform/errors.ts';

/** Movement codes (decisions.md): 10 earned by a transaction, 30 injected or returned, 20 redeemed, 21 expired, 31 deducted. */
export type StampCode = 10 | 20 | 21 | 30 | 31;

/** One ledger movement as its writer describes it; `quantity` is always positive, the code gives the direction. */
export interface StampMovement {
  consumerId: number;
  programmeId: number;
  code: StampCode;
  quantity: number;
  source: StampSource;
  /** The source's own id (transaction id, batch row, coupon id, reversed ledger row): one row per source, consumer and programme. */
  sourceRef: string;
  actor: { kind: StampActorKind; id: number | null };
  at: Date;
  storeId?: number | null;
  /** What the consumer's history shows as the reference (a receipt number). */
  reference?: string | null;
  note?: string | null;
}

/** Credits (codes 10 or 30) of one consumer from one source, one line per programme. */
export interface CreditLines extends Omit<StampMovement, 'programmeId' | 'quantity'> {
  code: 10 | 30;
  lines: readonly { programmeId: number; quantity: number }[];
}

export interface PostedMovement {
  id: number;
  /** The consumer's balance in this programme after the movement. */
  programmeBalance: number;
  /** The consumer's total balance after the movement. */
  total: number;
}

export const NOT_ENOUGH_STAMPS = 'Not enough stamps';
const PG_CHECK_VIOLATION = '23514';

const signed = (m: Pick<StampMovement, 'code' | 'quantity'>) => ((STAMP_IN_CODES as readonly number[]).includes(m.code) ? m.quantity : -m.quantity);

function checkQuantity(m: StampMovement): void {
  if (!Number.isInteger(m.quantity) || m.quantity <= 0) throw unprocessable('A stamp movement moves a whole number of stamps above zero');
}

/** The database's refusals in the words of the ledger: a balance below zero, a source written twice. */
function ledgerError(err: unknown): unknown {
  const code = pgCode(err);
  if (code === PG_CHECK_VIOLATION) return unprocessable(NOT_ENOUGH_STAMPS);
  if (code === '23505') return conflict('These stamps are already recorded');
  return err;
}

/**
 * The stamp ledger's only writer. Each movement is an appended row, and the balances it changes (per consumer and
 * programme in stamp_balances, the consumer's total in consumers.stamp_balance) and the report's daily rollup
 * (stamp_daily_rollup, per Asia/Jakarta day, programme, store and code) move in the same transaction, in SQL,
 * always in that order (balance row, then consumer row) so concurrent writers queue on the same locks and never
 * deadlock. A debit that would take a balance below zero is refused (422) and writes nothing.
 */
export class StampLedgerService {
  constructor(private readonly db: Db) {}

  /** One movement, in `tx` or in a transaction of its own. */
  async post(movement: StampMovement, tx?: Tx): Promise<PostedMovement> {
    checkQuantity(movement);
    if (!tx) return this.db.transaction((t) => this.post(movement, t));
    try {
      return await this.write(tx, movement);
    } catch (err) {
      throw ledgerError(err);
    }
  }

  /**
   * Many movements in one transaction, set-based (a few statements whatever their number): an injection batch, the
   * demo seed. Rows apply in the order given; each row's balances are those after it. All are written or none: a row
   * that would take a balance below zero at its place in the order refuses the whole batch.
   */
  async postMany(tx: Tx, movements: readonly StampMovement[]): Promise<number> {
    if (!movements.length) return 0;
    movements.forEach(checkQuantity);
    const rows = JSON.stringify(
      movements.map((m, ord) => ({
        ord,
        consumer_id: m.consumerId,
        programme_id: m.programmeId,
        code: m.code,
        quantity: m.quantity,
        delta: signed(m),
        source_kind: m.source,
        source_ref: m.sourceRef,
        actor_kind: m.actor.kind,
        actor_id: m.actor.id,
        store_id: m.storeId ?? null,
        reference: m.reference ?? null,
        note: m.note ?? null,
        at: m.at.toISOString(),
      })),
    );
    const mv = sql`json_to_recordset(${rows}::json) as m(ord int, consumer_id int, programme_id int, code smallint, quantity int, delta int,
      source_kind text, source_ref text, actor_kind text, actor_id int, store_id int, reference text, note text, at timestamptz)`;
    try {
      // The batch's balance rows, made if new and locked in one order (the no-op update takes each row's lock); then
      // moved by their net. One upsert adding the net would not do: PostgreSQL checks the proposed row (balance >= 0)
      // before it finds the conflict, so a batch whose net for a key is a debit would be refused whatever the balance.
      await tx.execute(sql`insert into stamp_balances (consumer_id, programme_id, balance)
        select consumer_id, programme_id, 0 from ${mv} group by consumer_id, programme_id order by consumer_id, programme_id
        on conflict (consumer_id, programme_id) do update set balance = stamp_balances.balance`);
      await tx.execute(sql`update stamp_balances b set balance = b.balance + n.delta
        from (select consumer_id, programme_id, sum(delta) as delta from ${mv} group by consumer_id, programme_id) n
        where b.consumer_id = n.consumer_id and b.programme_id = n.programme_id`);
      await tx.execute(sql`update consumers c set stamp_balance = c.stamp_balance + n.delta
        from (select consumer_id, sum(delta) as delta from ${mv} group by consumer_id) n where c.id = n.consumer_id`);
      // Each row's balances are the final ones less what the rows after it in the batch moved.
      const inserted = await queryRows<{ n: number }>(
        tx,
        sql`with ins as (insert into stamp_ledger (consumer_id, programme_id, code, quantity, balance_after, programme_balance_after, store_id, reference, note, at,
            source_kind, source_ref, actor_kind, actor_id)
          select m.consumer_id, m.programme_id, m.code, m.quantity,
            c.stamp_balance - coalesce(sum(m.delta) over (partition by m.consumer_id order by m.ord rows between 1 following and unbounded following), 0),
            b.balance - coalesce(sum(m.delta) over (partition by m.consumer_id, m.programme_id order by m.ord rows between 1 following and unbounded following), 0),
            m.store_id, m.reference, m.note, m.at, m.source_kind, m.source_ref, m.actor_kind, m.actor_id
          from ${mv} join consumers c on c.id = m.consumer_id join stamp_balances b on b.consumer_id = m.consumer_id and b.programme_id = m.programme_id
          order by m.ord
          returning 1)
        select count(*)::int as n from ins`,
      );
      // The report's rollup: one upsert per day, programme, store and code, however many rows the batch holds.
      await tx.execute(sql`insert into stamp_daily_rollup (day, programme_id, store_id, code, stamps, movements)
        select (m.at at time zone 'Asia/Jakarta')::date, m.programme_id, coalesce(m.store_id, 0), m.code, sum(m.quantity), count(*) from ${mv}
        group by 1, 2, 3, 4 order by 1, 2, 3, 4
        on conflict (day, programme_id, store_id, code) do update
          set stamps = stamp_daily_rollup.stamps + excluded.stamps, movements = stamp_daily_rollup.movements + excluded.movements`);
      return inserted[0]?.n ?? 0;
    } catch (err) {
      throw ledgerError(err);
    }
  }

  /**
   * Credits (codes 10 or 30) of many consumers, all of one code and one kind of source, each credit one source's lines (a transaction's
   * earnings, one line per programme), in ONE statement: the balance rows upserted in key order, then the consumers'
   * totals (their rows locked in id order), then a ledger row per line (each with the balances after it, credits
   * applying in the order given and a credit's lines in theirs), then the daily rollup in key order: the lock order of
   * post, so concurrent writers queue on the same locks. `also` is a data-modifying statement run in the same round
   * trip (the earn events' results), which may read each credit's total after it as `totals (ord, total)`, ord being the
   * credit's place in `credits`. Answers those totals in that order (a credit without lines: the total at its place).
   */
  async creditMany(tx: Tx, credits: readonly CreditLines[], also?: SQL): Promise<number[]> {
    const [first] = credits;
    if (!first) return [];
    const { code, source } = first;
    const lines = credits.flatMap((c, ord) => {
      c.lines.forEach((l) => checkQuantity({ ...c, ...l }));
      if (c.code !== code || c.source !== source) throw new Error('creditMany takes credits of one code and source');
      return c.lines.map((l, line) => ({
        ord,
        line,
        consumer_id: c.consumerId,
        programme_id: l.programmeId,
        quantity: l.quantity,
        store_id: c.storeId ?? null,
        reference: c.reference ?? null,
        note: c.note ?? null,
        at: c.at.toISOString(),
        source_ref: c.sourceRef,
        actor_kind: c.actor.kind,
        actor_id: c.actor.id,
      }));
    });
    if (!(STAMP_IN_CODES as readonly number[]).includes(code)) throw unprocessable('Credits are movements into the balance');
    const owners = JSON.stringify(credits.map((c, ord) => ({ ord, consumer_id: c.consumerId })));
    try {
      const rows = await queryRows<{ ord: number; total: number | null }>(
        tx,
        sql`with m as (select * from json_to_recordset(${JSON.stringify(lines)}::json) as m(ord int, line int, consumer_id int, programme_id int, quantity int,
              store_id int, reference text, note text, at timestamptz, source_ref text, actor_kind text, actor_id int)),
          o as (select * from json_to_recordset(${owners}::json) as o(ord int, consumer_id int)),
          b as (insert into stamp_balances (consumer_id, programme_id, balance)
            select consumer_id, programme_id, sum(quantity) from m group by consumer_id, programme_id order by consumer_id, programme_id
            on conflict (consumer_id, programme_id) do update set balance = stamp_balances.balance + excluded.balance returning consumer_id, programme_id, balance),
          k as (select id from consumers where id in (select consumer_id from m) and (select count(*) from b) >= 0 order by id for update),
          c as (update consumers x set stamp_balance = x.stamp_balance + d.quantity
            from (select consumer_id, sum(quantity) as quantity from m group by consumer_id) d
            where x.id = d.consumer_id and x.id in (select id from k) returning x.id, x.stamp_balance),
          l as (insert into stamp_ledger (consumer_id, programme_id, code, quantity, balance_after, programme_balance_after, store_id, reference, note, at,
              source_kind, source_ref, actor_kind, actor_id)
            select m.consumer_id, m.programme_id, ${code}, m.quantity,
              c.stamp_balance - coalesce(sum(m.quantity) over (partition by m.consumer_id order by m.ord, m.line rows between 1 following and unbounded following), 0),
              b.balance - coalesce(sum(m.quantity) over (partition by m.consumer_id, m.programme_id order by m.ord, m.line rows between 1 following and unbounded following), 0),
              m.store_id, m.reference, m.note, m.at, ${source}, m.source_ref, m.actor_kind, m.actor_id
            from m join b on b.consumer_id = m.consumer_id and b.programme_id = m.programme_id join c on c.id = m.consumer_id
            order by m.ord, m.line returning programme_id, quantity, at, store_id),
          r as (insert into stamp_daily_rollup (day, programme_id, store_id, code, stamps, movements)
            select (at at time zone 'Asia/Jakarta')::date, programme_id, coalesce(store_id, 0), ${code}, sum(quantity), count(*) from l
            group by 1, 2, 3 order by 1, 2, 3
            on conflict (day, programme_id, store_id, code) do update
              set stamps = stamp_daily_rollup.stamps + excluded.stamps, movements = stamp_daily_rollup.movements + excluded.movements),
          totals as (select o.ord, coalesce((select stamp_balance from c where c.id = o.consumer_id), (select stamp_balance from consumers where id = o.consumer_id))
              - coalesce((select sum(quantity) from m where m.consumer_id = o.consumer_id and m.ord > o.ord), 0) as total from o)
          ${also ? sql`, also as (${also})` : sql``}
        select ord, total from totals order by ord`,
      );
      return credits.map((c, ord) => {
        const total = rows[ord]?.total;
        if (total === undefined || total === null || (c.lines.length && !rows[ord])) throw unprocessable('Consumer not found');
        return Number(total);
      });
    } catch (err) {
      throw ledgerError(err);
    }
  }

  private async write(tx: Tx, m: StampMovement): Promise<PostedMovement> {
    const delta = signed(m);
    const balance =
      delta > 0
        ? await queryRows<{ balance: number }>(
            tx,
            sql`insert into stamp_balances (consumer_id, programme_id, balance) values (${m.consumerId}, ${m.programmeId}, ${delta})
              on conflict (consumer_id, programme_id) do update set balance = stamp_balances.balance + excluded.balance returning balance`,
          )
        : await queryRows<{ balance: number }>(
            tx,
            sql`update stamp_balances set balance = balance - ${m.quantity}
              where consumer_id = ${m.consumerId} and programme_id = ${m.programmeId} and balance >= ${m.quantity} returning balance`,
          );
    const programmeBalance = balance[0]?.balance;
    if (programmeBalance === undefined) throw unprocessable(NOT_ENOUGH_STAMPS);
    const total = (await queryRows<{ total: number }>(tx, sql`update consumers set stamp_balance = stamp_balance + ${delta} where id = ${m.consumerId} returning stamp_balance as total`))[0]
      ?.total;
    if (total === undefined) throw unprocessable('Consumer not found');
    const row = await queryRows<{ id: string | number }>(
      tx,
      sql`insert into stamp_ledger (consumer_id, programme_id, code, quantity, balance_after, programme_balance_after, store_id, reference, note, at,
          source_kind, source_ref, actor_kind, actor_id)
        values (${m.consumerId}, ${m.programmeId}, ${m.code}, ${m.quantity}, ${total}, ${programmeBalance}, ${m.storeId ?? null}, ${m.reference ?? null},
          ${m.note ?? null}, ${m.at}, ${m.source}, ${m.sourceRef}, ${m.actor.kind}, ${m.actor.id})
        returning id`,
    );
    // Last, so concurrent writers of one day, programme and store hold the rollup row's lock the shortest time.
    await tx.execute(sql`insert into stamp_daily_rollup (day, programme_id, store_id, code, stamps, movements)
      values ((${m.at}::timestamptz at time zone 'Asia/Jakarta')::date, ${m.programmeId}, ${m.storeId ?? 0}, ${m.code}, ${m.quantity}, 1)
      on conflict (day, programme_id, store_id, code) do update
        set stamps = stamp_daily_rollup.stamps + excluded.stamps, movements = stamp_daily_rollup.movements + excluded.movements`);
    return { id: Number(row[0]?.id), programmeBalance, total };
  }
}
