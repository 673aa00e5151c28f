import { sql } from 'drizzle-orm';
import { stampProgrammeCreateBody, stampRewardCreateBody, type StampProgrammeCreate } from '@portal/contract';
import { queryRows, type Db } from '../db/client.ts';
import type { AuditContext } from '../platform/audit.ts';
import { StampInjectionResource } from '../domains/loyalty/stamp-inject.resource.ts';
import { StampInjectService, type InjectRow } from '../domains/loyalty/stamp-inject.service.ts';
import { StampLedgerService, type StampCode, type StampMovement } from '../domains/loyalty/stamp-ledger.service.ts';
import { StampProgrammeService } from '../domains/loyalty/stamp-programme.resource.ts';
import { StampRewardService } from '../domains/loyalty/stamp-reward.resource.ts';
import { StampAppService } from '../domains/loyalty/stamp-app.service.ts';
import { RaffleEntryService } from '../domains/loyalty/raffle-entry.service.ts';
import { CouponClaimService } from '../domains/loyalty/coupon-claim.service.ts';

const DAY_MS = 86_400_000;
const jakartaDayOf = (ms: number) => new Date(ms + 7 * 3_600_000).toISOString().slice(0, 10);

// In (10, 10, 30, 10, 10), out (21, 31): one to seven movements per consumer; outs take one stamp. Redemptions (20) are
// not written here: they go through the consumer app's service below, each with the coupon it issues.
const PATTERN: readonly StampCode[] = [10, 10, 30, 10, 10, 21, 31];
/** How many demo redemptions, and every how many of their coupons is used at a store. */
const REDEMPTIONS = 30;
const USED_EVERY = 3;

/**
 * Demo stamp programmes and their rewards, made by the services the screens use, and each consumer's stamp history written
 * through the stamp ledger's batch writer (one transaction, a few statements), so balances are the ledger's own; then
 * redemptions through the consumer app's service, each issuing its stamp coupon.
 */
