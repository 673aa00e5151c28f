import { useState, type ReactNode } from 'react';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { CreditCardOutlined, DisconnectOutlined, LockOutlined, LogoutOutlined, MailOutlined, RollbackOutlined, UnlockOutlined, KeyOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  can,
  consumerActionBody,
  consumerActionsFor,
  consumerLinkCardBody,
  consumersApi,
  type ConsumerAction,
  type ConsumerActionBody,
  type ConsumerDetail,
  type ConsumerLinkCardBody,
} from '@portal/contract';
import { errorMessage, notifySuccess } from '../../lib/notifier.tsx';
import { useSession } from '../../lib/session.ts';
import { call } from '../../lib/call.ts';
import { resourceKeys } from '../../lib/query-keys.ts';

const ICONS: Record<ConsumerAction, ReactNode> = {
  lock: <LockOutlined />,
  unlock: <UnlockOutlined />,
  withdraw: <LogoutOutlined />,
  unwithdraw: <RollbackOutlined />,
  'link-card': <CreditCardOutlined />,
  'unlink-card': <DisconnectOutlined />,
  'resend-verification': <MailOutlined />,
  'send-create-password': <KeyOutlined />,
};
export const ACTION_LABELS: Record<ConsumerAction, string> = {
  lock: 'Lock',
  unlock: 'Unlock',
  withdraw: 'Withdraw',
  unwithdraw: 'Unwithdraw',
  'link-card': 'Link Card',
  'unlink-card': 'Unlink Card',
  'resend-verification': 'Resend Verification',
  'send-create-password': 'Send Create Password',
};
const DANGER: readonly ConsumerAction[] = ['lock', 'withdraw', 'unlink-card'];

interface Values {
  reason?: string;
  card_number?: string;
}

/**
 * The consumer's actions on its detail page: only those its state allows (the contract's workflow) and only for a
 * person with the edit right; each asks for confirmation with a reason (and a card number to link) in a dialog.
 */
export function ConsumerActions({ row, entry }: { row: ConsumerDetail; entry: string }) {
  const { t } = useTranslation();
  const perms = useSession()?.access.perms;
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<ConsumerAction | null>(null);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [form] = Form.useForm<Values>();

  const run = useMutation({
    mutationFn: ({ action, body }: { action: ConsumerAction; body: ConsumerActionBody | ConsumerLinkCardBody }) => call(consumersApi.actions[action], { id: row.id, body }),
    onSuccess: async (_res, { action }) => {
      notifySuccess(t(`consumers.actions.done.${action}`, `${ACTION_LABELS[action]}: done`));
      setOpen(null);
      await queryClient.invalidateQueries({ queryKey: resourceKeys('consumer').all });
    },
  });

  if (!perms || !can(perms, entry, 'edit')) return null;
  const actions = consumerActionsFor(row);
  const label = (a: ConsumerAction) => t(`consumers.actions.${a}`, ACTION_LABELS[a]);

  const start = (action: ConsumerAction) => {
    form.resetFields();
    setIssues({});
    run.reset();
    setOpen(action);
  };
  const submit = () => {
    if (!open) return;
    const values = form.getFieldsValue();
    const body = { reason: values.reason ?? '', version: row.version, ...(open === 'link-card' ? { card_number: values.card_number ?? '' } : {}) };
    const parsed = (open === 'link-card' ? consumerLinkCardBody : consumerActionBody).safeParse(body);
    if (!parsed.success) {
      // The first issue of each field (an empty reason is "required", not "too short").
      const first: Record<string, string> = {};
      for (const i of parsed.error.issues) first[String(i.path[0] ?? 'reason')] ??= t(i.message, i.message);
      setIssues(first);
      return;
    }
    setIssues({});
    run.mutate({ action: open, body: parsed.data });
  };

  return (
    <>
      {actions.map((action) => (
        <Button key={action} danger={DANGER.includes(action)} icon={ICONS[action]} onClick={() => start(action)} data-testid={`consumer-action-${action}`}>
          {label(action)}
        </Button>
      ))}
      <Modal
        open={open !== null}
        title={open ? t('consumers.actions.confirmTitle', '{{action}} {{name}}?', { action: label(open), name: row.name }) : ''}
        okText={open ? label(open) : ''}
        okButtonProps={{ danger: open ? DANGER.includes(open) : false, loading: run.isPending, 'data-testid': 'consumer-action-confirm' }}
        onOk={submit}
        onCancel={() => setOpen(null)}
        forceRender
      >
        <Typography.Paragraph type="secondary">{t('consumers.actions.reasonHelp', 'The reason is kept in the log history and the consumer’s activity log.')}</Typography.Paragraph>
        {run.isError && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={errorMessage(run.error)} data-testid="consumer-action-error" />}
        <Form form={form} layout="vertical">
          {open === 'link-card' && (
            <Form.Item name="card_number" label={t('consumers.actions.cardNumber', 'Card number')} validateStatus={issues.card_number ? 'error' : undefined} help={issues.card_number}>
              <Input maxLength={16} inputMode="numeric" placeholder="7788xxxxxxxxxxxx" data-testid="consumer-action-card" />
            </Form.Item>
          )}
          <Form.Item name="reason" label={t('consumers.actions.reason', 'Reason')} required validateStatus={issues.reason ? 'error' : undefined} help={issues.reason}>
            <Input.TextArea rows={3} maxLength={500} showCount data-testid="consumer-action-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
