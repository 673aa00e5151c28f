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
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { badRequest, conflict, notFound, unprocessable } from '../../platform/errors.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import type { RaffleEntryService } from './raffle-entry.service.ts';
import type { StampLedgerService } from './stamp-ledger.service.ts';
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

/** The consumer app's stamps: transactions earn, rewards are redeemed, each through the stamp ledger. */
export class StampAppService {
  constructor(
    private readonly db: Db,
    private readonly ledger: StampLedgerService,
    private readonly raffles: RaffleEntryService,
  ) {}

  /**
   * Earns what a transaction earns by every active programme's rule, once per transaction id, in one transaction of
   * two statements (decisions.md, "earn event in two statements"). The first takes the event's row (a repeat, even a
   * concurrent one, waits for it and answers the first result) and reads, in the same round trip, the store by its
   * code, whether the consumer is an app member, the programmes active on the day and whether any raffle could take
   * the spend. The second posts a ledger row per programme that earned something with the balances and the rollup
   * (StampLedgerService.credit) and writes the result. Only when a raffle could take the spend are its coupons earned
   * in between, in the same transaction.
   */
  async transaction(consumerId: number, t: AppTransaction, now: Date): Promise<AppTransactionResult> {
    const code = t.store_code ?? null;
    return this.db.transaction(async (tx) => {
      const [first] = await queryRows<{ taken: boolean; store_id: number | null; app_member: boolean; programmes: unknown; raffles: boolean }>(
        tx,
        sql`with s as (select id from stores where ${code}::text is not null and lower(code) = lower(${code}::text) order by id limit 1),
          t as (insert into stamp_transactions (transaction_id, consumer_id, store_id, channel, total, bank_promotion, at, received_at)
            select ${t.transaction_id}, ${consumerId}, (select id from s), ${t.channel}, ${t.total}, ${t.bank_promotion}, ${t.at}, ${now}
            where ${code}::text is null or exists (select 1 from s)
            on conflict (transaction_id) do nothing returning transaction_id)
          select exists (select 1 from t) as taken, (select id from s) as store_id,
            coalesce((select app_card_id is not null from consumers where id = ${consumerId}), false) as app_member,
            case when exists (select 1 from t) then ${activeRulesJson(stampDayOf(t.at))} end as programmes,
            exists (select 1 from t) and ${this.raffles.mayEarnSql(t)} as raffles`,
      );
      if (!first) throw new Error('the earn event answered no row');
      const storeId = first.store_id === null ? null : Number(first.store_id);
      if (code !== null && storeId === null) throw badRequest(`Store ${code} does not exist`, [{ path: 'store_code', message: `Store ${code} does not exist` }]);
      if (!first.taken) return this.earlier(tx, consumerId, t.transaction_id);
      const event = { at: t.at, store_id: storeId, total: t.total, items: t.items, bank_promotion: t.bank_promotion, app_member: first.app_member === true };
      const earned: AppTransactionResult['earned'] = [];
      for (const programme of activeRules(first.programmes)) {
        const quantity = stampsEarned(programme, event);
        if (quantity > 0) earned.push({ programme_id: programme.id, programme_name: programme.name, quantity });
      }
      // Raffle coupons from the same event, in the same transaction: earned once with the stamps.
      const raffle_entries = first.raffles ? await this.raffles.earnForTransaction(tx, consumerId, t, now) : [];
      const result: AppTransactionResult = { transaction_id: t.transaction_id, earned, total_earned: earned.reduce((n, e) => n + e.quantity, 0), balance: 0, raffle_entries };
      const balance = await this.ledger.credit(
        tx,
        {
          consumerId,
          code: 10,
          lines: earned.map((e) => ({ programmeId: e.programme_id, quantity: e.quantity })),
          source: 'transaction',
          sourceRef: t.transaction_id,
          actor: { kind: 'consumer', id: consumerId },
          at: new Date(t.at),
          storeId,
          reference: t.transaction_id,
        },
        sql`update stamp_transactions set result = jsonb_set(${JSON.stringify(result)}::jsonb, '{balance}', to_jsonb((select total from posted)))
          where transaction_id = ${t.transaction_id}`,
      );
      return { ...result, balance };
    });
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
  private async earlier(tx: Tx, consumerId: number, transactionId: string): Promise<AppTransactionResult> {
    const [row] = await queryRows<{ consumer_id: number; result: unknown }>(tx, sql`select consumer_id, result from stamp_transactions where transaction_id = ${transactionId}`);
    if (!row || Number(row.consumer_id) !== consumerId) throw conflict('This transaction id belongs to another transaction');
    return toResult(typeof row.result === 'string' ? JSON.parse(row.result) : row.result);
  }
}
