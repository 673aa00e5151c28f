import { sql } from 'drizzle-orm';
import { storeCreateBody, storeDeliveryUpdateBody, storeRow, storeUpdateBody, type StoreListQuery, type StoreRow } from '@portal/contract';
import { writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import { checkRegionChain } from '../../platform/region-chain.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

const SELECT = sql`select s.id, s.code, s.name, s.address, s.province_code, pr.name as province_name, s.regency_code, rg.name as regency_name,
  s.district_code, d.name as district_name, s.village_code, v.name as village_name, s.postal_code, s.latitude, s.longitude, s.phone, s.email,
  s.open_time, s.close_time, s.is_pickup, s.is_delivery, s.delivery_mode, s.delivery_radius_km, s.min_order, s.group_store_id,
  g.name as group_store_name, s.status, s.created_at, s.updated_at, ub.name as updated_by_name, s.version`;
const FROM = sql`from stores s join provinces pr on pr.code = s.province_code join regencies rg on rg.code = s.regency_code
  left join districts d on d.code = s.district_code left join villages v on v.code = s.village_code
  left join group_stores g on g.id = s.group_store_id left join users ub on ub.id = s.updated_by`;

export const toStoreRow = rowReader(storeRow);

export const storeDef: ResourceDef<StoreRow, StoreListQuery> = {
  entity: 'store',
  label: 'Store',
  table: 'stores',
  select: SELECT,
  from: FROM,
  id: 's.id',
  toRow: toStoreRow,
  sort: { code: 'lower(s.code)', name: 'lower(s.name)', updated_at: 's.updated_at', created_at: 's.created_at' },
  search: (pattern) => sql`(lower(s.name) like lower(${pattern}) or lower(s.code) like lower(${pattern}))`,
  where: (q) => [
    q.status ? sql`s.status = ${q.status}` : undefined,
    q.province_code ? sql`s.province_code = ${q.province_code}` : undefined,
    q.regency_code ? sql`s.regency_code = ${q.regency_code}` : undefined,
    q.delivery_mode ? sql`s.delivery_mode = ${q.delivery_mode}` : undefined,
    q.group_store_id ? sql`s.group_store_id = ${q.group_store_id}` : undefined,
    q.is_delivery === undefined ? undefined : sql`s.is_delivery = ${q.is_delivery}`,
  ],
  // The 3PL setting (delivery mode, radius, minimum order) is an update of the store too.
  writable: writableColumns([storeCreateBody, storeUpdateBody, storeDeliveryUpdateBody]),
  references: [
    { column: 'province_code', table: 'provinces', key: 'code', label: 'Province' },
    { column: 'regency_code', table: 'regencies', key: 'code', label: 'Regency / city' },
    { column: 'district_code', table: 'districts', key: 'code', label: 'District' },
    { column: 'village_code', table: 'villages', key: 'code', label: 'Village' },
    { column: 'group_store_id', table: 'group_stores', label: 'Group store' },
  ],
  unique: [{ column: 'code', label: 'Store code', caseInsensitive: true }],
  /** The chosen regency, district and village must lie inside the chosen province, regency and district. */
  check: async (_tx, body, current) => checkRegionChain({ ...current, ...body }),
  auditView: ({ updated_by_name: _u, province_name: _p, regency_name: _r, district_name: _d, village_name: _v, group_store_name: _g, ...rest }) => rest,
};
