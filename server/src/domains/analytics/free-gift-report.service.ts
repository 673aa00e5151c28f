import { sql, type SQL } from 'drizzle-orm';
import {
  freeGiftHandoverRow,
  freeGiftProgramme,
  freeGiftReportTotals,
  promoReportOption,
  type AnalyticsQuery,
  type FreeGiftHandoverRow,
  type FreeGiftProgramme,
  type FreeGiftProgrammeQuery,
  type FreeGiftReportQuery,
  type FreeGiftReportTotals,
  type FreeGiftReportTotalsQuery,
  type ListMeta,
} from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { listOnly, ResourceService, type ListOnly, type ResourceDef } from '../../platform/crud/index.ts';
import { notFound } from '../../platform/errors.ts';
import { likePattern } from '../../platform/pagination.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import { rollupRows, type RollupLevel } from './rollup-source.ts';
import { tillPeriod, tillPlaces, todayOf } from './till-report-sql.ts';

/*
 * The Free Gift Report: the gifts the tills handed over with their receipts (sales_gifts, written with the receipt),
 * newest first through the hand-overs' own indexes (time; programme, store, each with time). The member is the one
 * whose card the receipt scanned; the routes mask the phone without the personal-data right. The figures (totals, a
 * programme's by store and by day) read the gift rollup (sales_gift_day and _month, a family of the sales rollups),
 * per programme: a receipt with the gifts of two programmes counts in each.
 */

const GIFTS = sql`from sales_gifts g`;
/** The hand-over's programme, product, receipt, store and member; `c` the consumer (its phone is personal data). */
export const HANDOVER_FROM = sql`${GIFTS} join free_gifts f on f.id = g.free_gift_id join sales_transactions t on t.id = g.transaction_pk
  join stores s on s.id = g.store_id left join products p on p.id = g.product_id left join consumers c on c.id = g.consumer_id`;
/** The hand-over's columns but the member's phone, which each reader shows its way. */
export const HANDOVER_COLUMNS = sql`g.id, g.at, g.free_gift_id, f.code as gift_code, f.name as gift_name, g.plu, p.name as product_name, g.quantity,
  t.transaction_id as receipt_no, t.total as receipt_amount, s.code as store_code, s.name as store_name, g.consumer_id, c.name as consumer_name`;

export function handoverConditions(q: FreeGiftReportTotalsQuery, today: string): (SQL | undefined)[] {
  const p = tillPeriod(q, today);
  return [sql`g.at >= ${p.start} and g.at < ${p.end}`, tillPlaces('g.store_id', q), q.free_gift_id ? sql`g.free_gift_id = ${q.free_gift_id}` : undefined];
}

type HandoverQuery = FreeGiftReportQuery & { sort_by: string; sort_dir: 'asc' | 'desc' };

const handoverDef = (clock: Clock): ResourceDef<ListOnly<FreeGiftHandoverRow>, HandoverQuery> => ({
  entity: 'free-gift',
  label: 'Free gift hand-over',
  table: 'sales_gifts',
  select: sql`select ${HANDOVER_COLUMNS}, c.phone as consumer_phone, g.at as updated_at`,
  from: HANDOVER_FROM,
  countFrom: () => GIFTS,
  pageFrom: () => GIFTS,
  id: 'g.id',
  toRow: listOnly(rowReader(freeGiftHandoverRow)),
  sort: { at: 'g.at' },
  where: (q) => handoverConditions(q, todayOf(clock)),
  writable: [],
});

/** The hand-over figures of a set of gift rollup rows (`r`). */
const FIGURES = sql.raw(['handovers', 'receipts', 'quantity', 'member_receipts'].map((k) => `coalesce(sum(r.${k}), 0) as ${k}`).join(', '));

/** The gift rollup's rows of a period and places (Jakarta days), at a level, for a programme or all. */
function giftRows(q: FreeGiftReportTotalsQuery, today: string, level: RollupLevel = 'filtered', grain: 'any' | 'day' = 'any'): SQL {
  const aq: AnalyticsQuery = { from: q.from, to: q.to, store_code: q.store_code, province_code: q.province_code, basis: 'wib' };
  const rows = rollupRows('sales_gift', aq, tillPeriod(q, today), level, grain);
  return sql`from ${rows} r ${q.free_gift_id ? sql`where r.free_gift_id = ${q.free_gift_id}` : sql``}`;
}

const readTotals = rowReader(freeGiftReportTotals);
const readProgramme = rowReader(freeGiftProgramme);
const readOption = rowReader(promoReportOption);

export class FreeGiftReportService {
  private readonly handovers: ResourceService<ListOnly<FreeGiftHandoverRow>, HandoverQuery>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.handovers = new ResourceService(handoverDef(clock), db);
  }

  /** A page of hand-overs, newest first (the report takes no sort). */
  list(q: FreeGiftReportQuery): Promise<{ data: ListOnly<FreeGiftHandoverRow>[]; meta: ListMeta }> {
    return this.handovers.list({ ...q, sort_by: 'at', sort_dir: 'desc' });
  }

  async totals(q: FreeGiftReportTotalsQuery): Promise<FreeGiftReportTotals> {
    const p = tillPeriod(q, todayOf(this.clock));
    const [row] = await queryRows(this.db, sql`select ${p.from}::text as "from", ${p.to}::text as "to", count(distinct r.free_gift_id) as programmes, ${FIGURES} ${giftRows(q, todayOf(this.clock))}`);
    return readTotals(row ?? {});
  }

  /** One programme over the period and places: what it is, and its hand-overs in all, per store and per Jakarta day. */
  async programme(id: number, q: FreeGiftProgrammeQuery): Promise<FreeGiftProgramme> {
    const [gift] = await queryRows(
      this.db,
      sql`select f.id, f.code, f.name, f.min_purchase, f.start_date::text as start_date, f.end_date::text as end_date, f.status,
          coalesce((select json_agg(json_build_object('plu', p.plu, 'product_name', p.name, 'quantity', x.quantity) order by p.plu)
            from free_gift_products x join products p on p.id = x.product_id where x.free_gift_id = f.id), '[]'::json) as gifts
        from free_gifts f where f.id = ${id}`,
    );
    if (!gift) throw notFound('Free gift');
    const today = todayOf(this.clock);
    const p = tillPeriod(q, today);
    const one = { ...q, free_gift_id: id };
    const [totals] = await queryRows(this.db, sql`select ${FIGURES} ${giftRows(one, today)}`);
    const byStore = await queryRows(
      this.db,
      sql`select s.code as store_code, s.name as store_name, x.* from (select r.store_id, ${FIGURES} ${giftRows(one, today, 'stores')} group by r.store_id) x
        join stores s on s.id = x.store_id order by x.handovers desc, s.code`,
    );
    const byDay = await queryRows(this.db, sql`select r.key::text as day, ${FIGURES} ${giftRows(one, today, 'filtered', 'day')} group by r.key order by r.key desc`);
    return readProgramme({ ...gift, from: p.from, to: p.to, totals, by_store: byStore, by_day: byDay });
  }

  /** Free-gift programmes by code or name for the filter, newest first. */
  async options(search: string | undefined, limit: number) {
    const where = search ? sql`where lower(code) like lower(${likePattern(search)}) or lower(name) like lower(${likePattern(search)})` : sql``;
    const rows = await queryRows(this.db, sql`select id, code, name from free_gifts ${where} order by start_date desc, id desc limit ${limit}`);
    return rows.map(readOption);
  }
}
