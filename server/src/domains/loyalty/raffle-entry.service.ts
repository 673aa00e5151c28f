import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import {
  RAFFLE_SOURCE_APP,
  RAFFLE_SOURCE_TRANSACTION,
  appRaffleCoupon,
  appRaffleRow,
  raffleCouponsForSpend,
  type AppRaffleCoupon,
  type AppRaffleEarning,
  type AppRaffleRow,
} from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { admits } from '../../platform/audience.ts';
import { conflict, notFound, unprocessable } from '../../platform/errors.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A raffle coupon code: RAF- and 12 characters from 32 (60 bits of randomness). */
const raffleCode = () => `RAF-${[...randomBytes(12)].map((b) => CODE_ALPHABET[b % 32]).join('')}`;

const toAppRaffle = rowReader(appRaffleRow);
const toCoupon = rowReader(appRaffleCoupon);

/** An undrawn raffle `r` whose entry period holds the transaction's time and whose spend per entry the total reaches. */
const takesSpend = (total: SQL, at: SQL) =>
  sql`r.drawn_at is null and r.spend_per_entry is not null and r.spend_per_entry <= ${total} and r.entry_start <= ${at} and r.entry_end > ${at}`;

type Grantable = {
  id: number;
  max_entries_per_consumer: number;
};

/**
 * The only writer of raffle coupons. A consumer's coupons in a raffle are counted in raffle_consumer_entries, and a
 * grant takes what is left under the raffle's maximum in one upsert (`least(entries + n, max)`, guarded by
 * `entries < max`), answering how many it added: parallel grants for one consumer queue on that row and never pass the
 * maximum. The raffle row is read `for share`, so the draw (which takes it `for update`) waits for grants in flight and
 * a grant after the draw sees it drawn: the frozen entry list never changes.
 */
export class RaffleEntryService {
  constructor(private readonly db: Db) {}

  /**
   * Coupons a transaction earns, in the caller's transaction (the stamp event's, so the whole event is one transaction
   * and is earned once by its transaction id): one per whole `spend_per_entry` of the total, in every undrawn raffle
   * whose entry period holds the transaction's time and whose targeting admits the consumer.
   */
  async earnForTransaction(tx: Tx, consumerId: number, t: { transaction_id: string; total: number; at: string }, now: Date): Promise<AppRaffleEarning[]> {
    const raffles = await queryRows<Grantable & { name: string; spend_per_entry: number }>(
      tx,
      sql`select r.id, r.name, r.spend_per_entry, r.max_entries_per_consumer from raffles r join consumers c on c.id = ${consumerId}
          where ${takesSpend(sql`${t.total}`, sql`${t.at}::timestamptz`)} and ${admits('r', 'c')}
          order by r.id for share of r`,
    );
    const earned: AppRaffleEarning[] = [];
    for (const r of raffles) {
      const granted = await this.grant(tx, r, consumerId, raffleCouponsForSpend(t.total, Number(r.spend_per_entry)));
      if (!granted.added) continue;
      await this.insertCoupons(tx, { raffleId: Number(r.id), consumerId, source: RAFFLE_SOURCE_TRANSACTION, sourceRef: t.transaction_id, firstSeq: 1, count: granted.added, now });
      earned.push({ raffle_id: Number(r.id), raffle_name: r.name, coupons: granted.added });
    }
    return earned;
  }

  /**
   * Whether some undrawn raffle could take a transaction's spend (before targeting, without locking), as an SQL
   * condition over the SQL of its total and time: the earn events read it in their first statement and call
   * earnForTransaction only where it holds.
   */
  mayEarnSql(total: SQL, at: SQL): SQL {
    return sql`exists (select 1 from raffles r where ${takesSpend(total, at)})`;
  }

