import { sql } from 'drizzle-orm';
import {
  MOBILE_OPERATOR,
  TOP_UP_PAYMENT_MINUTES,
  TOP_UP_WAITING_PAYMENT,
  appDigitalProduct,
  appTopUpDetail,
  appTopUpRow,
  operatorServes,
  stampDayOf,
  type AppDigitalProduct,
  type AppTopUpBody,
  type AppTopUpDetail,
  type AppTopUpRow,
  type MobileOperatorCode,
} from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { notFound, pgCode, unprocessable } from '../../platform/errors.ts';
import { rowReader } from '../../platform/sql/row-reader.ts';
import { TOP_UP_REFUND_DUE } from './top-up.resource.ts';

const APP_TOP_UP = sql`select t.id, t.transaction_no, t.product_name, t.product_type, t.operator, t.phone_number, t.denomination, t.amount, t.status,
  t.payment_status, t.payment_expires_at, t.serial_number, ${TOP_UP_REFUND_DUE} as refund_due, t.created_at, t.updated_at`;
const STATUSES = sql`coalesce((select json_agg(json_build_object('status', e.to_status, 'at', e.at) order by e.at, e.id)
  from top_up_events e where e.top_up_id = t.id), '[]'::json) as statuses`;

const readProduct = rowReader(appDigitalProduct);
const readRow = rowReader(appTopUpRow);
const readDetail = rowReader(appTopUpDetail);

/**
 * The consumer app's top-ups: the products on offer, buying one (waiting for its payment; a retried request with the
 * same client_ref answers the first top-up), and the consumer's own top-ups (another's is 404).
 */
export class TopUpAppService {
  constructor(private readonly db: Db) {}

  async products(q: { product_type?: number | undefined; operator?: number | undefined }): Promise<AppDigitalProduct[]> {
    const rows = await queryRows(
      this.db,
      sql`select id, product_type, operator, name, denomination, price from digital_products
        where status = 1 ${q.product_type !== undefined ? sql`and product_type = ${q.product_type}` : sql``}
          ${q.operator !== undefined ? sql`and operator = ${q.operator}` : sql``}
        order by product_type, operator, price, id limit 500`,
    );
    return rows.map(readProduct);
  }

  async buy(consumerId: number, body: AppTopUpBody, now: Date): Promise<AppTopUpDetail> {
    if (body.client_ref) {
      const earlier = await this.byClientRef(consumerId, body.client_ref);
      if (earlier) return earlier;
    }
    try {
      const id = await this.db.transaction((tx) => this.create(tx, consumerId, body, now));
      return await this.one(consumerId, id);
    } catch (err) {
      // The same request sent twice at once: the first one's top-up is the answer.
      if (pgCode(err) === '23505' && body.client_ref) {
        const earlier = await this.byClientRef(consumerId, body.client_ref);
        if (earlier) return earlier;
      }
      throw err;
    }
  }

  private async create(tx: Tx, consumerId: number, body: AppTopUpBody, now: Date): Promise<number> {
    const [product] = await queryRows<{ id: number; operator: number; status: number }>(tx, sql`select id, operator, status from digital_products where id = ${body.product_id}`);
    if (!product || Number(product.status) !== 1) throw unprocessable('This product is not on sale');
    if (!operatorServes(Number(product.operator), body.phone_number)) {
      throw unprocessable(`${body.phone_number} is not a ${MOBILE_OPERATOR.label(Number(product.operator) as MobileOperatorCode)} number: choose a product of its operator`);
    }
    const expires = new Date(now.getTime() + TOP_UP_PAYMENT_MINUTES * 60_000);
    const prefix = `TU-${stampDayOf(now).replaceAll('-', '')}-`;
    const [made] = await queryRows<{ id: number }>(
      tx,
      sql`with t as (insert into top_ups (transaction_no, consumer_id, product_id, product_type, operator, product_name, denomination, biller_code, amount,
            phone_number, status, payment_expires_at, client_ref, created_at, updated_at)
          select ${prefix} || lpad(nextval('top_up_no_seq')::text, 6, '0'), ${consumerId}, d.id, d.product_type, d.operator, d.name, d.denomination, d.biller_code,
            d.price, ${body.phone_number}, ${TOP_UP_WAITING_PAYMENT}, ${expires}, ${body.client_ref}, ${now}, ${now}
          from digital_products d where d.id = ${body.product_id} returning id)
        insert into top_up_events (top_up_id, action, from_status, to_status, actor_kind, actor_id, at)
          select id, 'buy', null, ${TOP_UP_WAITING_PAYMENT}, 'consumer', ${consumerId}, ${now} from t returning top_up_id as id`,
    );
    return Number(made?.id);
  }

  private async byClientRef(consumerId: number, clientRef: string): Promise<AppTopUpDetail | null> {
    const [row] = await queryRows<{ id: number }>(this.db, sql`select id from top_ups where consumer_id = ${consumerId} and client_ref = ${clientRef}`);
    return row ? this.one(consumerId, Number(row.id)) : null;
  }

  async mine(consumerId: number, q: { before_id?: number | undefined; limit: number }): Promise<AppTopUpRow[]> {
    const rows = await queryRows(
      this.db,
      sql`${APP_TOP_UP} from top_ups t where t.consumer_id = ${consumerId} ${q.before_id ? sql`and t.id < ${q.before_id}` : sql``} order by t.id desc limit ${q.limit}`,
    );
    return rows.map(readRow);
  }

  async one(consumerId: number, id: number): Promise<AppTopUpDetail> {
    const [row] = await queryRows(this.db, sql`${APP_TOP_UP}, ${STATUSES} from top_ups t where t.id = ${id} and t.consumer_id = ${consumerId}`);
    if (!row) throw notFound('Top-up');
    return readDetail(row);
  }
}
