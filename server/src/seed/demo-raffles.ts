import { sql } from 'drizzle-orm';
import type { RaffleCreate } from '@portal/contract';
import { queryRows, type Db } from '../db/client.ts';
import type { AuditContext } from '../platform/audit.ts';
import type { Clock } from '../platform/clock.ts';
import { AppError } from '../platform/errors.ts';
import { SecretBox } from '../platform/secret-box.ts';
import { RaffleDrawService } from '../domains/loyalty/raffle-draw.service.ts';
import { RaffleEntryService } from '../domains/loyalty/raffle-entry.service.ts';
import { RaffleService } from '../domains/loyalty/raffle.resource.ts';
import { StampAppService } from '../domains/loyalty/stamp-app.service.ts';
import { StampLedgerService } from '../domains/loyalty/stamp-ledger.service.ts';

const DAY = 86_400_000;
const CONSUMERS = 30;

/**
 * Demo raffles made by the raffle service (as the CMS admin), their coupons earned the way the app earns them: the
 * consumers' transactions through the stamp app's transaction event (which earns stamps and raffle coupons in one go)
 * and app entries; the ended raffle is drawn by the draw service, so its winners and revealed seed are the real thing.
 * The seed is sealed with the app key, which the app must share to draw the open raffle later.
 */
export async function seedRaffles(db: Db, appKey: string | Buffer, now = new Date()): Promise<void> {
  const admin = (await queryRows<{ id: number; name: string }>(db, sql`select id, name from users where username = 'admin.cms'`))[0];
  if (!admin) return;
  const ctx: AuditContext = { actor: { userId: Number(admin.id), name: admin.name }, ip: null, now };
  const clock: Clock = { now: () => now };
  const box = new SecretBox(appKey);
  const raffles = new RaffleService(db, clock, box);
  const entries = new RaffleEntryService(db);
  const app = new StampAppService(db, new StampLedgerService(db), entries);
  const at = (days: number) => new Date(now.getTime() + days * DAY).toISOString();
  const base = { targeting: 2, member_scope: 0, consumer_tag_ids: [] as number[], province_codes: [] as string[], allow_repeat_wins: false };

  const bodies: RaffleCreate[] = [
    {
      ...base,
      name: 'Undian Gebyar Belanja Oktober',
      description: 'Setiap belanja Rp100.000 mendapat satu kupon undian',
      prizes: [{ name: 'Sepeda Motor Listrik', quantity: 1 }, { name: 'Voucher Belanja Rp500.000', quantity: 3 }, { name: 'Paket Sembako', quantity: 5 }],
      entry_start: at(-40),
      entry_end: at(-10),
      draw_at: at(-8),
      spend_per_entry: 100_000,
      app_entry: false,
      max_entries_per_consumer: 20,
    },
    {
      ...base,
      name: 'Undian Akhir Tahun',
      description: 'Kupon dari belanja dan dari aplikasi, diundi setelah periode berakhir',
      prizes: [{ name: 'Mobil City Car', quantity: 1 }, { name: 'Emas 10 gram', quantity: 2 }, { name: 'Voucher Belanja Rp250.000', quantity: 10 }],
      entry_start: at(-5),
      entry_end: at(25),
      draw_at: at(30),
      spend_per_entry: 150_000,
      app_entry: true,
      max_entries_per_consumer: 30,
    },
    {
      ...base,
      name: 'Undian Tahun Baru Imlek',
      description: null,
      prizes: [{ name: 'Angpao Rp1.000.000', quantity: 8 }],
      entry_start: at(40),
      entry_end: at(60),
      draw_at: at(62),
      spend_per_entry: null,
      app_entry: true,
      max_entries_per_consumer: 5,
      member_scope: 1,
    },
  ];
  const [ended, open] = [await raffles.create({ ...bodies[0]! }, ctx), await raffles.create({ ...bodies[1]! }, ctx)];
  await raffles.create({ ...bodies[2]! }, ctx);

  // Purchases of thirty consumers in each raffle's period: each one earns by the spend through the transaction event.
  const consumers = await queryRows<{ id: number }>(db, sql`select id from consumers where status = 1 order by id limit ${CONSUMERS}`);
  const [store] = await queryRows<{ code: string }>(db, sql`select code from stores order by id limit 1`);
  // Sent together, as many app users at once: the stamp app writes them in a few group commits, each event in the
  // order sent (one transaction each took most of a test file's seeding).
  const sales: Promise<unknown>[] = [];
  for (const [i, c] of consumers.entries()) {
    const id = Number(c.id);
    for (let k = 0; k < 3; k++) {
      const total = 60_000 + ((i * 7 + k * 13) % 12) * 45_000;
      sales.push(app.transaction(id, { transaction_id: `DEMO-RAF-${id}-${k}`, store_code: store?.code ?? null, channel: 1, total, items: [], bank_promotion: false, at: at(-35 + i * 0.7 + k * 3) }, now));
      sales.push(app.transaction(id, { transaction_id: `DEMO-RAF-OPEN-${id}-${k}`, store_code: store?.code ?? null, channel: 2, total: total + 90_000, items: [], bank_promotion: false, at: at(-4 + k + i * 0.05) }, now));
    }
  }
  await Promise.all(sales);
  // Every other consumer also enters the open raffle from the app.
  for (const [i, c] of consumers.entries()) {
    if (i % 2) continue;
    await entries.enter(Number(c.id), open.id, now).catch((err: unknown) => {
      if (err instanceof AppError) return null;
      throw err;
    });
  }
  await new RaffleDrawService(db, raffles, box).draw(ended.id, ctx);
}
