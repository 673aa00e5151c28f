import { Button, Popconfirm, Tag } from 'antd';
import { KeyOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { can, formatDateTime, MENU_BY_KEY, usersApi, type UserRow } from '@portal/contract';
import { notifySuccess } from '../../lib/notifier.tsx';
import { useSession } from '../../lib/session.ts';
import { call } from '../../lib/call.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useLang } from '../../lib/i18n.ts';

const lockedUntil = (row: UserRow): string | null => (row.locked_until && new Date(row.locked_until).getTime() > Date.now() ? row.locked_until : null);

/** Locked (after too many failed sign-ins) until when, or not locked. */
export function LockStatus({ row }: { row: UserRow }) {
  const { t } = useTranslation();
  const lang = useLang();
  const until = lockedUntil(row);
  return until ? (
    <Tag color="red" icon={<LockOutlined />} data-testid="lock-status" data-locked="true">
      {t('identity.user.lockedUntil', 'Locked until {{time}}', { time: formatDateTime(until, lang) })}
    </Tag>
  ) : (
    <Tag color="green" icon={<UnlockOutlined />} data-testid="lock-status" data-locked="false">
      {t('identity.user.notLocked', 'Not locked')}
    </Tag>
  );
}

/** Detail action: e-mails the user a reset link and ends their sessions (POST user/reset-password/{id}). */
export function UserResetPassword({ row, entry }: { row: UserRow; entry: string }) {
  const { t } = useTranslation();
  const perms = useSession()?.access.perms;
  const queryClient = useQueryClient();
  const reset = useMutation({
    mutationFn: () => call(usersApi.resetPassword, { id: row.id, body: {} }),
    onSuccess: async (res) => {
      // The server names the address the link went to.
      notifySuccess(res.message || t('common.success', 'Success'));
      await queryClient.invalidateQueries({ queryKey: queryKeys.user.detail(row.id) });
    },
  });
  const offered = MENU_BY_KEY.get(entry)?.actions.includes('edit') ?? false;
  if (!perms || !offered || !can(perms, entry, 'edit')) return null;
  const okProps = { 'data-testid': 'confirm-ok' };
  return (
    <Popconfirm
      title={t('identity.user.resetTitle', 'Reset the password of {{name}}?', { name: row.username })}
      description={t('identity.user.resetText', 'They receive an e-mail with a reset link and are signed out everywhere.')}
      okText={t('identity.user.resetConfirm', 'Reset password')}
      cancelText={t('ui.cancel', 'Cancel')}
      okButtonProps={okProps}
      onConfirm={() => reset.mutateAsync().catch(() => undefined)}
    >
      <Button icon={<KeyOutlined />} loading={reset.isPending} data-testid="reset-password">
        {t('identity.user.resetPassword', 'Reset password')}
      </Button>
    </Popconfirm>
  );
}
