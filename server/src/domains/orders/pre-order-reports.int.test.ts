import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { maskName, maskPhone, type AppOrderBody, type EventReportRow, type EventReportSummary, type ListMeta, type StickerRow } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { useHarness } from '../../../test/harness.ts';
import { createEvent, eventBody, jakartaDayAfter, preOrderShelf, type PreOrderShelf } from '../../../test/pre-orders.ts';
import { OrderFulfilmentService } from './order-fulfilment.service.ts';
import { OrderPlacementService } from './order-placement.service.ts';
import { OrderWorkflowService } from './order-workflow.service.ts';

type Page<T> = { data: T[]; meta: ListMeta };

/**
 * The sticker and event reports over pre-orders placed, paid, picked, handed over, cancelled and left unpaid through
 * the order services; each figure checked against the orders themselves, the customer masked without the right.
 */
describe('pandora pre-order reports: stickers, the event report and its summary', () => {
  const h = useHarness();
  const db = () => h.testDb.database.db;
  let shelf: PreOrderShelf;
  let eventId: number;
  let analyst: string;
  let days: [string, string];
  const placed: { id: number; consumer: number; status: string }[] = [];

  beforeAll(async () => {
    const now = h.clock.now();
    analyst = await h.tokenOf('analyst');
    const admin = await h.tokenOf('admin.cms');
    shelf = await preOrderShelf(db(), 500);
    eventId = (await createEvent(h, admin, eventBody(now, 'RPT-EVT', shelf, 50))).id;
    days = [jakartaDayAfter(now, 2), jakartaDayAfter(now, 3)];
    const placement = new OrderPlacementService(db());
    const workflow = new OrderWorkflowService(db());
    const fulfilment = new OrderFulfilmentService(db());
    const [admin0] = await queryRows<{ id: number; name: string }>(db(), sql`select id, name from users where username = 'admin.cms'`);
    const staff = { kind: 'staff' as const, audit: { actor: { userId: Number(admin0!.id), name: admin0!.name }, ip: null, now } };
    const [reason] = await queryRows<{ id: number }>(db(), sql`select id from cancel_reasons where status = 1 order by sort_order limit 1`);
    const consumers = (await queryRows<{ id: number }>(db(), sql`select id from consumers where status = 1 order by id limit 6`)).map((c) => Number(c.id));
    const [a, b] = shelf.products as [PreOrderShelf['products'][0], PreOrderShelf['products'][0]];
    const plan: { consumer: number; day: string; items: { plu: string; quantity: number }[]; end: string }[] = [
      { consumer: consumers[0]!, day: days[0], items: [{ plu: a.plu, quantity: 2 }, { plu: b.plu, quantity: 1 }], end: 'handed_over' },
      { consumer: consumers[1]!, day: days[0], items: [{ plu: a.plu, quantity: 3 }], end: 'paid' },
      { consumer: consumers[1]!, day: days[1], items: [{ plu: b.plu, quantity: 4 }], end: 'cancelled' },
      { consumer: consumers[2]!, day: days[1], items: [{ plu: a.plu, quantity: 1 }], end: 'expired' },
      { consumer: consumers[3]!, day: days[1], items: [{ plu: a.plu, quantity: 5 }, { plu: b.plu, quantity: 2 }], end: 'waiting' },
    ];
    for (const [n, p] of plan.entries()) {
      const body: AppOrderBody = { store_code: shelf.store.code, fulfilment: 2, delivery_mode: null, delivery_address: null, client_ref: null, items: p.items, event_code: 'RPT-EVT', collection_day: p.day };
      const order = await placement.place(p.consumer, body, now);
      const id = order.order_id;
      placed.push({ id, consumer: p.consumer, status: p.end });
      if (p.end === 'waiting') continue;
      if (p.end === 'expired') {
        await workflow.move(id, { action: 'expire', actor: { kind: 'system' } }, now);
        continue;
      }
      await workflow.move(id, { action: 'pay', actor: { kind: 'system' }, paymentRef: `PG-RPT-${n}` }, now);
      await workflow.move(id, { action: 'queue', actor: { kind: 'system' } }, now);
      if (p.end === 'cancelled') {
        await workflow.move(id, { action: 'cancel', actor: staff, cancelReasonId: Number(reason!.id) }, now);
        continue;
      }
      if (p.end === 'paid') continue;
      // The first order: one unit of its first line picked short, then collected.
      const [line] = await queryRows<{ id: number; version: number }>(db(), sql`select i.id, o.version from order_items i join orders o on o.id = i.order_id where o.id = ${id} order by i.id limit 1`);
      await fulfilment.pick(id, { version: Number(line!.version), items: [{ id: Number(line!.id), picked_quantity: 1, unpick_reason: 1 }] }, staff.audit);
      await workflow.move(id, { action: 'check_stock', actor: staff }, now);
      await workflow.move(id, { action: 'confirm_pick', actor: staff }, now);
      await workflow.move(id, { action: 'hand_over', actor: staff }, now);
    }
  });

  const get = async <T>(url: string, token = analyst): Promise<T> => {
    const res = await h.call('GET', url, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  };

  it('lists one sticker a pre-order: its lines, its QR code, the customer masked for an analyst, by event, store, day and status', async () => {
    const page = await get<Page<StickerRow>>(`/api/v1/report/pre-order-sticker?event_id=${eventId}&sort_by=collection_day&sort_dir=asc&limit=20`);
    expect(page.meta.total).toBe(5);
    expect(page.data.map((s) => s.collection_day)).toEqual([days[0], days[0], days[1], days[1], days[1]]);
    const first = page.data.find((s) => s.id === placed[0]!.id)!;
    const [consumer] = await queryRows<{ name: string; phone: string | null }>(db(), sql`select name, phone from consumers where id = ${placed[0]!.consumer}`);
    expect(first).toMatchObject({
      event_code: 'RPT-EVT',
      store_code: shelf.store.code,
      status: 400,
      consumer_name: maskName(consumer!.name),
      consumer_phone: maskPhone(consumer!.phone),
      personal_masked: true,
    });
    expect(first.items.map((i) => [i.plu, i.quantity, i.picked_quantity])).toEqual([
      [shelf.products[0]!.plu, 2, 1],
      [shelf.products[1]!.plu, 1, 1],
    ]);
    expect(first.qr_size).toBeGreaterThanOrEqual(21);
    expect(first.qr_path).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/);

    const count = async (query: string) => (await get<Page<StickerRow>>(`/api/v1/report/pre-order-sticker?event_id=${eventId}&${query}`)).meta.total;
    expect(await count(`collection_from=${days[1]}&collection_until=${days[1]}`)).toBe(3);
    expect(await count('status=210')).toBe(1);
    expect(await count(`store_code=${shelf.other.code}`)).toBe(0);
    expect(await count(`store_code=${shelf.store.code.toLowerCase()}`)).toBe(5);
    const orderNo = first.order_no;
    expect(await count(`search=${orderNo.toLowerCase()}`)).toBe(1);
    const one = await get<StickerRow>(`/api/v1/report/pre-order-sticker/${first.id}`);
    expect(one.consumer_name).toBe(first.consumer_name);
    expect((await h.call('GET', `/api/v1/report/pre-order-sticker?collection_from=${days[1]}&collection_until=${days[0]}`, { token: analyst })).statusCode).toBe(400);
  });

  it('shows the customer unmasked to the Super Admin, and records that read', async () => {
    const superadmin = await h.tokenOf('superadmin');
    const page = await get<Page<StickerRow>>(`/api/v1/report/pre-order-sticker?event_id=${eventId}`, superadmin);
    const [consumer] = await queryRows<{ name: string }>(db(), sql`select name from consumers where id = ${placed[0]!.consumer}`);
    expect(page.data.find((s) => s.id === placed[0]!.id)).toMatchObject({ consumer_name: consumer!.name, personal_masked: false });
    const [read] = await queryRows<{ screen: string; subject_count: number }>(db(), sql`select screen, subject_count from personal_data_access order by id desc limit 1`);
    expect(read).toEqual({ screen: 'report-pre-order-sticker.list', subject_count: 4 });
  });

  it('sums the summary and the detail from the pre-orders: orders, consumers, units by status, sales and each product against its quota', async () => {
    const summary = await get<EventReportSummary>(`/api/v1/report/event-report-summary/summary?event_id=${eventId}`);
    const [a, b] = shelf.products as [PreOrderShelf['products'][0], PreOrderShelf['products'][0]];
    // Live: the handed-over (2+1), the paid (3) and the waiting (5+2) orders; sales: the picked lines of the paid ones.
    expect(summary).toMatchObject({ orders: 5, consumers: 4, quantity: 13, sales: 1 * a.price + 1 * b.price + 3 * a.price });
    const status = (group: string) => summary.statuses.find((s) => s.group === group);
    expect(status('picked_up')).toEqual({ group: 'picked_up', orders: 1, quantity: 3, value: 2 * a.price + b.price });
    expect(status('paid')).toEqual({ group: 'paid', orders: 1, quantity: 3, value: 3 * a.price });
    expect(status('cancelled')).toEqual({ group: 'cancelled', orders: 1, quantity: 4, value: 4 * b.price });
    expect(status('unpaid')).toEqual({ group: 'unpaid', orders: 1, quantity: 1, value: a.price });
    expect(status('waiting')).toEqual({ group: 'waiting', orders: 1, quantity: 7, value: 5 * a.price + 2 * b.price });
    const product = (id: number) => summary.products.find((p) => p.product_id === id);
    expect(product(a.id)).toMatchObject({ quota: 50, ordered: 10, remaining: 40, orders: 4, quantity: 10, picked_up_quantity: 2, paid_quantity: 3, unpaid_quantity: 1, waiting_quantity: 5 });
    expect(product(b.id)).toMatchObject({ quota: 50, ordered: 3, remaining: 47, orders: 3, quantity: 3, cancelled_quantity: 4, sales: b.price });

    // The event's quotas agree with its live pre-orders' lines.
    const [held] = await queryRows<{ n: number }>(
      db(),
      sql`select coalesce(sum(i.quantity), 0)::int as n from orders o join order_items i on i.order_id = o.id where o.pre_order_event_id = ${eventId} and o.status not in (110, 111, 210)`,
    );
    expect(summary.products.reduce((n, p) => n + p.ordered, 0)).toBe(held!.n);

    const detail = await get<Page<EventReportRow>>(`/api/v1/report/event-report-summary?event_id=${eventId}&sort_by=collection_day&sort_dir=asc&limit=50`);
    expect(detail.meta.total).toBe(4);
    const cell = (day: string, id: number) => detail.data.find((r) => r.collection_day === day && r.product_id === id);
    expect(cell(days[0], a.id)).toMatchObject({ orders: 2, consumers: 2, quantity: 5, sales: 4 * a.price, picked_up_quantity: 2, paid_quantity: 3 });
    expect(cell(days[1], b.id)).toMatchObject({ orders: 2, consumers: 2, quantity: 2, sales: 0, cancelled_quantity: 4, waiting_quantity: 2 });
    expect(detail.data.reduce((n, r) => n + r.quantity, 0)).toBe(summary.quantity);
    expect(detail.data.reduce((n, r) => n + r.sales, 0)).toBe(summary.sales);

    const dayOne = await get<EventReportSummary>(`/api/v1/report/event-report-summary/summary?event_id=${eventId}&collection_from=${days[1]}&collection_until=${days[1]}`);
    expect(dayOne).toMatchObject({ orders: 3, quantity: 7, sales: 0 });
    // The quota and what is pre-ordered of it stay the whole event's.
    expect(dayOne.products.find((p) => p.product_id === a.id)).toMatchObject({ ordered: 10, remaining: 40, quantity: 5 });
  });

  it('exports the stickers and the event report (a Summary and a Detail sheet) under the spec’s names', async () => {
    const stickers = await h.call('GET', `/api/v1/report/pre-order-sticker/export?format=xlsx&event_id=${eventId}`, { token: analyst });
    expect(stickers.statusCode, stickers.body).toBe(200);
    expect(stickers.headers['content-disposition']).toContain('Export Pre Order Sticker.xlsx');
    const stickerBook = new ExcelJS.Workbook();
    await stickerBook.xlsx.load(stickers.rawPayload as unknown as ArrayBuffer);
    const sheet = stickerBook.worksheets[0]!;
    expect(sheet.rowCount).toBe(6);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const customer = header.indexOf('Customer') + 1;
    const names = new Set((await queryRows<{ name: string }>(db(), sql`select name from consumers where id in (${sql.join(placed.map((p) => sql`${p.consumer}`), sql`, `)})`)).map((c) => maskName(c.name)));
    for (let r = 2; r <= 6; r++) expect(names.has(String(sheet.getRow(r).getCell(customer).value))).toBe(true);

    const report = await h.call('GET', `/api/v1/report/event-report-summary/export?format=xlsx&event_id=${eventId}`, { token: analyst });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.headers['content-disposition']).toContain(encodeURIComponent('Export Event Report & Summary.xlsx'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Summary', 'Detail']);
    expect(book.getWorksheet('Summary')!.rowCount).toBe(3);
    expect(book.getWorksheet('Detail')!.rowCount).toBe(5);
    // CSV holds the detail alone.
    const csv = await h.call('GET', `/api/v1/report/event-report-summary/export?format=csv&event_id=${eventId}`, { token: analyst });
    expect(csv.body.trim().split('\r\n')).toHaveLength(5);
  });

  it('opens each report to its own entry only', async () => {
    const [viewer, none] = await Promise.all([h.tokenOf('viewer'), h.tokenOf('no.access')]);
    for (const url of ['/api/v1/report/pre-order-sticker', '/api/v1/report/event-report-summary', '/api/v1/report/event-report-summary/summary']) {
      expect((await h.call('GET', url)).statusCode).toBe(401);
      expect((await h.call('GET', url, { token: none })).statusCode).toBe(403);
      expect((await h.call('GET', url, { token: viewer })).statusCode).toBe(403);
      expect((await h.call('GET', url, { token: analyst })).statusCode).toBe(200);
    }
  });
});
