import { sql } from 'drizzle-orm';
import { TOP_UP_BULK_TARGETS, canTopUp, topUpBulkStatusField, topUpImportApi, topUpReasonField, type ImportCellError } from '@portal/contract';
import { queryRows } from '../../db/client.ts';
import { unprocessable } from '../../platform/errors.ts';
import { defineImport, existsIn, type ImportDefinition } from '../../platform/imports/index.ts';
import { topUpStatusText, type TopUpWorkflowService } from './top-up-workflow.service.ts';

/*
 * cms Order Management Digital Product's bulk update on the shared import pipeline: a file of transaction numbers with
 * their target status (250 retry, 453 cancel with the note as its reason, 400 or 451 resolved from the biller's report)
 * and a note. Unknown numbers, a cancel without a reason, and a move the top-up's state does not allow are refused at
 * validation, by row and cell; the confirmed file moves every row through the workflow in the commit's transaction (a
 * row whose state changed since refuses the whole file).
 */
export function topUpBulkUpdateImport(workflow: TopUpWorkflowService): ImportDefinition {
  return defineImport(topUpImportApi.bulkUpdate, {
    sheet: 'Top Up Bulk Update',
    templateName: 'template_top_up_bulk_update',
    keyColumns: ['transaction_no'],
    columns: [
      { key: 'transaction_no', label: 'Transaction No', required: true, max: 40, aliases: ['transaction number', 'no transaksi'], example: 'TU-20261124-000001', help: 'The top-up’s transaction number.' },
      {
        key: 'target_status',
        label: 'Target Status',
        type: 'integer',
        required: true,
        schema: topUpBulkStatusField,
        aliases: ['status'],
        example: '250',
        help: '250 retry (send to the biller again), 453 cancel, 400 successful or 451 failed (from the biller’s report).',
      },
      { key: 'note', label: 'Note', max: 500, aliases: ['reason', 'alasan'], example: 'Refund diproses finance', help: 'Required for a cancel (its reason, 5 characters or more).' },
    ],
    references: [{ column: 'transaction_no', label: 'Transaction number', message: (v) => `No top-up has the transaction number ${v}`, check: existsIn('top_ups', 'transaction_no') }],
    rowCheck: (values) => {
      if (values.target_status !== 453) return [];
      const reason = topUpReasonField.safeParse(values.note ?? '');
      return reason.success ? [] : [{ column: 'note', message: `A cancel needs its reason: ${reason.error.issues[0]?.message ?? ''}` }];
    },
    rowsCheck: async (db, rows) => {
      const numbers = rows.map((r) => String(r.transaction_no));
      const found = await queryRows<{ transaction_no: string; status: number }>(
        db,
        sql`select transaction_no, status from top_ups where transaction_no in (select jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb))`,
      );
      const statusOf = new Map(found.map((f) => [f.transaction_no, Number(f.status)]));
      const problems = new Map<number, ImportCellError[]>();
      rows.forEach((r, i) => {
        const status = statusOf.get(String(r.transaction_no));
        const action = TOP_UP_BULK_TARGETS[Number(r.target_status)];
        if (status === undefined || !action || canTopUp(action, status)) return;
        problems.set(i, [{ column: 'target_status', message: `This top-up is ${status} ${topUpStatusText(status)}: it cannot be moved to ${String(r.target_status)}` }]);
      });
      return problems;
    },
    commit: async (tx, ctx) => {
      const staged = await queryRows<{ row_no: number; id: number; target_status: number; note: string | null }>(
        tx,
        sql`select s.row_no, t.id, s.target_status::int as target_status, s.note from ${ctx.staged} s join top_ups t on t.transaction_no = s.transaction_no order by s.row_no`,
      );
      const audit = { actor: ctx.actor, ip: null, now: ctx.now };
      const moved: Record<string, number> = { updated: 0 };
      for (const r of staged) {
        const action = TOP_UP_BULK_TARGETS[Number(r.target_status)];
        if (!action) throw unprocessable(`Row ${r.row_no}: ${r.target_status} is not a target status`);
        await workflow.move(Number(r.id), { action, actor: { kind: 'staff', audit }, note: r.note }, ctx.now, tx).catch((err: Error) => {
          throw unprocessable(`Row ${r.row_no}: ${err.message}`);
        });
        moved.updated = (moved.updated ?? 0) + 1;
      }
      return moved;
    },
  });
}
