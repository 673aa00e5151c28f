import { useState, type ReactNode } from 'react';
import { Alert, Button, Input, Modal, Popconfirm } from 'antd';
import { CheckOutlined, CloseOutlined, CopyOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { can, MENU_BY_KEY, type ContentAction, type ContentRow } from '@portal/contract';
import { errorMessage } from '../../lib/notifier.tsx';
import { useSession } from '../../lib/session.ts';
import { useGo } from '../../ui/nav.ts';
import { resourcePaths } from '../../ui/resource-paths.ts';
import { useContentActions, useContentTransition } from './content.actions.ts';
import { PushTestSendButton } from './PushTestSend.tsx';

const ICONS: Record<ContentAction, ReactNode> = { submit: <SendOutlined />, approve: <CheckOutlined />, reject: <CloseOutlined />, deactivate: <StopOutlined /> };
const LABELS: Record<ContentAction, string> = { submit: 'Submit for Approval', approve: 'Approve', reject: 'Reject', deactivate: 'Deactivate' };

/** A reason dialog for rejecting one or many items. */
export function RejectDialog({ open, onCancel, onReject, loading }: { open: boolean; onCancel: () => void; onReject: (reason: string) => void; loading: boolean }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const valid = reason.trim().length >= 3;
  return (
    <Modal
      open={open}
      title={t('content.rejectTitle', 'Reject with a reason')}
      okText={t('content.actions.reject', 'Reject')}
      okButtonProps={{ danger: true, disabled: !valid, loading, 'data-testid': 'reject-confirm' }}
      onOk={() => onReject(reason.trim())}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Input.TextArea rows={4} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t('content.rejectPlaceholder', 'What must change before it can be approved?')} data-testid="reject-reason" />
    </Modal>
  );
}

/**
 * The workflow buttons of an item's detail page: only the transitions its status allows and the person may take
 * (never approving their own submission), plus Duplicate for those who may create: it opens the create form filled
 * with this item's values (`{id}/duplicate`), saved as a new Draft only when the person saves it.
 */
export function ContentApprovalBar({ row, entry }: { row: ContentRow; entry: string }) {
  const { t } = useTranslation();
  const actions = useContentActions(row, entry);
  const perms = useSession()?.access.perms;
  const transition = useContentTransition(row);
  const { link } = useGo();
  const [rejecting, setRejecting] = useState(false);
  const canDuplicate = !!perms && !!MENU_BY_KEY.get(entry)?.actions.includes('create') && can(perms, entry, 'create');

  const run = (action: ContentAction) => transition.mutate({ action });
  return (
    <>
      {transition.isError && <Alert type="error" showIcon title={errorMessage(transition.error)} data-testid="workflow-error" />}
      {actions.map((action) =>
        action === 'reject' ? (
          <Button key={action} danger icon={ICONS[action]} onClick={() => setRejecting(true)} data-testid="workflow-reject">
            {t(`content.actions.${action}`, LABELS[action])}
          </Button>
        ) : (
          <Popconfirm key={action} title={t(`content.confirm.${action}`, `${LABELS[action]}?`)} onConfirm={() => run(action)} okButtonProps={{ 'data-testid': `workflow-${action}-confirm` }}>
            <Button type={action === 'approve' || action === 'submit' ? 'primary' : 'default'} danger={action === 'deactivate'} icon={ICONS[action]} loading={transition.isPending} data-testid={`workflow-${action}`}>
              {t(`content.actions.${action}`, LABELS[action])}
            </Button>
          </Popconfirm>
        ),
      )}
      {row.kind === 'push-message' && !!perms && can(perms, entry, 'edit') && <PushTestSendButton row={row} />}
      {canDuplicate && (
        <Button icon={<CopyOutlined />} data-testid="workflow-duplicate" {...link(`${resourcePaths(entry).list}/${row.id}/duplicate`)}>
          {t('content.actions.duplicate', 'Duplicate')}
        </Button>
      )}
      <RejectDialog
        open={rejecting}
        loading={transition.isPending}
        onCancel={() => setRejecting(false)}
        onReject={(reason) => transition.mutate({ action: 'reject', reason }, { onSuccess: () => setRejecting(false) })}
      />
    </>
  );
}
