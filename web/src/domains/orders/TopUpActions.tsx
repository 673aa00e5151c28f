import { useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { staffTopUpActionsFor, topUpReasonField, topUpStaffApi, type TopUpDetail, type TopUpStaffAction } from '@portal/contract';
import { call } from '../../lib/call.ts';
import { notifyError, notifySuccess } from '../../lib/notifier.tsx';
import { resourceKeys } from '../../lib/query-keys.ts';
import { useResourceAccess } from '../../ui/use-resource-access.ts';
import { zodRule } from '../../ui/zod-rule.ts';

const topUpKeys = resourceKeys('top-up');

/** Each confirmed move's button and question (English defaults); cancel asks for its reason in a dialog instead. */
const CONFIRMED: Record<Exclude<TopUpStaffAction, 'cancel'>, { label: string; confirm: string }> = {
  retry: { label: 'Retry', confirm: 'Send this top-up to the biller again?' },
  resolve_success: { label: 'Mark successful', confirm: 'The biller’s report shows this top-up delivered: mark it successful?' },
  resolve_failed: { label: 'Mark failed', confirm: 'The biller’s report shows this top-up failed: mark it failed?' },
};

/**
 * A staff move of the top-up: the server answers the top-up as it now is, which replaces the open detail; a refusal
 * (409 for a stale version or a move the state forbids) shows the server's message and reads the top-up again.
 */
function useTopUpMove(row: TopUpDetail) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { action: TopUpStaffAction; note?: string | null }) => call(topUpStaffApi.move, { id: row.id, body: { ...body, version: row.version } }),
    onSuccess: async ({ data }) => {
      queryClient.setQueryData(topUpKeys.detail(data.id), data);
      notifySuccess(t('common.success', 'Success'));
      await queryClient.invalidateQueries({ queryKey: topUpKeys.lists() });
    },
    onError: async (err) => {
      notifyError(err);
      await queryClient.invalidateQueries({ queryKey: topUpKeys.details() });
    },
  });
}

/** The detail's actions: only the staff moves the top-up's state allows (the contract's workflow), each confirmed. */
export function TopUpActions({ row }: { row: TopUpDetail; entry: string }) {
  const { t } = useTranslation();
  const access = useResourceAccess({ entries: ['cms.order-management-digital-product'] });
  const [cancelling, setCancelling] = useState(false);
  const move = useTopUpMove(row);
  const allowed = access.can('edit') ? staffTopUpActionsFor(row.status) : [];
  return (
    <>
      {allowed.map((a) =>
        a === 'cancel' ? (
          <Button key={a} danger onClick={() => setCancelling(true)} data-testid="top-up-action-cancel">
            {t('topUp.order.actions.cancel', 'Cancel')}
          </Button>
        ) : (
          <Popconfirm
            key={a}
            title={t(`topUp.order.confirm.${a}`, CONFIRMED[a].confirm)}
            onConfirm={() => move.mutateAsync({ action: a }).catch(() => undefined)}
            okText={t('ui.yes', 'Yes')}
            cancelText={t('ui.cancel', 'Cancel')}
            okButtonProps={{ 'data-testid': `top-up-confirm-${a}` }}
          >
            <Button type={a === 'retry' ? 'primary' : 'default'} loading={move.isPending && move.variables?.action === a} data-testid={`top-up-action-${a}`}>
              {t(`topUp.order.actions.${a}`, CONFIRMED[a].label)}
            </Button>
          </Popconfirm>
        ),
      )}
      {cancelling && (
        <CancelDialog
          title={t('topUp.order.cancelTitle', 'Cancel top-up {{no}}', { no: row.transaction_no })}
          pending={move.isPending}
          onClose={() => setCancelling(false)}
          onCancel={(note) => move.mutateAsync({ action: 'cancel', note }).then(() => setCancelling(false))}
        />
      )}
    </>
  );
}

function CancelDialog({ title, pending, onClose, onCancel }: { title: string; pending: boolean; onClose: () => void; onCancel: (note: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note: string }>();
  return (
    <Modal
      open
      title={title}
      okText={t('topUp.order.actions.cancel', 'Cancel')}
      okButtonProps={{ danger: true, loading: pending, 'data-testid': 'top-up-cancel-ok' }}
      cancelText={t('ui.back', 'Back')}
      onCancel={onClose}
      onOk={() => form.validateFields().then((v) => onCancel(v.note.trim()).catch(() => undefined))}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="top-up-cancel-form">
        <Form.Item name="note" label={t('topUp.order.fields.cancel_reason', 'Cancel Reason')} rules={[zodRule(topUpReasonField)]} extra={t('topUp.order.refundHelp', 'A paid top-up that is cancelled is owed back to the consumer (Refund Due); finance refunds it.')}>
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="top-up-cancel-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
