import { sql } from 'drizzle-orm';
import {
  VOUCHER_ORDER_STATUS,
  canMoveVoucherOrder,
  jakartaDay,
  voucherBulkApi,
  voucherOrderPaymentBody,
  type ImportCellError,
  type VoucherOrderAction,
  type VoucherOrderMoveBodies,
  type VoucherOrderStatus,
} from '@portal/contract';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { unprocessable } from '../../platform/errors.ts';
import { defineImport, existsIn, type ImportCommitContext, type ImportDefinition } from '../../platform/imports/index.ts';
import type { VoucherOrderService } from './voucher-order.service.ts';

const ORDER_NUMBER = {
  key: 'order_number',
  label: 'Order Number',
  required: true,
  max: 40,
  aliases: ['order no', 'nomor pesanan', 'no pesanan'],
  example: 'EVO-20261129-000012',
  help: 'The voucher order’s number.',
} as const;
const orderExists = {
  column: 'order_number',
  label: 'Order number',
  message: (v: unknown) => `No voucher order has the number ${String(v)}`,
  check: existsIn('voucher_orders', 'order_number', { caseInsensitive: true }),
};

type FileOrder = {
  order_number: string;
  status: VoucherOrderStatus;
  total_amount: number;
  created_at: string;
};

/** The orders a chunk of rows names, by their number upper-cased. */
async function ordersOf(db: Db | Tx, rows: readonly Readonly<Record<string, unknown>>[]): Promise<Map<string, FileOrder>> {
  const numbers = rows.map((r) => String(r.order_number).toUpperCase());
  const found = await queryRows<FileOrder>(
    db,
    sql`select order_number, status, total_amount, created_at from voucher_orders where order_number in (select jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb))`,
  );
  return new Map(found.map((o) => [o.order_number, { ...o, total_amount: Number(o.total_amount) }]));
}

/** A row whose order's state does not allow the move: its message under the order number. */
const wrongState = (action: VoucherOrderAction, order: FileOrder | undefined): ImportCellError[] =>
  order && !canMoveVoucherOrder(action, order.status)
    ? [{ column: 'order_number', message: `Order ${order.order_number} is ${VOUCHER_ORDER_STATUS.label(order.status)}: it cannot be moved by ${action.replaceAll('_', ' ')}` }]
    : [];

/** Moves each staged order by `action` in the commit's transaction: one refusal (its state changed since) refuses the whole file. */
async function commitMoves(
  tx: Tx,
  ctx: ImportCommitContext,
  orders: VoucherOrderService,
  action: VoucherOrderAction,
  bodyOf: (row: Record<string, unknown>) => Record<string, unknown>,
): Promise<Record<string, number>> {
  // The staged row as JSON, so its date reads as YYYY-MM-DD on both drivers.
  const staged = await queryRows<{ row: Record<string, unknown> | string; order_id: number; version: number }>(
    tx,
    sql`select to_jsonb(s) as row, o.id as order_id, o.version from ${ctx.staged} s join voucher_orders o on o.order_number = upper(s.order_number) order by s.row_no`,
  );
  const audit = { actor: ctx.actor, ip: null, now: ctx.now };
  for (const { row: raw, order_id, version } of staged) {
    const row = typeof raw === 'string' ? (JSON.parse(raw) as Record<string, unknown>) : raw;
    const body = { version: Number(version), ...bodyOf(row) } as VoucherOrderMoveBodies[VoucherOrderAction];
    await orders.move(Number(order_id), action, body, audit, tx).catch((err: Error) => {
      throw unprocessable(`Row ${String(row.row_no)}: ${err.message}`);
    });
  }
  return { moved: staged.length };
}

/**
 * Bulk Voucher's payment verify: a file of order numbers with each transfer's reference, amount and day, checked as
 * the single move checks them (the order waiting for payment, the amount its total, the day between the order's and
 * today), by row and cell at validation; the confirmed file verifies every order or none.
 */
export function bulkPaymentVerifyImport(orders: VoucherOrderService, now: () => Date): ImportDefinition {
  const shape = voucherOrderPaymentBody.shape;
  return defineImport(voucherBulkApi.paymentVerify, {
    sheet: 'Bulk Payment Verify',
    templateName: 'template_bulk_voucher_payment_verify',
    keyColumns: ['order_number'],
    columns: [
      ORDER_NUMBER,
      { key: 'payment_ref', label: 'Transfer Reference', required: true, max: 60, schema: shape.payment_ref, aliases: ['reference', 'referensi'], example: 'BCA-TRF-88123', help: 'The transfer’s reference on the bank statement.' },
      { key: 'payment_amount', label: 'Amount Received', type: 'integer', required: true, aliases: ['amount', 'jumlah'], example: '1600000', help: 'Whole Rupiah; must equal the order’s total.' },
      { key: 'payment_date', label: 'Payment Date', type: 'date', required: true, aliases: ['date', 'tanggal'], example: '2026-11-29', help: 'The day the transfer arrived (YYYY-MM-DD or DD/MM/YYYY).' },
    ],
    references: [orderExists],
    rowsCheck: async (db, rows) => {
      const found = await ordersOf(db, rows);
      const today = jakartaDay(now());
      const problems = new Map<number, ImportCellError[]>();
      rows.forEach((r, i) => {
        const order = found.get(String(r.order_number).toUpperCase());
        const errors = wrongState('payment_verify', order);
        if (order && !errors.length && Number(r.payment_amount) !== order.total_amount) {
          errors.push({ column: 'payment_amount', message: `Order ${order.order_number}’s total is ${order.total_amount}: the amount must equal it` });
        }
        const day = String(r.payment_date);
        if (day > today) errors.push({ column: 'payment_date', message: 'Payment date cannot be in the future' });
        else if (order && day < jakartaDay(new Date(order.created_at))) errors.push({ column: 'payment_date', message: 'Payment date cannot be before the order was placed' });
        if (errors.length) problems.set(i, errors);
      });
      return problems;
    },
    commit: (tx, ctx) =>
      commitMoves(tx, ctx, orders, 'payment_verify', (r) => ({
        payment_ref: String(r.payment_ref),
        payment_amount: Number(r.payment_amount),
        payment_date: String(r.payment_date).slice(0, 10),
      })),
  });
}

/** Bulk Voucher's release: a file of order numbers on release process; the confirmed file releases every order (each its job) or none. */
export function bulkReleaseImport(orders: VoucherOrderService): ImportDefinition {
  return defineImport(voucherBulkApi.release, {
    sheet: 'Bulk Release',
    templateName: 'template_bulk_voucher_release',
    keyColumns: ['order_number'],
    columns: [ORDER_NUMBER],
    references: [orderExists],
    rowsCheck: async (db, rows) => {
      const found = await ordersOf(db, rows);
      const problems = new Map<number, ImportCellError[]>();
      rows.forEach((r, i) => {
        const errors = wrongState('release', found.get(String(r.order_number).toUpperCase()));
        if (errors.length) problems.set(i, errors);
      });
      return problems;
    },
    commit: (tx, ctx) => commitMoves(tx, ctx, orders, 'release', () => ({})),
  });
}
