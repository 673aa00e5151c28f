import { useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  VOUCHER_ORDER_MOVES,
  VOUCHER_ORDER_MOVE_API,
  jakartaDay,
  voucherOrderCheckerDiffers,
  voucherOrderMovesFor,
  voucherOrderPaymentBody,
  voucherOrderReasonField,
  type Action,
  type VoucherOrderAction,
  type VoucherOrderDetail,
} from '@portal/contract';
import { callEndpoint } from '../../lib/call.ts';
import { formatRupiah } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notifier.tsx';
import { resourceKeys } from '../../lib/query-keys.ts';
import { useSession } from '../../lib/session.ts';
import { DayInput } from '../../ui/DayInput.tsx';
import { RupiahInput } from '../../ui/RupiahInput.tsx';
import { useResourceAccess } from '../../ui/use-resource-access.ts';
import { zodRule } from '../../ui/zod-rule.ts';

const orderKeys = resourceKeys('voucher-order');

/** Each move's button and the question or dialog title (English defaults, translated under voucher.order.actions / .confirm). */
const TEXT: Record<VoucherOrderAction, { label: string; confirm: string }> = {
  pic_process: { label: 'Process', confirm: 'Take this order up as its PIC and prepare its quotation?' },
  pic_approve: { label: 'Approve', confirm: 'Approve this order? The client is asked to pay the quotation.' },
  pic_reject: { label: 'Reject', confirm: 'Reject order {{no}}' },
  payment_verify: { label: 'Verify Payment', confirm: 'Verify the payment of order {{no}}' },
  payment_date_verify: { label: 'Verify Payment Date', confirm: 'Verify the payment date of order {{no}}' },
  payment_reject: { label: 'Reject Payment', confirm: 'Reject the payment of order {{no}}' },
  release: { label: 'Release Voucher', confirm: 'Release the vouchers of this order? Their codes are generated and the order is done.' },
};
const DANGER = new Set<VoucherOrderAction>(['pic_reject', 'payment_reject']);

type MoveBody = { reason?: string; payment_ref?: string; payment_amount?: number; payment_date?: string };

/**
 * A move of the order: the server answers the order as it now is, which replaces the open detail, with the spec's toast
 * as its message; a refusal (409 for a stale version or a state that forbids it, 422 for the same person checking their
 * own step, 400 on a payment step) shows the server's message, no success toast, and reads the order again.
 */
function useVoucherOrderMove(row: VoucherOrderDetail) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: VoucherOrderAction; body: MoveBody }) =>
      callEndpoint<VoucherOrderDetail>(VOUCHER_ORDER_MOVE_API[action], { id: row.id, body: { version: row.version, ...body } }),
    onSuccess: async ({ data, message }) => {
      queryClient.setQueryData(orderKeys.detail(data.id), data);
      notifySuccess(message);
      await queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
    },
    // The shared notifier shows the server's message; the order is read again.
    onError: async () => {
      await queryClient.invalidateQueries({ queryKey: orderKeys.details() });
    },
  });
}

/**
 * The detail's actions: the moves the order's state and the viewer's grants allow (the contract's workflow), less a
 * checker's move on an order whose maker step the viewer made. A move with a reason or a transfer opens its dialog;
 * the others ask to confirm.
 */
