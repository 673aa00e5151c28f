import { sql } from 'drizzle-orm';
import {
  deliveryMethodRow,
  deliveryMethodUpdateBody,
  storeDeliveryMethods,
  type DeliveryMethodListQuery,
  type DeliveryMethodRow,
  type StoreDeliveryMethods,
} from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { writeAudit, type AuditContext } from '../../platform/audit.ts';
import { staleVersion } from '../../platform/concurrency.ts';
import { notFound } from '../../platform/errors.ts';
import { writableColumns, type ResourceDef } from '../../platform/crud/index.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import { replaceSet, requireIds, setOf } from '../../platform/sql/link-sets.ts';

const SELECT = sql`select m.id, m.code, m.name, m.delivery_mode, m.fee, m.eta, m.description, m.position, m.status,
  (select count(*) from store_delivery_methods sm where sm.delivery_method_id = m.id)::int as store_count,
  m.created_at, m.updated_at, ub.name as updated_by_name, m.version`;
const FROM = sql`from delivery_methods m left join users ub on ub.id = m.updated_by`;

const toRow = rowReader(deliveryMethodRow);

/** Delivery methods: reference rows (seeded by the migration) whose name, mode, fee, ETA and status are edited under 3PL Setting. */
export const deliveryMethodDef: ResourceDef<DeliveryMethodRow, DeliveryMethodListQuery> = {
  entity: 'delivery-method',
  label: 'Delivery method',
  table: 'delivery_methods',
  select: SELECT,
  from: FROM,
  id: 'm.id',
  toRow,
  sort: { position: 'm.position', name: 'lower(m.name)', fee: 'm.fee', updated_at: 'm.updated_at' },
  search: (pattern) => sql`(lower(m.name) like lower(${pattern}) or lower(m.code) like lower(${pattern}))`,
  where: (q) => [q.status ? sql`m.status = ${q.status}` : undefined, q.delivery_mode ? sql`m.delivery_mode = ${q.delivery_mode}` : undefined],
  writable: writableColumns([deliveryMethodUpdateBody]),
  auditView: ({ updated_by_name: _u, store_count: _s, ...rest }) => rest,
  allLimit: 100,
};

const readStoreDeliveryMethods = rowReader(storeDeliveryMethods);

const LINK = { table: 'store_delivery_methods', owner: 'store_id', column: 'delivery_method_id', type: 'int' } as const;

/** The delivery methods a store offers, with the store's version (the set is part of its 3PL setting). */
export async function storeDeliveryMethodsOf(db: Db, storeId: number): Promise<StoreDeliveryMethods> {
  const store = (await queryRows<{ id: number; version: number }>(db, sql`select id, version from stores where id = ${storeId}`))[0];
  if (!store) throw notFound('Store');
  const methods = await queryRows(
    db,
    sql`select m.id, m.code, m.name, m.delivery_mode, m.fee, m.eta, m.status from store_delivery_methods sm
        join delivery_methods m on m.id = sm.delivery_method_id where sm.store_id = ${storeId} order by m.position, m.id`,
  );
  return readStoreDeliveryMethods({ store_id: store.id, version: store.version, delivery_method_ids: methods.map((m) => m.id), methods });
}

/**
 * Replaces the delivery methods a store offers. The store's version guards it like any edit of its 3PL setting (a stale
 * one answers 409 naming who changed the store) and moves on, with the audit entry in the same transaction.
 */
export async function saveStoreDeliveryMethods(db: Db, storeId: number, body: { delivery_method_ids: number[]; version: number }, ctx: AuditContext): Promise<StoreDeliveryMethods> {
  await db.transaction(async (tx) => {
    const store = (
      await queryRows<{ version: number; updated_at: Date | string; updated_by_name: string | null }>(
        tx,
        sql`select s.version, s.updated_at, u.name as updated_by_name from stores s left join users u on u.id = s.updated_by where s.id = ${storeId} for update of s`,
      )
    )[0];
    if (!store) throw notFound('Store');
    if (Number(store.version) !== body.version) throw staleVersion('store', store.updated_by_name, store.updated_at);
    await requireIds(tx, body.delivery_method_ids, { table: 'delivery_methods', field: 'delivery_method_ids', label: 'Delivery method' });
    const before = await setOf(tx, LINK, storeId);
    await replaceSet(tx, LINK, storeId, body.delivery_method_ids);
    await tx.execute(sql`update stores set version = version + 1, updated_at = ${ctx.now}, updated_by = ${ctx.actor?.userId ?? null} where id = ${storeId}`);
    await writeAudit(tx, ctx, {
      action: 'update',
      entity: 'store-delivery-method',
      entityId: storeId,
      before: { delivery_method_ids: before.map(Number) },
      after: { delivery_method_ids: [...body.delivery_method_ids].sort((a, b) => a - b) },
    });
  });
  return storeDeliveryMethodsOf(db, storeId);
}
