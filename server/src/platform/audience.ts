import { sql, type SQL } from 'drizzle-orm';
import type { AudienceEstimate, AudienceEstimateQuery } from '@portal/contract';
import { queryRows, type Db, type Tx } from '../db/client.ts';
import { badRequest } from './errors.ts';

const CONSUMER_ACTIVE = 1;
/** Locked and withdrawn: the statuses other than Active, named so the status index serves them. */
const CONSUMER_INACTIVE = [2, 3] as const;
const APP_MEMBER = 1;
const TARGETED = 1;

const list = <T>(values: readonly T[]): SQL => sql.join(values.map((v) => sql`${v}`), sql`, `);
const IS_MEMBER = sql`exists (select 1 from members m where m.consumer_id = c.id)`;

/**
 * The estimated audience of a targeting (content items, coupons): the active consumers it reaches, counted exactly when asked.
 * Non-targeted reaches every active consumer of the member scope; targeted those having any chosen tag or whose domicile
 * province is any chosen region (each tag and region adds its consumers; a consumer counts once). App Member keeps the
 * consumers holding a membership (`members`).
 *
 * Each count is shaped to start from the narrow side through an index, since a single `status = 1 and (province or tag)`
 * scans every consumer (about 0.5-1 s at a million, measured): a targeted count is the consumers of the chosen provinces
 * (`consumers_province_idx`) plus those of the chosen tags living elsewhere (`consumer_tags_tag_idx`, then the primary
 * key), two disjoint counts run side by side; the app members of a non-targeted item are every membership minus those
 * of locked and withdrawn consumers (few, through `consumers_status_idx`).
 */
export class AudienceService {
  constructor(private readonly db: Db) {}

  async estimate(q: AudienceEstimateQuery): Promise<AudienceEstimate> {
    const members = q.member_scope === APP_MEMBER;
    if (q.targeting !== TARGETED) {
      const n = members
        ? sql`select (select count(*) from members) - (select count(*) from consumers c where c.status in (${list(CONSUMER_INACTIVE)}) and ${IS_MEMBER}) as n`
        : sql`select count(*) as n from consumers c where c.status = ${CONSUMER_ACTIVE}`;
      return { consumers: await this.count(n) };
    }
    const scope = members ? sql`and ${IS_MEMBER}` : sql``;
    const counts: Promise<number>[] = [];
    const provinces = q.province_codes.length ? sql`c.province_code in (${list(q.province_codes)})` : null;
    if (provinces) counts.push(this.count(sql`select count(*) as n from consumers c where ${provinces} and c.status = ${CONSUMER_ACTIVE} ${scope}`));
    if (q.consumer_tag_ids.length) {
      const elsewhere = provinces ? sql`and (c.province_code is null or not ${provinces})` : sql``;
      counts.push(
        this.count(sql`select count(*) as n from consumers c
          where c.id in (select t.consumer_id from consumer_tags t where t.tag_id in (${list(q.consumer_tag_ids)}))
            and c.status = ${CONSUMER_ACTIVE} ${elsewhere} ${scope}`),
      );
    }
    const parts = await Promise.all(counts);
    return { consumers: parts.reduce((a, b) => a + b, 0) };
  }

  private async count(query: SQL): Promise<number> {
    const rows = await queryRows<{ n: number | string }>(this.db, query);
    return Number(rows[0]?.n ?? 0);
  }
}

/** Refuses (400 on `province_codes`) a targeting's regions that name no province. */
export async function requireProvinces(tx: Tx, codes: readonly string[]): Promise<void> {
  if (!codes.length) return;
  const found = await queryRows<{ code: string }>(tx, sql`select code from provinces where code in (${sql.join(codes.map((c) => sql`${c}`), sql`, `)})`);
  const known = new Set(found.map((r) => String(r.code)));
  const missing = codes.filter((c) => !known.has(c));
  if (missing.length) {
    const message = `Region ${missing.join(', ')} does not exist`;
    throw badRequest(message, [{ path: 'province_codes', message }]);
  }
}

/**
 * Whether the consumer `c` (an alias of `consumers`) is in the audience of the targeting columns of `t` (an alias of a
 * row with targeting, member_scope, consumer_tag_ids and province_codes): the same reach the estimate counts.
 */
export function admits(t: string, c: string): SQL {
  const T = sql.raw(t);
  const C = sql.raw(c);
  return sql`${C}.status = ${CONSUMER_ACTIVE}
    and (${T}.member_scope <> ${APP_MEMBER} or exists (select 1 from members m where m.consumer_id = ${C}.id))
    and (${T}.targeting <> ${TARGETED} or ${C}.province_code = any(${T}.province_codes)
      or exists (select 1 from consumer_tags ct where ct.consumer_id = ${C}.id and ct.tag_id = any(${T}.consumer_tag_ids)))`;
}
