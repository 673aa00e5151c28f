import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../src/db/client.ts';

/**
 * The query that exports of one record's rows take, by export name: the survey with most answers, the codes of the coupon with most of
 * them, a drawn raffle's entries. The COPY-equals-batched test and the exports benchmark read the same records.
 */
export async function exportRecordQueries(db: Db): Promise<Record<string, Record<string, unknown>>> {
  const [form] = await queryRows<{ id: number }>(db, sql`select id from forms order by response_count desc, id limit 1`);
  const [coupon] = await queryRows<{ id: number }>(db, sql`select id from coupon_settings order by codes_made desc, id limit 1`);
  const [raffle] = await queryRows<{ id: number }>(db, sql`select id from raffles where drawn_at is not null order by id limit 1`);
  return {
    response: { form_id: form?.id },
    'Export-coupon_code': { coupon_setting_id: coupon?.id },
    'Export-raffle': { raffle_id: raffle?.id },
  };
}
