import { sql, type SQL } from 'drizzle-orm';
import { CODE_ALPHABETS, CODE_ROOM_FACTOR, COUPON_CODES_GENERATING, formatCount, patternCapacity, type CouponCodesBody } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../../platform/audit.ts';
import { staleVersion } from '../../platform/concurrency.ts';
import { conflict, notFound, unprocessable } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/jobs.ts';

export const COUPON_CODES_JOB = 'coupons.generate-codes';
const READY = 2;
const FAILED = 3;
/** Candidates drawn per statement: large batches keep a million codes to a few dozen statements. */
const BATCH = 100_000;
/** Rounds in a row that add nothing before the job gives up (the pattern is too full to find free codes). */
const BARREN_ROUNDS = 5;

/** One random code of the pattern, as SQL: each placeholder a random character of its alphabet, the rest as written. */
export function codeExpression(pattern: string): SQL {
  // The contract admits only A-Z, 0-9, #, *, dot, dash and underscore: nothing to escape in a literal.
  const parts = [...pattern].map((ch) => {
    const alphabet = CODE_ALPHABETS[ch];
    return alphabet ? `substr('${alphabet}', 1 + floor(random() * ${alphabet.length})::int, 1)` : `'${ch}'`;
  });
  return sql.raw(parts.join(' || '));
}

/**
 * A coupon's unique codes, made from a pattern by a background job: asked for once, before the first claim, when the
 * pattern has room for ten times the quota; the job draws codes in SQL in large batches (`on conflict do nothing` drops
 * repeats) and records its progress on the coupon after each batch.
 */
export class CouponCodeService {
  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
  ) {}

  async request(id: number, body: CouponCodesBody, ctx: AuditContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [s] = await queryRows<{ version: number; quota: number; claimed: number; codes_state: number; updated_at: string; updated_by_name: string | null }>(
        tx,
        sql`select s.version, s.quota, s.claimed, s.codes_state, s.updated_at, u.name as updated_by_name
            from coupon_settings s left join users u on u.id = s.updated_by where s.id = ${id} for update of s`,
      );
      if (!s) throw notFound('Coupon setting');
      if (s.version !== body.version) throw staleVersion('coupon setting', s.updated_by_name, s.updated_at);
      if (s.codes_state !== 0) throw conflict('Codes have already been generated for this coupon');
      if (s.claimed > 0) throw conflict('This coupon already has claims: codes are generated before the first claim');
      const room = patternCapacity(body.pattern);
      const needed = s.quota * CODE_ROOM_FACTOR;
      if (room < needed) {
        throw unprocessable(
          `The pattern ${body.pattern} has room for ${formatCount(room)} codes; a quota of ${formatCount(s.quota)} needs room for at least ${formatCount(needed)} (ten times the quota)`,
        );
      }
      await tx.execute(sql`update coupon_settings set code_pattern = ${body.pattern}, codes_state = ${COUPON_CODES_GENERATING}, codes_wanted = quota, codes_made = 0,
        version = version + 1, updated_at = ${ctx.now}, updated_by = ${ctx.actor?.userId ?? null} where id = ${id}`);
      await writeAudit(tx, ctx, { action: 'generate-codes', entity: 'coupon-setting', entityId: id, after: { code_pattern: body.pattern, codes_wanted: s.quota } });
      await this.jobs.send(COUPON_CODES_JOB, { coupon_setting_id: id }, { tx, singletonKey: `coupon:${id}` });
    });
  }

  /** The job: draws codes until the coupon has as many as it wants (safe to run again after a restart). */
  async generate(id: number): Promise<void> {
    const [s] = await queryRows<{ code_pattern: string | null; codes_state: number; codes_wanted: number }>(
      this.db,
      sql`select code_pattern, codes_state, codes_wanted from coupon_settings where id = ${id}`,
    );
    if (!s?.code_pattern || s.codes_state !== COUPON_CODES_GENERATING) return;
    const code = codeExpression(s.code_pattern);
    let barren = 0;
    // Counted once (a rerun after a restart resumes from what is there), then kept by what each round adds: a count of
    // a million rows after every round would cost more than the round.
    let made = await this.count(this.db, id);
    for (;;) {
      const missing = s.codes_wanted - made;
      await this.db.execute(sql`update coupon_settings set codes_made = ${made} where id = ${id}`);
      if (missing <= 0) {
        await this.db.execute(sql`update coupon_settings set codes_state = ${READY} where id = ${id}`);
        return;
      }
      const [added] = await queryRows<{ n: number | string }>(
        this.db,
        sql`with added as (insert into coupon_codes (coupon_setting_id, code) select ${id}, ${code} from generate_series(1, ${Math.min(missing, BATCH)})
              on conflict do nothing returning 1) select count(*) as n from added`,
      );
      made += Number(added?.n ?? 0);
      barren = Number(added?.n ?? 0) === 0 ? barren + 1 : 0;
      if (barren >= BARREN_ROUNDS) {
        await this.db.execute(sql`update coupon_settings set codes_state = ${FAILED} where id = ${id}`);
        return;
      }
    }
  }

  /** Takes a free code of the coupon for a claim, inside the claim's transaction; null when none is free. */
  static async take(tx: Tx, id: number): Promise<string | null> {
    const rows = await queryRows<{ code: string }>(
      tx,
      sql`update coupon_codes set taken = true
          where id = (select id from coupon_codes where coupon_setting_id = ${id} and not taken order by id limit 1 for update skip locked) returning code`,
    );
    return rows[0]?.code ?? null;
  }

  private async count(db: Db, id: number): Promise<number> {
    const [row] = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from coupon_codes where coupon_setting_id = ${id}`);
    return Number(row?.n ?? 0);
  }
}
