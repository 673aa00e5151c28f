import { sql } from 'drizzle-orm';
import {
  consumerActivityRow,
  consumerAddressRow,
  consumerCouponDetail,
  consumerCouponRow,
  maskPhone,
  posSaleRow,
  stampLedgerRow,
  STAMP_IN_CODES,
  STAMP_OUT_CODES,
  stampDirectionOf,
  type ConsumerActivityRow,
  type ConsumerAddressRow,
  type ConsumerAddressUpdate,
  type ConsumerCouponDetail,
  type ConsumerCouponRow,
  type ConsumerHistoryQuery,
  type ListMeta,
  type PosSaleRow,
  type StampHistoryQuery,
  type StampLedgerRow,
} from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../../platform/audit.ts';
import { staleVersion } from '../../platform/concurrency.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { pagedList, whereOf, type PageRequest } from '../../platform/pagination.ts';
import { checkRegionChain } from '../../platform/region-chain.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

interface Page<T> {
  data: T[];
  meta: ListMeta;
}

const ADDRESS_SELECT = sql`select a.id, a.consumer_id, a.label, a.recipient_name, a.recipient_phone, a.address_line, a.province_code, pr.name as province_name,
  a.regency_code, rg.name as regency_name, a.district_code, d.name as district_name, a.village_code, v.name as village_name, a.postal_code,
  a.latitude, a.longitude, a.is_primary, a.created_at, a.updated_at, ub.name as updated_by_name, a.version`;
const ADDRESS_FROM = sql`from consumer_addresses a join provinces pr on pr.code = a.province_code join regencies rg on rg.code = a.regency_code
  left join districts d on d.code = a.district_code left join villages v on v.code = a.village_code left join users ub on ub.id = a.updated_by`;

const toAddress = rowReader(consumerAddressRow);
const readStamp = rowReader(stampLedgerRow.omit({ direction: true }));
const toStamp = (r: Record<string, unknown>): StampLedgerRow => {
  const row = readStamp(r);
  return { ...row, direction: stampDirectionOf(row.code) };
};
const toCoupon = rowReader(consumerCouponRow);
const toCouponDetail = rowReader(consumerCouponDetail);
const toPosSale = rowReader(posSaleRow);
const toActivity = rowReader(consumerActivityRow);

/** An address as the caller may see it: the recipient's phone masked without the personal-data right. */
export const presentAddress = (row: ConsumerAddressRow, unmasked: boolean): ConsumerAddressRow =>
  unmasked ? row : { ...row, recipient_phone: maskPhone(row.recipient_phone) ?? '' };

const newestFirst = sql`at desc, id desc`;
const pageOf = (q: PageRequest): PageRequest => ({ page: q.page, limit: q.limit, with_total: q.with_total });

/** The sub-lists of the one-customer view, each scoped to its consumer (404 for a consumer that does not exist). */
export class ConsumerHistoryService {
  constructor(private readonly db: Db) {}

  /** The consumer's id when it exists, else 404. */
  async requireConsumer(id: number, tx: Db | Tx = this.db): Promise<number> {
    const found = await queryRows(tx, sql`select 1 from consumers where id = ${id}`);
    if (!found.length) throw notFound('Consumer');
    return id;
  }

  async addresses(consumerId: number, q: ConsumerHistoryQuery): Promise<Page<ConsumerAddressRow>> {
    await this.requireConsumer(consumerId);
    const page = await pagedList(this.db, {
      select: ADDRESS_SELECT,
      from: ADDRESS_FROM,
      where: whereOf([sql`a.consumer_id = ${consumerId}`]),
      orderBy: sql`a.is_primary desc, a.id`,
      page: pageOf(q),
    });
    return { data: page.data.map(toAddress), meta: page.meta };
  }

  async address(consumerId: number, addressId: number, tx: Db | Tx = this.db): Promise<ConsumerAddressRow> {
    const rows = await queryRows(tx, sql`${ADDRESS_SELECT} ${ADDRESS_FROM} where a.id = ${addressId} and a.consumer_id = ${consumerId}`);
    if (!rows[0]) throw notFound('Address');
    return toAddress(rows[0]);
  }

