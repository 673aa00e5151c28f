import type { GuardedChange } from '@portal/contract';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const shown = (v: GuardedChange['before']) => (v === null ? '—' : typeof v === 'number' ? v.toLocaleString('id-ID') : v);

/** Each field of each record a guarded write changes (or changed): before and after, the after in bold. */
export function ChangesTable({ changes, testId }: { changes: readonly GuardedChange[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <Table<GuardedChange>
      data-testid={testId}
      size="small"
      pagination={false}
      rowKey={(c) => `${c.entity}:${c.entity_id}:${c.field}`}
      dataSource={[...changes]}
      scroll={{ x: true }}
      columns={[
        { title: t('guarded.record', 'Record'), dataIndex: 'label' },
        { title: t('guarded.field', 'Field'), dataIndex: 'field' },
        { title: t('guarded.before', 'Before'), render: (_, c) => shown(c.before) },
        { title: t('guarded.after', 'After'), render: (_, c) => <Typography.Text strong>{shown(c.after)}</Typography.Text> },
      ]}
    />
  );
}
