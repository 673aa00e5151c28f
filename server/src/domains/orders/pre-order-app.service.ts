import { sql } from 'drizzle-orm';
import { appPreOrderEvent, type AppPreOrderEvent } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';

const readEvent = rowReader(appPreOrderEvent);

/** The consumer app's side of pre-order events: the active ones whose order window is open now. */
export class PreOrderAppService {
  constructor(private readonly db: Db) {}

  async openEvents(now: Date): Promise<AppPreOrderEvent[]> {
    const at = now.toISOString();
    const rows = await queryRows(
      this.db,
      sql`select e.code, e.name, e.description, e.order_start, e.order_end, e.collection_start::text as collection_start, e.collection_end::text as collection_end,
          coalesce((select json_agg(json_build_object('code', s.code, 'name', s.name) order by s.code)
            from pre_order_event_stores x join stores s on s.id = x.store_id where x.event_id = e.id and s.status = 1), '[]'::json) as stores,
          coalesce((select json_agg(json_build_object('plu', p.plu, 'name', p.name, 'remaining', x.quota - x.ordered) order by p.plu)
            from pre_order_event_products x join products p on p.id = x.product_id where x.event_id = e.id and p.status = 1), '[]'::json) as products
        from pre_order_events e
        where e.status = 1 and e.order_start <= ${at}::timestamptz and e.order_end > ${at}::timestamptz
        order by e.order_end, e.id limit 50`,
    );
    return rows.map(readEvent);
  }
}
