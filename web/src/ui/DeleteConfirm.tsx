import { Popconfirm } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

const okProps = { 'data-testid': 'confirm-ok', danger: true };

/** The one confirmation before a record is deleted, naming the record; the child is the button that asks. */
export function DeleteConfirm({ title, onConfirm, children }: { title: string; onConfirm: () => Promise<unknown>; children: ReactElement }) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={t('ui.deleteTitle', 'Delete this record?')}
      description={title}
      okText={t('ui.delete', 'Delete')}
      cancelText={t('ui.cancel', 'Cancel')}
      okButtonProps={okProps}
      onConfirm={() => onConfirm().catch(() => undefined)}
    >
      {children}
    </Popconfirm>
  );
}
