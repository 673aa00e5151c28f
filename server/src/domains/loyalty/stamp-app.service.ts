import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  appRedemption,
  appStampReward,
  appStamps,
  appTransactionResult,
  stampDayOf,
  stampsEarned,
  type AppRedemption,
  type AppStampReward,
  type AppStamps,
  type AppTransaction,
  type AppTransactionResult,
} from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { GroupCommit, type Settled } from '../../platform/group-commit.ts';
import { badRequest, conflict, notFound, unprocessable } from '../../platform/errors.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import type { RaffleEntryService } from './raffle-entry.service.ts';
import type { CreditLines, StampLedgerService } from './stamp-ledger.service.ts';
import { activeRules, activeRulesJson } from './stamp-programme.resource.ts';

const COUPON_DAYS = 30;
const RECENT_MOVEMENTS = 20;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A coupon code nobody can guess: STP- and 10 characters from 32 (50 bits of randomness). */
const couponCode = () => `STP-${[...randomBytes(10)].map((b) => CODE_ALPHABET[b % 32]).join('')}`;

const toStamps = rowReader(appStamps);
const toReward = rowReader(appStampReward);
const toResult = rowReader(appTransactionResult);
const toRedemption = rowReader(appRedemption);

/** One earn event as the consumer API received it. */
interface EarnEvent {
  consumerId: number;
  t: AppTransaction;
  now: Date;
}

/** The consumer app's stamps: transactions earn, rewards are redeemed, each through the stamp ledger. */
export class StampAppService {
  private readonly batcher = new GroupCommit<EarnEvent, AppTransactionResult>((events) => this.earnMany(events));

  constructor(
    private readonly db: Db,
    private readonly ledger: StampLedgerService,
    private readonly raffles: RaffleEntryService,
  ) {}

  /**
   * Earns what a transaction earns by every active programme's rule, once per transaction id. Events that arrive while
   * others are being written go together in one transaction (group commit, `earnMany`), so under load an event costs
   * a share of two statements and one commit; a lone event is written at once.
   */
  transaction(consumerId: number, t: AppTransaction, now: Date): Promise<AppTransactionResult> {
    return this.batcher.submit({ consumerId, t, now });
  }

