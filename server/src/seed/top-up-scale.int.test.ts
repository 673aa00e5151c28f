import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TOP_UP_CANCELLED, TOP_UP_PAID, TOP_UP_STATUS, TOP_UP_TRANSITIONS, TOP_UP_WAITING_PAYMENT, canTopUp, operatorServes, type TopUpAction } from '@portal/contract';
import { queryRows } from '../db/client.ts';
import { useHarness } from '../../test/harness.ts';
import { generateTopUps } from './top-up-scale.ts';

describe('the top-up scale generator', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;

  it('writes top-ups that hold to the workflow, their timelines and the columns the services keep', async () => {
    const now = new Date();
    const [before] = await queryRows<{ n: number; max: number }>(db(), sql`select count(*)::int as n, coalesce(max(id), 0)::int as max from top_ups`);
    // Three days of them: young ones still unpaid or open with the biller, older ones closed.
    const made = await generateTopUps(db(), { topUps: 3_000, days: 3, now });
    expect(made.topUps).toBe(3_000);
    const generated = sql`t.id > ${Number(before?.max)}`;
    expect(Number((await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from top_ups`))[0]?.n)).toBe(Number(before?.n) + 3_000);

    const broken = await queryRows(
      db(),
      sql`select t.id from top_ups t join digital_products p on p.id = t.product_id where ${generated} and (
        t.status <> (select e.to_status from top_up_events e where e.top_up_id = t.id order by e.at desc, e.id desc limit 1)
        or t.version <> (select count(*) from top_up_events e where e.top_up_id = t.id)
        or t.updated_at <> (select max(e.at) from top_up_events e where e.top_up_id = t.id)
        or t.created_at <> (select min(e.at) from top_up_events e where e.top_up_id = t.id)
        or t.attempts <> (select count(*) from top_up_events e where e.top_up_id = t.id and e.action in ('send', 'retry'))
        or (t.paid_at is not null) <> (t.payment_status = 'PAID')
        or (t.paid_at is not null) <> exists (select 1 from top_up_events e where e.top_up_id = t.id and e.action = 'pay' and e.at = t.paid_at)
        or (t.serial_number is not null) <> exists (select 1 from top_up_events e where e.top_up_id = t.id and e.action = 'biller_success')
        or (t.status = ${TOP_UP_CANCELLED}) <> (t.cancel_reason is not null)
        or (t.status = ${TOP_UP_WAITING_PAYMENT} and t.payment_expires_at <= ${now})
        or (t.payment_status = 'EXPIRED' and (select max(e.at) from top_up_events e where e.top_up_id = t.id) < t.payment_expires_at)
        or t.amount <> p.price or t.product_name <> p.name or t.operator <> p.operator or t.denomination <> p.denomination
        or t.created_at > ${now} or t.created_at < ${now}::timestamptz - interval '3 days 1 minute'
        or (t.updated_by is not null) <> ((select e.actor_kind from top_up_events e where e.top_up_id = t.id order by e.at desc, e.id desc limit 1) = 'staff'))`,
    );
    expect(broken).toEqual([]);
    const numbers = await queryRows<{ phone_number: string; operator: number }>(db(), sql`select phone_number, operator from top_ups t where ${generated}`);
    expect(numbers.filter((t) => !operatorServes(Number(t.operator), t.phone_number))).toEqual([]);

    // Every timeline is a walk of the declared workflow from the purchase, in time order.
    const timelines = await queryRows<{ steps: { action: string; from: number | null; to: number }[] }>(
      db(),
      sql`select json_agg(json_build_object('action', e.action, 'from', e.from_status, 'to', e.to_status) order by e.at, e.id) as steps
        from top_ups t join top_up_events e on e.top_up_id = t.id where ${generated} group by t.id`,
    );
    const walks = new Set<string>();
    for (const t of timelines) {
      const [first, ...rest] = t.steps;
      expect(first).toEqual({ action: 'buy', from: null, to: TOP_UP_WAITING_PAYMENT });
      let status = TOP_UP_WAITING_PAYMENT;
      for (const s of rest) {
        expect(s.from).toBe(status);
        expect(canTopUp(s.action as TopUpAction, status)).toBe(true);
        status = TOP_UP_TRANSITIONS[s.action as TopUpAction].to;
        expect(s.to).toBe(status);
      }
      walks.add(t.steps.map((s) => s.action).join(' '));
    }
    expect(walks.size).toBe(12);
    const statuses = await queryRows<{ status: number }>(db(), sql`select distinct status from top_ups t where ${generated}`);
    // Payment successful (Paid) is sent to the biller at once: no top-up rests there.
    expect(statuses.map((s) => Number(s.status)).sort()).toEqual(TOP_UP_STATUS.values.filter((s) => s !== TOP_UP_PAID).sort());

    // The consumer API's numbering goes on after the generated numbers.
    const [numbering] = await queryRows<{ next: number; taken: number }>(
      db(),
      sql`select nextval('top_up_no_seq')::int as next, max(split_part(transaction_no, '-', 3)::int)::int as taken from top_ups`,
    );
    expect(Number(numbering?.next)).toBeGreaterThan(Number(numbering?.taken));
  });
});