  /** One coupon entered from the app: 404 unknown, 422 not open, not by app or not for this consumer, 409 at the maximum. */
  async enter(consumerId: number, raffleId: number, now: Date): Promise<AppRaffleCoupon> {
    return this.db.transaction(async (tx) => {
      const [r] = await queryRows<Grantable & { open: boolean; app_entry: boolean; admitted: boolean }>(
        tx,
        sql`select r.id, r.max_entries_per_consumer, r.app_entry,
              r.drawn_at is null and r.entry_start <= ${now.toISOString()} and r.entry_end > ${now.toISOString()} as open,
              exists (select 1 from consumers c where c.id = ${consumerId} and ${admits('r', 'c')}) as admitted
            from raffles r where r.id = ${raffleId} for share`,
      );
      if (!r) throw notFound('Raffle');
      if (!r.open) throw unprocessable('This raffle is not open for entries now');
      if (!r.app_entry) throw unprocessable('This raffle is entered by shopping, not from the app');
      if (!r.admitted) throw unprocessable('This raffle is not offered to you');
      const granted = await this.grant(tx, r, consumerId, 1);
      if (!granted.added) throw conflict(`You have reached the maximum of ${r.max_entries_per_consumer} ${r.max_entries_per_consumer === 1 ? 'entry' : 'entries'} in this raffle`);
      // The consumer's n-th coupon in the raffle: unique, since the count only grows.
      const [coupon] = await this.insertCoupons(tx, { raffleId, consumerId, source: RAFFLE_SOURCE_APP, sourceRef: `consumer:${consumerId}`, firstSeq: granted.entries, count: 1, now });
      return toCoupon({ raffle_id: raffleId, code: coupon, earned_at: now.toISOString(), your_entries: granted.entries });
    });
  }

  /** The raffles open to the consumer now, with the coupons they hold in each. */
  async open(consumerId: number, now: Date): Promise<AppRaffleRow[]> {
    const rows = await queryRows(
      this.db,
      sql`select r.id, r.name, r.description, r.prizes, r.entry_end, r.draw_at, r.spend_per_entry, r.app_entry, r.max_entries_per_consumer,
            coalesce(e.entries, 0) as your_entries
          from consumers c
          join raffles r on r.drawn_at is null and r.entry_start <= ${now.toISOString()} and r.entry_end > ${now.toISOString()}
          left join raffle_consumer_entries e on e.raffle_id = r.id and e.consumer_id = c.id
          where c.id = ${consumerId} and ${admits('r', 'c')}
          order by r.entry_end, r.id limit 100`,
    );
    return rows.map(toAppRaffle);
  }

  /** Adds up to `n` coupons under the maximum in one statement; answers how many it added and the consumer's total. */
  private async grant(tx: Tx, r: Grantable, consumerId: number, n: number): Promise<{ added: number; entries: number }> {
    if (n <= 0) return { added: 0, entries: 0 };
    const max = Number(r.max_entries_per_consumer);
    const [row] = await queryRows<{ entries: number; last_granted: number }>(
      tx,
      sql`insert into raffle_consumer_entries as k (raffle_id, consumer_id, entries, last_granted) values (${r.id}, ${consumerId}, least(${n}::int, ${max}::int), least(${n}::int, ${max}::int))
          on conflict (raffle_id, consumer_id) do update set entries = least(k.entries + ${n}::int, ${max}::int), last_granted = least(k.entries + ${n}::int, ${max}::int) - k.entries
          where k.entries < ${max}::int
          returning k.entries, k.last_granted`,
    );
    return row ? { added: Number(row.last_granted), entries: Number(row.entries) } : { added: 0, entries: max };
  }

  /** Inserts `count` coupons numbered from `firstSeq`, each with a fresh code (a rare clash of codes draws again). */
  private async insertCoupons(
    tx: Tx,
    c: { raffleId: number; consumerId: number; source: number; sourceRef: string; firstSeq: number; count: number; now: Date },
  ): Promise<string[]> {
    let seqs = Array.from({ length: c.count }, (_, i) => c.firstSeq + i);
    const codes: string[] = [];
    for (let attempt = 0; attempt < 5 && seqs.length; attempt++) {
      const batch = seqs.map((seq) => ({ seq, code: raffleCode() }));
      const rows = await queryRows<{ seq: number; code: string }>(
        tx,
        sql`insert into raffle_coupons (raffle_id, consumer_id, code, source, source_ref, seq, earned_at)
            select ${c.raffleId}, ${c.consumerId}, b.code, ${c.source}, ${c.sourceRef}, b.seq, ${c.now.toISOString()}
            from json_to_recordset(${JSON.stringify(batch)}::json) as b(seq int, code text) order by b.seq
            on conflict (code) do nothing returning seq, code`,
      );
      const made = new Set(rows.map((r) => Number(r.seq)));
      codes.push(...rows.map((r) => r.code));
      seqs = seqs.filter((s) => !made.has(s));
    }
    if (seqs.length) throw new Error('raffle coupons: no free code after 5 attempts');
    return codes;
  }
}
