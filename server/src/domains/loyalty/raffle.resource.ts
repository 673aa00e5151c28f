import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  RAFFLE_CLOSED,
  RAFFLE_DRAWN,
  RAFFLE_OPEN,
  RAFFLE_UPCOMING,
  jakartaDayStart,
  raffleCreateBody,
  raffleDetail,
  raffleRow,
  raffleStatus,
  type RaffleDetail,
  type RaffleListQuery,
  type RafflePrize,
  type RaffleRow,
} from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { requireProvinces } from '../../platform/audience.ts';
import type { AuditContext } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { ResourceService, writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import { conflict } from '../../platform/errors.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { requireIds } from '../../platform/sql/link-sets.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

const SELECT = sql`select r.id, r.name, r.description, r.prizes, r.winners_count, r.entry_start, r.entry_end, r.draw_at, r.spend_per_entry, r.app_entry,
  r.max_entries_per_consumer, r.allow_repeat_wins, r.targeting, r.member_scope, r.consumer_tag_ids, r.province_codes, 0 as status, r.commitment,
  (select count(*) from raffle_coupons x where x.raffle_id = r.id)::int as entries_count,
  (select count(*) from raffle_consumer_entries e where e.raffle_id = r.id)::int as consumers_count,
  r.drawn_at, db.name as drawn_by_name, r.created_at, cb.name as created_by_name, r.updated_at, ub.name as updated_by_name, r.version`;
const FROM = sql`from raffles r left join users cb on cb.id = r.created_by left join users ub on ub.id = r.updated_by left join users db on db.id = r.drawn_by`;

const readRow = rowReader(raffleRow);
const readDraw = rowReader(raffleDetail.pick({ seed: true, draw_steps: true, winners: true }));

const ints = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);
const texts = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
/** A PostgreSQL array literal of values the contract has already checked (ids, two-digit codes). */
const arrayLiteral = (v: unknown): string | undefined => (Array.isArray(v) ? `{${v.map(String).join(',')}}` : undefined);

/** The commitment to a seed: SHA-256 of its 32 bytes, hex. */
export const commitmentOf = (seed: Buffer): string => createHash('sha256').update(seed).digest('hex');

/** The raffle resource; its status is derived from the clock's time, so the list's status filter reads the same clock. */
export function raffleDef(clock: Clock): ResourceDef<RaffleRow, RaffleListQuery> {
  const now = () => clock.now().toISOString();
  return {
    entity: 'raffle',
    label: 'Raffle',
    table: 'raffles',
    select: SELECT,
    from: FROM,
    countFrom: () => sql`from raffles r`,
    id: 'r.id',
    toRow: (r) => {
      const row = readRow(r);
      return { ...row, status: raffleStatus(row, clock.now()) };
    },
    sort: { created_at: 'r.created_at', name: 'lower(r.name)', entry_start: 'r.entry_start', entry_end: 'r.entry_end', draw_at: 'r.draw_at', updated_at: 'r.updated_at' },
    search: (pattern) => sql`lower(r.name) like lower(${pattern})`,
    where: (q) => [
      q.status === RAFFLE_UPCOMING ? sql`r.drawn_at is null and r.entry_start > ${now()}` : undefined,
      q.status === RAFFLE_OPEN ? sql`r.drawn_at is null and r.entry_start <= ${now()} and r.entry_end > ${now()}` : undefined,
      q.status === RAFFLE_CLOSED ? sql`r.drawn_at is null and r.entry_end <= ${now()}` : undefined,
      q.status === RAFFLE_DRAWN ? sql`r.drawn_at is not null` : undefined,
      q.active_on
        ? sql`r.entry_start < ${new Date(jakartaDayStart(q.active_on).getTime() + 86_400_000).toISOString()} and r.entry_end > ${jakartaDayStart(q.active_on).toISOString()}`
        : undefined,
    ],
    writable: writableColumns([raffleCreateBody], { serverColumns: ['winners_count', 'seed_sealed', 'commitment'] }),
    check: async (tx, body) => {
      await requireIds(tx, ints(body.consumer_tag_ids), { table: 'custom_consumer_tags', field: 'consumer_tag_ids', label: 'Consumer tag' });
      await requireProvinces(tx, texts(body.province_codes));
      for (const c of ['consumer_tag_ids', 'province_codes']) {
        const literal = arrayLiteral(body[c]);
        if (literal !== undefined) body[c] = literal;
      }
      if (Array.isArray(body.prizes)) body.prizes = JSON.stringify(body.prizes);
    },
    // The audit keeps the commitment, never the seed (the detail's seed is null before the draw anyway).
    auditView: (row) => {
      const { updated_by_name: _u, created_by_name: _c, drawn_by_name: _d, status: _s, ...rest } = row;
      const { seed: _seed, winners: _w, ...kept } = rest as Partial<RaffleDetail>;
      return kept;
    },
  };
}

/**
 * Raffles: the generic list; create draws the secret seed (kept sealed, only its commitment shown); the detail adds the
 * winners and, once drawn, the revealed seed; delete is refused once a raffle has entries or has been drawn.
 */
export class RaffleService extends ResourceService<RaffleRow, RaffleListQuery> {
  constructor(
    db: Db,
    clock: Clock,
    private readonly box: SecretBox,
  ) {
    super(raffleDef(clock), db);
  }

  override async create(body: Record<string, unknown>, ctx: AuditContext, outer?: Tx): Promise<RaffleDetail> {
    const seed = randomBytes(32);
    const commitment = commitmentOf(seed);
    const prizes = (Array.isArray(body.prizes) ? body.prizes : []) as RafflePrize[];
    const sealed = this.box.seal(seed.toString('hex'), commitment);
    seed.fill(0);
    const row = await super.create({ ...body, winners_count: prizes.reduce((n, p) => n + p.quantity, 0), seed_sealed: sealed, commitment }, ctx, outer);
    return this.get(row.id);
  }

  override async get(id: number | string, tx: Db | Tx = this.db): Promise<RaffleDetail> {
    const row = await super.get(id, tx);
    const [draw] = await queryRows(
      tx,
      sql`select case when r.drawn_at is not null then r.seed end as seed, r.draw_steps,
            coalesce((select json_agg(json_build_object('step', w.step, 'prize_index', w.prize_index, 'prize_name', w.prize_name, 'raffle_coupon_id', w.raffle_coupon_id,
              'code', k.code, 'consumer_id', w.consumer_id, 'consumer_name', c.name, 'app_card_id', c.app_card_id) order by w.step)
              from raffle_winners w join raffle_coupons k on k.id = w.raffle_coupon_id join consumers c on c.id = w.consumer_id where w.raffle_id = r.id), '[]'::json) as winners
          from raffles r where r.id = ${row.id}`,
    );
    return { ...row, ...readDraw(draw ?? {}) };
  }

  override async remove(id: number | string, ctx: AuditContext, version: number): Promise<void> {
    const row = await super.get(id);
    if (row.drawn_at) throw conflict('This raffle has been drawn: its entries and winners are kept, so it cannot be deleted');
    if (row.entries_count > 0) throw conflict(`This raffle has ${row.entries_count} ${row.entries_count === 1 ? 'entry' : 'entries'} and cannot be deleted`);
    await super.remove(id, ctx, version);
  }
}
