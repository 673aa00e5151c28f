import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { stampProgrammeCreateBody } from '@portal/contract';
import { useHarness } from '../../../test/harness.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { StampLedgerService, type StampCode, type StampMovement } from './stamp-ledger.service.ts';
import { StampProgrammeService } from './stamp-programme.resource.ts';

/** Where the ledger and the kept balances disagree: none is the invariant. */
async function disagreements(db: Db, consumerId?: number): Promise<unknown[]> {
  const only = consumerId === undefined ? sql`` : sql`where consumer_id = ${consumerId}`;
  const perProgramme = await queryRows(
    db,
    sql`with l as (select consumer_id, programme_id, sum(case when code in (10, 30) then quantity else -quantity end)::int as total from stamp_ledger ${only} group by 1, 2),
        b as (select consumer_id, programme_id, balance from stamp_balances ${only})
      select coalesce(l.consumer_id, b.consumer_id) as consumer_id, coalesce(l.programme_id, b.programme_id) as programme_id, l.total, b.balance
      from l full join b on b.consumer_id = l.consumer_id and b.programme_id = l.programme_id
      where l.total is distinct from coalesce(b.balance, 0) and not (l.total is null and b.balance = 0)`,
  );
  const totals = await queryRows(
    db,
    sql`select c.id, c.stamp_balance, coalesce(l.total, 0) as total from consumers c
      left join (select consumer_id, sum(case when code in (10, 30) then quantity else -quantity end)::int as total from stamp_ledger group by 1) l on l.consumer_id = c.id
      where c.stamp_balance <> coalesce(l.total, 0) ${consumerId === undefined ? sql`` : sql`and c.id = ${consumerId}`}`,
  );
  // Each consumer's last row carries the balances the kept tables hold.
  const lastRows = await queryRows(
    db,
    sql`select l.consumer_id from (select distinct on (consumer_id) consumer_id, balance_after from stamp_ledger ${only} order by consumer_id, id desc) l
      join consumers c on c.id = l.consumer_id where c.stamp_balance <> l.balance_after`,
  );
  return [...perProgramme, ...totals, ...lastRows, ...(await rollupDisagreements(db))];
}

/** Where the report's daily rollup and the ledger's aggregate by Asia/Jakarta day, programme, store and code disagree. */
async function rollupDisagreements(db: Db): Promise<unknown[]> {
  return queryRows(
    db,
    sql`with l as (select (at at time zone 'Asia/Jakarta')::date as day, programme_id, coalesce(store_id, 0) as store_id, code, sum(quantity)::int as stamps, count(*)::int as movements
          from stamp_ledger group by 1, 2, 3, 4)
      select coalesce(l.day, r.day)::text as day, coalesce(l.programme_id, r.programme_id) as programme_id, coalesce(l.store_id, r.store_id) as store_id,
        coalesce(l.code, r.code) as code, l.stamps, r.stamps::int as rollup_stamps, l.movements, r.movements as rollup_movements
      from l full join stamp_daily_rollup r on r.day = l.day and r.programme_id = l.programme_id and r.store_id = l.store_id and r.code = l.code
      where l.stamps is distinct from r.stamps::int or l.movements is distinct from r.movements`,
  );
}

