import { sql } from 'drizzle-orm';
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
 * programme in stamp_balances, the consumer's total in consumers.stamp_balance) move in the same transaction, in SQL,
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
      // PostgreSQL checks an inserted row's CHECK constraints before ON CONFLICT takes over, so a net debit of a pair
      // (a correction out) cannot go through `insert ... on conflict`: the rows that exist are locked in order and
      // updated, and only the missing pairs inserted (a missing pair with a net debit is short, as it should be).
      const net = sql`(select consumer_id, programme_id, sum(delta)::int as delta from ${mv} group by consumer_id, programme_id) n`;
      await tx.execute(sql`select 1 from stamp_balances b join ${net} on n.consumer_id = b.consumer_id and n.programme_id = b.programme_id
        order by b.consumer_id, b.programme_id for update of b`);
      await tx.execute(sql`update stamp_balances b set balance = b.balance + n.delta from ${net} where n.consumer_id = b.consumer_id and n.programme_id = b.programme_id`);
      await tx.execute(sql`insert into stamp_balances (consumer_id, programme_id, balance)
        select n.consumer_id, n.programme_id, n.delta from ${net}
        where not exists (select 1 from stamp_balances b where b.consumer_id = n.consumer_id and b.programme_id = n.programme_id)
        order by n.consumer_id, n.programme_id
        on conflict (consumer_id, programme_id) do update set balance = stamp_balances.balance + excluded.balance`);
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
      return inserted[0]?.n ?? 0;
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
    return { id: Number(row[0]?.id), programmeBalance, total };
  }
}