export function VoucherOrderActions({ row }: { row: VoucherOrderDetail; entry: string }) {
  const { t } = useTranslation();
  const me = useSession()?.profile.id ?? 0;
  const access = useResourceAccess({ entries: ['cms.voucher-digital/order-voucher-management'] });
  const [open, setOpen] = useState<VoucherOrderAction | null>(null);
  const move = useVoucherOrderMove(row);
  const grants = new Set<Action>((['edit', 'approve'] as const).filter((a) => access.can(a)));
  const movedBy = Object.fromEntries(row.events.filter((e) => e.actor_id !== null).map((e) => [e.action, e.actor_id]));
  const allowed = voucherOrderMovesFor(row.status, grants).filter((a) => voucherOrderCheckerDiffers(a, me, movedBy));
  const label = (a: VoucherOrderAction) => t(`voucher.order.actions.${a}`, TEXT[a].label);
  const run = (action: VoucherOrderAction, body: MoveBody = {}) => move.mutateAsync({ action, body });
  return (
    <>
      {allowed.map((a) =>
        VOUCHER_ORDER_MOVES[a].reason || a === 'payment_verify' ? (
          <Button key={a} danger={DANGER.has(a)} type={DANGER.has(a) ? 'default' : 'primary'} onClick={() => setOpen(a)} data-testid={`voucher-order-action-${a}`}>
            {label(a)}
          </Button>
        ) : (
          <Popconfirm
            key={a}
            title={t(`voucher.order.confirm.${a}`, TEXT[a].confirm)}
            onConfirm={() => run(a).catch(() => undefined)}
            okText={t('ui.yes', 'Yes')}
            cancelText={t('ui.cancel', 'Cancel')}
            okButtonProps={{ 'data-testid': `voucher-order-confirm-${a}` }}
          >
            <Button type="primary" loading={move.isPending && move.variables?.action === a} data-testid={`voucher-order-action-${a}`}>
              {label(a)}
            </Button>
          </Popconfirm>
        ),
      )}
      {open && (
        <MoveDialog
          action={open}
          row={row}
          title={t(`voucher.order.confirm.${open}`, TEXT[open].confirm, { no: row.order_number })}
          okText={label(open)}
          pending={move.isPending}
          onClose={() => setOpen(null)}
          onSubmit={(body) => run(open, body).then(() => setOpen(null))}
        />
      )}
    </>
  );
}

const paymentShape = voucherOrderPaymentBody.shape;

/** The dialog of a move that says more: a reason, or the transfer finance sees (reference, amount, day). */
function MoveDialog(props: { action: VoucherOrderAction; row: VoucherOrderDetail; title: string; okText: string; pending: boolean; onClose: () => void; onSubmit: (body: MoveBody) => Promise<void> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MoveBody>();
  const payment = props.action === 'payment_verify';
  return (
    <Modal
      open
      title={props.title}
      okText={props.okText}
      okButtonProps={{ danger: DANGER.has(props.action), loading: props.pending, 'data-testid': 'voucher-order-move-ok' }}
      cancelText={t('ui.back', 'Back')}
      onCancel={props.onClose}
      onOk={() => form.validateFields().then((v) => props.onSubmit(payment ? v : { reason: v.reason?.trim() }).catch(() => undefined))}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="voucher-order-move-form"
        initialValues={payment ? { payment_amount: props.row.total_amount, payment_date: jakartaDay(new Date()) } : {}}
      >
        {payment ? (
          <>
            <Form.Item name="payment_ref" label={t('voucher.order.fields.payment_ref', 'Transfer Reference')} rules={[zodRule(paymentShape.payment_ref)]}>
              <Input maxLength={60} data-testid="voucher-order-payment-ref" />
            </Form.Item>
            <Form.Item
              name="payment_amount"
              label={t('voucher.order.fields.payment_amount', 'Amount Received')}
              rules={[zodRule(paymentShape.payment_amount)]}
              extra={t('voucher.order.paymentHelp', 'The order’s total is {{total}}; a different amount is refused.', { total: formatRupiah(props.row.total_amount) })}
            >
              <RupiahInput testId="voucher-order-payment-amount" />
            </Form.Item>
            <Form.Item name="payment_date" label={t('voucher.order.fields.payment_date', 'Payment Date')} rules={[zodRule(paymentShape.payment_date)]}>
              <DayInput id="payment_date" />
            </Form.Item>
          </>
        ) : (
          <Form.Item name="reason" label={t('voucher.order.fields.reason', 'Reason')} rules={[zodRule(voucherOrderReasonField)]}>
            <Input.TextArea rows={3} maxLength={500} showCount data-testid="voucher-order-reason" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