describe('the stamp ledger', () => {
  const h = useHarness();
  let db: Db;
  let ledger: StampLedgerService;
  let programmeId: number;
  let otherProgrammeId: number;
  let consumerId: number;
  let ref = 0;

  const move = (code: StampCode, quantity: number, over: Partial<StampMovement> = {}): StampMovement => ({
    consumerId,
    programmeId,
    code,
    quantity,
    source: code === 10 ? 'transaction' : code === 30 ? 'injection' : code === 20 ? 'redemption' : code === 21 ? 'expiry' : 'reversal',
    sourceRef: `test-${++ref}`,
    actor: { kind: 'system', id: null },
    at: new Date(),
    ...over,
  });
  const balances = async (id = consumerId) =>
    (
      await queryRows<{ total: number; programme: number | null }>(
        db,
        sql`select c.stamp_balance as total, (select balance from stamp_balances b where b.consumer_id = c.id and b.programme_id = ${programmeId}) as programme from consumers c where c.id = ${id}`,
      )
    )[0]!;
  const refusal = async (p: Promise<unknown>): Promise<AppError> => {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  };

  beforeAll(async () => {
    db = h.testDb.database.db;
    ledger = new StampLedgerService(db);
    const programmes = new StampProgrammeService(db);
    const ctx = { actor: null, ip: null, now: new Date() };
    const body = { name: 'Ledger test', start_date: '2026-01-01', end_date: '2026-12-31', seasonality: 'regular', reward_type: 1, min_transaction: 50_000, stamps_per_multiple: 1 };
    programmeId = (await programmes.create(stampProgrammeCreateBody.parse(body), ctx)).id;
    otherProgrammeId = (await programmes.create(stampProgrammeCreateBody.parse({ ...body, name: 'Ledger test 2' }), ctx)).id;
    consumerId = Number((await queryRows<{ id: number }>(db, sql`select id from consumers order by id limit 1`))[0]!.id);
  });

  it('holds for the demo data the seed wrote through the batch writer', async () => {
    expect(Number((await queryRows<{ n: number }>(db, sql`select count(*) as n from stamp_ledger`))[0]!.n)).toBeGreaterThan(100);
    expect(await disagreements(db)).toEqual([]);
  });

  it('keeps both balances equal to the ledger after every kind of movement', async () => {
    const steps: [StampCode, number, number][] = [
      [10, 7, 7], // earned by a transaction
      [30, 5, 12], // injected
      [20, 4, 8], // redeemed
      [21, 1, 7], // expired
      [31, 2, 5], // deducted
    ];
    // The consumer's demo stamps are in the demo programmes; this programme starts at zero.
    const { total: demoTotal } = await balances();
    for (const [code, quantity, expected] of steps) {
      const posted = await ledger.post(move(code, quantity));
      expect(posted).toMatchObject({ programmeBalance: expected, total: demoTotal + expected });
      expect(await balances()).toEqual({ total: demoTotal + expected, programme: expected });
      expect(await disagreements(db, consumerId)).toEqual([]);
    }
    const row = (await queryRows(db, sql`select code, quantity, balance_after, programme_balance_after, source_kind, actor_kind from stamp_ledger where consumer_id = ${consumerId} order by id desc limit 1`))[0];
    expect(row).toMatchObject({ code: 31, quantity: 2, balance_after: demoTotal + 5, programme_balance_after: 5, source_kind: 'reversal', actor_kind: 'system' });
    // A store's movement, and one just after midnight in Jakarta (17:30 UTC the day before), land on their own rollup rows.
    const storeId = Number((await queryRows<{ id: number }>(db, sql`select id from stores order by id limit 1`))[0]!.id);
    await ledger.post(move(10, 3, { storeId, at: new Date('2026-03-01T17:30:00Z') }));
    await ledger.post(move(31, 3, { storeId, at: new Date('2026-03-01T16:59:00Z') }));
    const days = await queryRows(db, sql`select day::text as day, code, stamps::int as stamps from stamp_daily_rollup where programme_id = ${programmeId} and store_id = ${storeId} order by day`);
    expect(days).toEqual([
      { day: '2026-03-01', code: 31, stamps: 3 },
      { day: '2026-03-02', code: 10, stamps: 3 },
    ]);
    expect(await disagreements(db, consumerId)).toEqual([]);
  });

  it('keeps each programme apart: the total spans programmes, a debit reads its own programme', async () => {
    const before = await balances();
    await ledger.post(move(10, 3, { programmeId: otherProgrammeId }));
    expect(await balances()).toEqual({ total: before.total + 3, programme: before.programme });
    const err = await refusal(ledger.post(move(20, before.programme! + 1)));
    expect([err.status, err.message]).toEqual([422, 'Not enough stamps']);
    expect(await balances()).toEqual({ total: before.total + 3, programme: before.programme });
    expect(await disagreements(db, consumerId)).toEqual([]);
  });

  it('refuses a debit beyond the balance with 422 and writes nothing', async () => {
    const before = await balances();
    const rows = async () => Number((await queryRows<{ n: number }>(db, sql`select count(*) as n from stamp_ledger where consumer_id = ${consumerId}`))[0]!.n);
    const count = await rows();
    const err = await refusal(ledger.post(move(20, before.programme! + 1)));
    expect(err.status).toBe(422);
    const fresh = await refusal(ledger.post(move(21, 1, { programmeId: otherProgrammeId + 1000 })));
    expect(fresh.status).toBe(422);
    expect(await rows()).toBe(count);
    expect(await balances()).toEqual(before);
  });

  it('writes a source once: the same source again is refused with 409 and moves nothing', async () => {
    await ledger.post(move(10, 2, { sourceRef: 'POS-once' }));
    const before = await balances();
    const err = await refusal(ledger.post(move(10, 2, { sourceRef: 'POS-once' })));
    expect(err.status).toBe(409);
    expect(await balances()).toEqual(before);
  });

  it('writes a batch in order, all or nothing', async () => {
    const before = await balances();
    const written = await db.transaction((tx) => ledger.postMany(tx, [move(30, 4), move(31, 3), move(10, 1)]));
    expect(written).toBe(3);
    expect(await balances()).toEqual({ total: before.total + 2, programme: before.programme! + 2 });
    const last = await queryRows(db, sql`select code, balance_after, programme_balance_after from stamp_ledger where consumer_id = ${consumerId} order by id desc limit 3`);
    expect(last).toEqual([
      { code: 10, balance_after: before.total + 2, programme_balance_after: before.programme! + 2 },
      { code: 31, balance_after: before.total + 1, programme_balance_after: before.programme! + 1 },
      { code: 30, balance_after: before.total + 4, programme_balance_after: before.programme! + 4 },
    ]);
    // A row that dips below zero at its place refuses the batch, even when later rows would make up for it.
    const mid = await balances();
    const err = await refusal(db.transaction((tx) => ledger.postMany(tx, [move(20, mid.programme! + 1), move(30, 50)])));
    expect([err.status, err.message]).toEqual([422, 'Not enough stamps']);
    expect(await balances()).toEqual(mid);
    // Rows of one day, programme, store and code in a batch add up on one rollup row (one upsert per key).
    const key = { day: new Date('2026-05-05T03:00:00Z') };
    await db.transaction((tx) => ledger.postMany(tx, [move(30, 1, { at: key.day }), move(30, 2, { at: key.day }), move(31, 3, { at: key.day })]));
    const rolled = await queryRows(db, sql`select code, stamps::int as stamps, movements from stamp_daily_rollup where day = '2026-05-05' and programme_id = ${programmeId} order by code`);
    expect(rolled).toEqual([
      { code: 30, stamps: 3, movements: 2 },
      { code: 31, stamps: 3, movements: 1 },
    ]);
    // A batch whose net for a consumer and programme is a debit (a correction batch) moves the balance down.
    const beforeDebit = await balances();
    await db.transaction((tx) => ledger.postMany(tx, [move(31, 2), move(10, 1)]));
    expect(await balances()).toEqual({ total: beforeDebit.total - 1, programme: beforeDebit.programme! - 1 });
    expect(await disagreements(db, consumerId)).toEqual([]);
  });

  it('stays equal to the ledger and never below zero under 1,000 concurrent movements on one consumer', async () => {
    const start = await balances();
    // Half earn 1 stamp, half spend 2: the spends outrun the earnings, so some must be refused.
    const results = await Promise.allSettled(Array.from({ length: 1000 }, (_, i) => ledger.post(i % 2 ? move(20, 2) : move(10, 1))));
    const refused = results.filter((r) => r.status === 'rejected');
    for (const r of refused) expect((r.reason as AppError).status).toBe(422);
    const spent = results.filter((r, i) => r.status === 'fulfilled' && i % 2).length;
    expect(refused.length).toBeGreaterThan(0);
    const end = await balances();
    expect(end.programme).toBe(start.programme! + 500 - 2 * spent);
    expect(end.programme).toBeGreaterThanOrEqual(0);
    const lowest = await queryRows<{ low: number }>(db, sql`select min(programme_balance_after) as low from stamp_ledger where consumer_id = ${consumerId}`);
    expect(Number(lowest[0]!.low)).toBeGreaterThanOrEqual(0);
    expect(await disagreements(db, consumerId)).toEqual([]);
  }, 120_000);
});