  /**
   * Earn events in one transaction of two statements (decisions.md, "earn events in batches"). The first takes each
   * event's row in transaction-id order (a repeat, in the batch or sent earlier, takes nothing and answers the first
   * result once that is committed) and reads, in the same round trip, each store by its code, whether each consumer is
   * an app member, the programmes active on each day and which events some raffle could take. The rule is the
   * contract's `stampsEarned`; raffle coupons are earned only for the events a raffle could take, in the same
   * transaction. The second posts every ledger row with the balances and the rollup (StampLedgerService.creditMany) and
   * writes each event's result. Answers per event, in their order: an unknown store fails that event alone (400).
   */
  private async earnMany(events: readonly EarnEvent[]): Promise<Settled<AppTransactionResult>[]> {
    const days = [...new Set(events.map((e) => stampDayOf(e.t.at)))];
    const rows = JSON.stringify(
      events.map((e, ord) => ({
        ord,
        transaction_id: e.t.transaction_id,
        consumer_id: e.consumerId,
        store_code: e.t.store_code ?? null,
        channel: e.t.channel,
        total: e.t.total,
        bank_promotion: e.t.bank_promotion,
        at: e.t.at,
        received_at: e.now.toISOString(),
      })),
    );
    const answers: (Settled<AppTransactionResult> | 'earlier')[] = [];
    await this.db.transaction(async (tx) => {
      const taken = await queryRows<{ ord: number; store_id: number | null; unknown_store: boolean; taken: boolean; app_member: boolean; raffles: boolean; rules: unknown }>(
        tx,
        sql`with e as (select * from json_to_recordset(${rows}::json) as e(ord int, transaction_id text, consumer_id int, store_code text, channel smallint,
              total bigint, bank_promotion boolean, at timestamptz, received_at timestamptz)),
            es as (select e.*, (select id from stores where e.store_code is not null and lower(code) = lower(e.store_code) order by id limit 1) as store_id from e),
            ok as (select * from es where store_code is null or store_id is not null),
            t as (insert into stamp_transactions (transaction_id, consumer_id, store_id, channel, total, bank_promotion, at, received_at)
              select distinct on (transaction_id) transaction_id, consumer_id, store_id, channel, total, bank_promotion, at, received_at from ok
              order by transaction_id, ord
              on conflict (transaction_id) do nothing returning transaction_id),
            firsts as (select transaction_id, min(ord) as ord from ok where transaction_id in (select transaction_id from t) group by transaction_id)
          select es.ord, es.store_id, es.store_code is not null and es.store_id is null as unknown_store,
            exists (select 1 from firsts f where f.ord = es.ord) as taken,
            coalesce((select app_card_id is not null from consumers where id = es.consumer_id), false) as app_member,
            exists (select 1 from firsts f where f.ord = es.ord) and ${this.raffles.mayEarnSql(sql`es.total`, sql`es.at`)} as raffles,
            case when es.ord = 0 then json_build_array(${sql.join(days.map(activeRulesJson), sql`, `)}) end as rules
          from es order by es.ord`,
      );
      const rulesByDay = new Map(days.map((day, i) => [day, activeRules((taken[0]?.rules as unknown[] | undefined)?.[i] ?? '[]')]));
      const credits: CreditLines[] = [];
      const results: AppTransactionResult[] = [];
      const creditOf: number[] = [];
      for (const [ord, e] of events.entries()) {
        const row = taken[ord];
        if (!row) throw new Error('the earn events answered fewer rows than were sent');
        if (row.unknown_store) {
          const message = `Store ${e.t.store_code} does not exist`;
          answers.push({ ok: false, error: badRequest(message, [{ path: 'store_code', message }]) });
          continue;
        }
        if (!row.taken) {
          answers.push('earlier');
          continue;
        }
        const storeId = row.store_id === null ? null : Number(row.store_id);
        const event = { at: e.t.at, store_id: storeId, total: e.t.total, items: e.t.items, bank_promotion: e.t.bank_promotion, app_member: row.app_member === true };
        const earned: AppTransactionResult['earned'] = [];
        for (const programme of rulesByDay.get(stampDayOf(e.t.at)) ?? []) {
          const quantity = stampsEarned(programme, event);
          if (quantity > 0) earned.push({ programme_id: programme.id, programme_name: programme.name, quantity });
        }
        // Raffle coupons from the same event, in the same transaction: earned once with the stamps.
        const raffle_entries = row.raffles ? await this.raffles.earnForTransaction(tx, e.consumerId, e.t, e.now) : [];
        creditOf[ord] = credits.length;
        results.push({ transaction_id: e.t.transaction_id, earned, total_earned: earned.reduce((n, x) => n + x.quantity, 0), balance: 0, raffle_entries });
        credits.push({
          consumerId: e.consumerId,
          code: 10,
          lines: earned.map((x) => ({ programmeId: x.programme_id, quantity: x.quantity })),
          source: 'transaction',
          sourceRef: e.t.transaction_id,
          actor: { kind: 'consumer', id: e.consumerId },
          at: new Date(e.t.at),
          storeId,
          reference: e.t.transaction_id,
        });
        answers.push({ ok: true, value: results[results.length - 1]! });
      }
      // Each event's result, written with the consumer's total after it.
      const stored = JSON.stringify(results.map((r, ord) => ({ ord, transaction_id: r.transaction_id, result: r })));
      const totals = await this.ledger.creditMany(
        tx,
        credits,
        sql`update stamp_transactions s set result = jsonb_set(x.result, '{balance}', to_jsonb(totals.total))
          from json_to_recordset(${stored}::json) as x(ord int, transaction_id text, result jsonb) join totals on totals.ord = x.ord
          where s.transaction_id = x.transaction_id`,
      );
      events.forEach((_, ord) => {
        const a = answers[ord];
        const i = creditOf[ord];
        if (a !== 'earlier' && a?.ok && i !== undefined) a.value.balance = totals[i]!;
      });
    });
    // Repeats answer the first result, read once that is committed.
    return Promise.all(
      events.map(async (e, ord): Promise<Settled<AppTransactionResult>> => {
        const a = answers[ord]!;
        if (a !== 'earlier') return a;
        try {
          return { ok: true, value: await this.earlier(e.consumerId, e.t.transaction_id) };
        } catch (error) {
          return { ok: false, error };
        }
      }),
    );
  }

