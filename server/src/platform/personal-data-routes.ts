import type { FastifyInstance } from 'fastify';
import type { AnyEndpoint, ListMeta } from '@portal/contract';
import { actorOf } from './access-guard.ts';
import { seesPersonalData, type PersonalDataAccessLog } from './personal-data.ts';
import { serve } from './serve.ts';

/** A read-only resource whose rows name a consumer: its list and its record. */
export interface ConsumerRecords<Row extends { consumer_id: number }, Q> {
  list(q: Q): Promise<{ data: Row[]; meta: ListMeta }>;
  get(id: number): Promise<Row>;
}

/**
 * The list and detail routes of records that show a consumer's contact (the coupon log, stamp coupons): masked by
 * `present` without the personal-data right; an unmasked page or record is recorded in the access log.
 */
export function serveConsumerRecords<Row extends { consumer_id: number }, Q, Shown>(
  app: FastifyInstance,
  api: { list: AnyEndpoint; get: AnyEndpoint },
  records: ConsumerRecords<Row, Q>,
  accessLog: PersonalDataAccessLog,
  present: (row: Row, unmasked: boolean) => Shown,
): void {
  serve(app, api.list, async (req) => {
    const page = await records.list(req.query as Q);
    const open = seesPersonalData(actorOf(req).perms);
    await accessLog.recordIf(open, req, api.list, page.data.map((r) => r.consumer_id));
    return { message: 'Success', data: { ...page, data: page.data.map((r) => present(r, open)) } };
  });
  serve(app, api.get, async (req) => {
    const row = await records.get((req.params as { id: number }).id);
    const open = seesPersonalData(actorOf(req).perms);
    await accessLog.recordIf(open, req, api.get, [row.consumer_id]);
    return { message: 'Success', data: present(row, open) };
  });
}