  /** Saves an address with its whole region chain (each code must exist and lie inside the one above it). */
  async updateAddress(consumerId: number, addressId: number, body: ConsumerAddressUpdate, ctx: AuditContext): Promise<ConsumerAddressRow> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from consumer_addresses where id = ${addressId} for update`);
      const before = await this.address(consumerId, addressId, tx);
      if (before.version !== body.version) throw staleVersion('address', before.updated_by_name, before.updated_at);
      checkRegionChain(body);
      const refs: [keyof ConsumerAddressUpdate, string, string][] = [
        ['province_code', 'provinces', 'Province'],
        ['regency_code', 'regencies', 'Regency / city'],
        ['district_code', 'districts', 'District'],
        ['village_code', 'villages', 'Village'],
      ];
      for (const [field, table, label] of refs) {
        const found = await queryRows(tx, sql`select 1 from ${sql.identifier(table)} where code = ${body[field]}`);
        if (!found.length) throw badRequest(`${label} ${String(body[field])} does not exist`, [{ path: field, message: `${label} does not exist` }]);
      }
      await tx.execute(sql`update consumer_addresses set label = ${body.label}, recipient_name = ${body.recipient_name}, address_line = ${body.address_line},
        province_code = ${body.province_code}, regency_code = ${body.regency_code}, district_code = ${body.district_code}, village_code = ${body.village_code},
        postal_code = ${body.postal_code ?? null}, latitude = ${body.latitude ?? null}, longitude = ${body.longitude ?? null}, version = version + 1, updated_at = ${ctx.now}, updated_by = ${ctx.actor?.userId ?? null}
        where id = ${addressId}`);
      const after = await this.address(consumerId, addressId, tx);
      const view = ({ recipient_phone: _p, updated_by_name: _u, province_name: _pn, regency_name: _rn, district_name: _dn, village_name: _vn, ...rest }: ConsumerAddressRow) => rest;
      await writeAudit(tx, ctx, { action: 'update', entity: 'consumer-address', entityId: addressId, before: view(before), after: view(after) });
      return after;
    });
  }

  async stamps(consumerId: number, q: StampHistoryQuery): Promise<Page<StampLedgerRow>> {
    await this.requireConsumer(consumerId);
    const codes: readonly number[] | null = q.direction === 'in' ? STAMP_IN_CODES : q.direction === 'out' ? STAMP_OUT_CODES : null;
    const page = await pagedList(this.db, {
      select: sql`select l.id, l.code, l.quantity, l.balance_after, p.name as programme_name, s.name as store_name, l.reference, l.note, l.at`,
      from: sql`from stamp_ledger l join stamp_programmes p on p.id = l.programme_id left join stores s on s.id = l.store_id`,
      where: whereOf([sql`l.consumer_id = ${consumerId}`, codes ? sql`l.code in (${sql.join(codes.map((c) => sql`${c}`), sql`, `)})` : undefined]),
      orderBy: sql`l.at desc, l.id desc`,
      page: pageOf(q),
    });
    return {
      data: page.data.map(toStamp),
      meta: page.meta,
    };
  }

  private static readonly COUPON_SELECT = sql`select k.id, k.coupon_code, k.name, k.reward_name, k.reward_id, k.status, k.claimed_at, k.redeemed_at, k.expires_at,
    s.name as store_name, s.code as store_code, k.description, k.stamps_used, k.pos_receipt_no`;
  private static readonly COUPON_FROM = sql`from consumer_coupons k left join stores s on s.id = k.store_id`;

  async coupons(consumerId: number, q: ConsumerHistoryQuery): Promise<Page<ConsumerCouponRow>> {
    await this.requireConsumer(consumerId);
    const page = await pagedList(this.db, {
      select: ConsumerHistoryService.COUPON_SELECT,
      from: ConsumerHistoryService.COUPON_FROM,
      where: whereOf([sql`k.consumer_id = ${consumerId}`]),
      orderBy: sql`k.claimed_at desc, k.id desc`,
      page: pageOf(q),
    });
    return { data: page.data.map(toCoupon), meta: page.meta };
  }

  async coupon(consumerId: number, couponId: number): Promise<ConsumerCouponDetail> {
    const rows = await queryRows(
      this.db,
      sql`${ConsumerHistoryService.COUPON_SELECT} ${ConsumerHistoryService.COUPON_FROM} where k.id = ${couponId} and k.consumer_id = ${consumerId}`,
    );
    const r = rows[0];
    if (!r) throw notFound('Coupon');
    return toCouponDetail(r);
  }

  async posSales(consumerId: number, q: ConsumerHistoryQuery): Promise<Page<PosSaleRow>> {
    await this.requireConsumer(consumerId);
    const page = await pagedList(this.db, {
      select: sql`select p.id, p.receipt_no, s.code as store_code, s.name as store_name, p.total, p.item_count, p.stamps_earned, p.at`,
      from: sql`from pos_sales p left join stores s on s.id = p.store_id`,
      where: whereOf([sql`p.consumer_id = ${consumerId}`]),
      orderBy: sql`p.at desc, p.id desc`,
      page: pageOf(q),
    });
    return {
      data: page.data.map(toPosSale),
      meta: page.meta,
    };
  }

  async activity(consumerId: number, q: ConsumerHistoryQuery): Promise<Page<ConsumerActivityRow>> {
    await this.requireConsumer(consumerId);
    const page = await pagedList(this.db, {
      select: sql`select id, activity, description, platform, actor_name, at`,
      from: sql`from consumer_activity`,
      where: whereOf([sql`consumer_id = ${consumerId}`]),
      orderBy: newestFirst,
      page: pageOf(q),
    });
    return {
      data: page.data.map(toActivity),
      meta: page.meta,
    };
  }
}
