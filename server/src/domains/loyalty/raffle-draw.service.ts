import { createHash, createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drawWinners, formatDateTime, type RaffleDetail, type RafflePrize } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../../platform/audit.ts';
import { conflict, notFound, unprocessable } from '../../platform/errors.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { RaffleService } from './raffle.resource.ts';

/**
 * The draw: in one transaction, with the raffle row locked (so no coupon can join and no second draw can run), the
 * entry list is frozen in id order, the winners are picked by the contract's drawWinners with HMAC-SHA256 keyed by the
 * seed, each winner is stored with the coupon drawn and its step, and the seed is revealed on the raffle. A second draw
 * answers 409; a draw before the entry end 422.
 */
export class RaffleDrawService {
  constructor(
    private readonly db: Db,
    private readonly raffles: RaffleService,
    private readonly box: SecretBox,
  ) {}

  async draw(id: number, ctx: AuditContext): Promise<RaffleDetail> {
    await this.db.transaction(async (tx) => {
      const [r] = await queryRows<{ id: number; drawn_at: string | null; entry_end: string; seed_sealed: string; commitment: string; prizes: unknown; allow_repeat_wins: boolean }>(
        tx,
        sql`select id, drawn_at, entry_end, seed_sealed, commitment, prizes, allow_repeat_wins from raffles where id = ${id} for update`,
      );
      if (!r) throw notFound('Raffle');
      if (r.drawn_at) throw conflict('This raffle has already been drawn');
      const end = new Date(r.entry_end);
      if (ctx.now.getTime() < end.getTime()) throw unprocessable(`The raffle can be drawn once its entries close (${formatDateTime(end.toISOString(), 'en')} WIB)`);

      const seed = this.openSeed(r.seed_sealed, r.commitment);
      const seedHex = seed.toString('hex');
      const entries = await queryRows<{ id: number; consumer_id: number; code: string }>(tx, sql`select id, consumer_id, code from raffle_coupons where raffle_id = ${id} order by id`);
      const prizes = (typeof r.prizes === 'string' ? JSON.parse(r.prizes) : r.prizes) as RafflePrize[];
      const { winners, steps } = drawWinners({
        raffleId: id,
        entries: entries.map((e) => ({ id: Number(e.id), consumer_id: Number(e.consumer_id), code: e.code })),
        prizes,
        allowRepeatWins: r.allow_repeat_wins === true || String(r.allow_repeat_wins) === 't',
        hmac: (message) => new Uint8Array(createHmac('sha256', seed).update(message).digest()),
      });
      if (winners.length) {
        await tx.execute(sql`insert into raffle_winners (raffle_id, step, prize_index, prize_name, raffle_coupon_id, consumer_id)
          select ${id}, w.step, w.prize_index, w.prize_name, w.entry_id, w.consumer_id
          from json_to_recordset(${JSON.stringify(winners)}::json) as w(step int, prize_index int, prize_name text, entry_id bigint, consumer_id int)`);
      }
      await tx.execute(sql`update raffles set drawn_at = ${ctx.now}, drawn_by = ${ctx.actor?.userId ?? null}, seed = ${seedHex}, draw_steps = ${steps},
        version = version + 1, updated_at = ${ctx.now}, updated_by = ${ctx.actor?.userId ?? null} where id = ${id}`);
      await writeAudit(tx, ctx, {
        action: 'draw',
        entity: 'raffle',
        entityId: id,
        after: {
          commitment: r.commitment,
          revealed_seed: seedHex,
          entries: entries.length,
          steps,
          winners: winners.map((w) => ({ step: w.step, prize: w.prize_name, entry_id: w.entry_id, consumer_id: w.consumer_id })),
        },
      });
    });
    return this.raffles.get(id);
  }

  /**
   * The raffle's secret seed, checked against its published commitment. Sealed with the app key: a server started with
   * another key (APP_SECRET changed) cannot open it, and says so instead of failing the draw without a reason.
   */
  private openSeed(sealed: string, commitment: string): Buffer {
    let seed: Buffer;
    try {
      seed = Buffer.from(this.box.open(sealed, commitment), 'hex');
    } catch {
      throw unprocessable('This raffle was created under another application key (APP_SECRET): restore that key to draw it');
    }
    if (createHash('sha256').update(seed).digest('hex') !== commitment) throw unprocessable('The raffle\'s sealed seed does not match its published commitment: it cannot be drawn');
    return seed;
  }
}