  /** The balances by programme and the latest movements. */
  async stamps(consumerId: number): Promise<AppStamps> {
    const [row] = await queryRows(
      this.db,
      sql`select c.stamp_balance as balance,
        coalesce((select json_agg(json_build_object('programme_id', b.programme_id, 'programme_name', p.name, 'balance', b.balance) order by p.name)
          from stamp_balances b join stamp_programmes p on p.id = b.programme_id where b.consumer_id = c.id), '[]'::json) as programmes,
        coalesce((select json_agg(m order by m.at desc, m.id desc) from (
          select l.id, l.code, l.quantity, p.name as programme_name, l.reference, l.at from stamp_ledger l join stamp_programmes p on p.id = l.programme_id
          where l.consumer_id = c.id order by l.at desc, l.id desc limit ${RECENT_MOVEMENTS}) m), '[]'::json) as movements
      from consumers c where c.id = ${consumerId}`,
    );
    if (!row) throw notFound('Consumer');
    return toStamps(row);
  }

  /** Rewards redeemable on the day (Asia/Jakarta): active, in period, in stock, of an active programme. */
  async rewards(now: Date): Promise<AppStampReward[]> {
    const day = stampDayOf(now);
    const rows = await queryRows(
      this.db,
      sql`select r.id, r.programme_id, p.name as programme_name, r.name, r.description, r.stamps_required, r.stock, r.image_url, r.end_date::text as end_date
        from stamp_rewards r join stamp_programmes p on p.id = r.programme_id
        where r.status = 1 and p.status = 1 and r.stock > 0 and r.start_date <= ${day}::date and r.end_date >= ${day}::date
        order by r.stamps_required, r.id limit 200`,
    );
    return rows.map(toReward);
  }

  /**
   * Redeems a reward in one transaction: one from stock (in SQL, never below zero), a coupon issued with a unique code
   * and the reward's id, and the stamps debited from the reward's programme (20). Not enough stamps refuses it all (422).
   */
  async redeem(consumerId: number, rewardId: number, now: Date): Promise<AppRedemption> {
    const day = stampDayOf(now);
    return this.db.transaction(async (tx) => {
      const [reward] = await queryRows<{ id: number; programme_id: number; name: string; stamps_required: number }>(
        tx,
        sql`update stamp_rewards r set stock = stock - 1 from stamp_programmes p
          where r.id = ${rewardId} and p.id = r.programme_id and r.status = 1 and p.status = 1 and r.stock > 0
            and r.start_date <= ${day}::date and r.end_date >= ${day}::date
          returning r.id, r.programme_id, r.name, r.stamps_required`,
      );
      if (!reward) {
        const known = await queryRows<{ stock: number }>(tx, sql`select stock from stamp_rewards where id = ${rewardId}`);
        if (!known.length) throw notFound('Reward');
        throw unprocessable(Number(known[0]!.stock) > 0 ? 'This reward cannot be redeemed today' : 'This reward is out of stock');
      }
      const expires = new Date(now.getTime() + COUPON_DAYS * 86_400_000);
      const [coupon] = await queryRows<{ id: number; coupon_code: string }>(
        tx,
        sql`insert into consumer_coupons (consumer_id, coupon_code, name, reward_name, reward_id, description, status, stamps_used, claimed_at, expires_at)
          values (${consumerId}, ${couponCode()}, ${reward.name}, ${reward.name}, ${reward.id}, 'Ditukar dengan stempel di aplikasi', 1, ${reward.stamps_required}, ${now}, ${expires})
          returning id, coupon_code`,
      );
      if (!coupon) throw new Error('coupon not issued');
      const posted = await this.ledger.post(
        {
          consumerId,
          programmeId: Number(reward.programme_id),
          code: 20,
          quantity: Number(reward.stamps_required),
          source: 'redemption',
          sourceRef: String(coupon.id),
          actor: { kind: 'consumer', id: consumerId },
          at: now,
          reference: coupon.coupon_code,
          note: reward.name,
        },
        tx,
      );
      return toRedemption({
        coupon_id: coupon.id,
        coupon_code: coupon.coupon_code,
        reward_id: reward.id,
        reward_name: reward.name,
        stamps_used: reward.stamps_required,
        programme_balance: posted.programmeBalance,
        expires_at: expires.toISOString(),
      });
    });
  }

  /** The first answer to a transaction id sent again; another consumer's id is a conflict. */
  private async earlier(consumerId: number, transactionId: string): Promise<AppTransactionResult> {
    const [row] = await queryRows<{ consumer_id: number; result: unknown }>(this.db, sql`select consumer_id, result from stamp_transactions where transaction_id = ${transactionId}`);
    if (!row || Number(row.consumer_id) !== consumerId) throw conflict('This transaction id belongs to another transaction');
    return toResult(typeof row.result === 'string' ? JSON.parse(row.result) : row.result);
  }
}
