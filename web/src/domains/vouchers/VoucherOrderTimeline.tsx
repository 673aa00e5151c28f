import { VOUCHER_ORDER_STATUS, type VoucherOrderDetail } from '@portal/contract';
import { StatusTag } from '../../ui/StatusTag.tsx';
import { WorkflowTimeline } from '../../ui/WorkflowTimeline.tsx';

/** What each timeline entry says happened (English defaults, translated under voucher.order.events). */
const EVENT_TEXT: Record<string, string> = {
  place: 'Order placed',
  pic_process: 'Processed by PIC',
  pic_approve: 'Approved by PIC',
  pic_reject: 'Rejected by PIC',
  payment_verify: 'Payment verified',
  payment_date_verify: 'Payment date verified',
  payment_reject: 'Payment rejected',
  release: 'Vouchers released',
};

/** Every move of the order, oldest first: who made it, when, with its reason or the transfer it recorded. */
export const VoucherOrderTimeline = ({ row }: { row: VoucherOrderDetail }) => (
  <WorkflowTimeline
    entries={row.events.map((e) => ({ ...e, actor_kind: 'staff' as const }))}
    events={EVENT_TEXT}
    i18n="voucher.order"
    status={(s) => <StatusTag table={VOUCHER_ORDER_STATUS} value={s} />}
    testId="voucher-order-timeline"
  />
);