export async function seedStamps(db: Db, now = new Date()): Promise<void> {
  const ctx: AuditContext = { actor: null, ip: null, now };
  const programmes = new StampProgrammeService(db);
  const plus = (await queryRows<{ plu: string }>(db, sql`select plu from products order by id limit 4`)).map((p) => p.plu);
  const today = now.getTime();
  const bodies: StampProgrammeCreate[] = [
    {
      name: 'Stempel Belanja Reguler',
      description: 'Satu stempel untuk setiap kelipatan belanja Rp50.000; bonus 2 stempel dengan promo bank.',
      start_date: jakartaDayOf(today - 1000 * DAY_MS),
      end_date: jakartaDayOf(today + 365 * DAY_MS),
      seasonality: 'regular',
      reward_type: 1,
      min_transaction: 50_000,
      stamps_per_multiple: 1,
      extra_stamp: 1,
      extra_stamp_amount: 2,
    },
    {
      name: 'Stempel Produk Sponsor',
      description: 'Stempel dari setiap unit produk sponsor, dikalikan dua.',
      start_date: jakartaDayOf(today - 1000 * DAY_MS),
      end_date: jakartaDayOf(today + 90 * DAY_MS),
      seasonality: 'seasonal',
      reward_type: 2,
      sponsor_plus: plus.length ? plus : ['000000'],
      stamps_per_unit: 1,
      multiplier: 1,
      multiplier_value: 2,
    },
    {
      name: 'Kombinasi Akhir Tahun',
      description: 'Belanja dan produk sponsor untuk member aplikasi, satu stempel ekstra per transaksi.',
      start_date: jakartaDayOf(today - 30 * DAY_MS),
      end_date: jakartaDayOf(today + 60 * DAY_MS),
      seasonality: 'seasonal',
      reward_type: 3,
      min_transaction: 100_000,
      stamps_per_multiple: 1,
      sponsor_plus: plus.length ? plus.slice(0, 2) : ['000000'],
      stamps_per_unit: 1,
      extra_stamp: 2,
      extra_stamp_amount: 1,
      multiplier: 2,
      multiplier_value: 1,
      member_scope: 1,
    },
  ];
  const ids: number[] = [];
  for (const body of bodies) ids.push((await programmes.create(stampProgrammeCreateBody.parse(body), ctx)).id);
  const rewards = new StampRewardService(db);
  const rewardBodies: [number, string, number, number][] = [
    [0, 'Voucher Belanja Rp25.000', 10, 500],
    [0, 'Gratis Minyak Goreng 1 L', 6, 300],
    [1, 'Susu UHT 1 L', 8, 200],
    [1, 'Tumbler Eksklusif', 20, 50],
    [2, 'Diskon Rp50.000 Belanja Sembako', 12, 100],
  ];
  for (const [programme, name, stamps, stock] of rewardBodies) {
    const body = bodies[programme]!;
    const reward = { programme_id: ids[programme]!, name, stamps_required: stamps, stock, start_date: body.start_date, end_date: body.end_date };
    await rewards.create(stampRewardCreateBody.parse(reward), ctx);
  }

  const consumers = await queryRows<{ id: number; created_at: string | Date }>(db, sql`select id, created_at from consumers order by id`);
  const stores = (await queryRows<{ id: number }>(db, sql`select id from stores order by id`)).map((s) => Number(s.id));
  const movements: StampMovement[] = [];
  for (const c of consumers) {
    const id = Number(c.id);
    const created = new Date(c.created_at).getTime();
    const programmeId = ids[id % 2] ?? ids[0]!;
    for (let g = 1; g <= 1 + (id % 7); g++) {
      const code = PATTERN[g - 1]!;
      const isIn = code === 10 || code === 30;
      movements.push({
        consumerId: id,
        programmeId,
        code,
        quantity: isIn ? 2 + ((id * g) % 4) : 1,
        source: code === 10 ? 'transaction' : code === 21 ? 'expiry' : 'injection',
        sourceRef: code === 10 ? `POS-${id}-${g}` : `SEED-${id}-${g}`,
        actor: { kind: 'system', id: null },
        at: new Date(created + ((today - created) * g) / 8),
        storeId: code === 10 && stores.length ? stores[(id + g) % stores.length]! : null,
        reference: code === 10 ? `POS-${id}-${g}` : null,
        note: code === 30 ? 'Bonus stempel promo bank' : code === 21 ? 'Stempel kedaluwarsa' : code === 31 ? 'Koreksi injeksi' : null,
      });
    }
  }
  const ledger = new StampLedgerService(db);
  await db.transaction((tx) => ledger.postMany(tx, movements));

  // Redemptions as the consumer app makes them (stock, the STP- coupon with its reward and the debit, code 20), on days of
  // the last three weeks; every third coupon is then used at a store. The stamp coupon screens and the report show them.
  const app = new StampAppService(db, ledger, new RaffleEntryService(db));
  const claims = new CouponClaimService(db);
  const rewardRows = (await queryRows<{ id: number; programme_id: number; stamps_required: number }>(db, sql`select id, programme_id, stamps_required from stamp_rewards order by stamps_required, id`)).map(
    (r) => ({ id: Number(r.id), programme: Number(r.programme_id), stamps: Number(r.stamps_required) }),
  );
  const balances = await queryRows<{ consumer_id: number; programme_id: number; balance: number }>(
    db,
    sql`select b.consumer_id, b.programme_id, b.balance from stamp_balances b join consumers c on c.id = b.consumer_id where c.status = 1 order by b.consumer_id, b.programme_id`,
  );
  let redeemed = 0;
  for (const b of balances) {
    if (redeemed >= REDEMPTIONS) break;
    const reward = rewardRows.find((r) => r.programme === Number(b.programme_id) && r.stamps <= Number(b.balance));
    if (!reward) continue;
    const at = new Date(today - (redeemed % 21) * DAY_MS - 3 * 3_600_000);
    const coupon = await app.redeem(Number(b.consumer_id), reward.id, at);
    if (redeemed % USED_EVERY === 0 && stores.length) {
      await claims.use(Number(b.consumer_id), coupon.coupon_id, { store_id: stores[redeemed % stores.length]!, pos_receipt_no: `POS-RDM-${coupon.coupon_id}` }, new Date(at.getTime() + 2 * 3_600_000));
    }
    redeemed++;
  }
  await seedStampInjection(db, ledger, now);
}

/**
 * One injection batch (heimdal Digital Stamp Inject) by the Super Admin through the injection service: three stamps of
 * the regular programme for eight consumers after a POS outage, and one stamp taken back from a consumer who has some.
 */
async function seedStampInjection(db: Db, ledger: StampLedgerService, now: Date): Promise<void> {
  const [admin] = await queryRows<{ id: number; name: string }>(db, sql`select id, name from users where username = 'superadmin'`);
  const [programme] = await queryRows<{ id: number }>(db, sql`select id from stamp_programmes where name = 'Stempel Belanja Reguler'`);
  if (!admin || !programme) return;
  const programmeId = Number(programme.id);
  const earners = await queryRows<{ id: number }>(db, sql`select id from consumers order by id limit 8`);
  const [holder] = await queryRows<{ id: number }>(
    db,
    sql`select consumer_id as id from stamp_balances where programme_id = ${programmeId} and balance >= 1 and consumer_id > all (select id from consumers order by id limit 8)
      order by consumer_id limit 1`,
  );
  const rows: InjectRow[] = earners.map((c, i) => ({ row_no: i + 2, consumer_id: Number(c.id), programme_id: programmeId, stamps: 3 }));
  if (holder) rows.push({ row_no: rows.length + 2, consumer_id: Number(holder.id), programme_id: programmeId, stamps: -1 });
  if (!rows.length) return;
  const service = new StampInjectService(db, ledger, new StampInjectionResource(db));
  await db.transaction((tx) =>
    service.create(tx, {
      rows,
      reason: 'Gangguan POS toko: stempel transaksi yang tidak tercatat, dan satu koreksi stempel ganda',
      fileName: 'koreksi_stempel_pos.xlsx',
      actor: { userId: Number(admin.id), name: admin.name },
      now: new Date(now.getTime() - 2 * DAY_MS),
    }),
  );
}
