import { GUARDED_REASON_MIN, type GuardedToolApi, type OperatorActionDetail, type OperatorActionRow } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Form, Input, Modal, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../lib/call.ts';
import { useFormat } from '../../lib/format.ts';
import { registerDictionaries } from '../../lib/i18n.ts';
import { notifySuccess } from '../../lib/notifier.tsx';
import { queryKeys } from '../../lib/query-keys.ts';
import { serverFieldErrors } from '../field-errors.ts';
import { useSearchParam } from '../search-param.ts';
import { ChangesTable } from './ChangesTable.tsx';
import { guardedI18n } from './guarded.i18n.ts';

registerDictionaries(guardedI18n);

interface Given {
  reason: string;
  confirmation?: string;
}

const PAGE_SIZE = 10;

interface Page {
  data: OperatorActionRow[];
  meta: { page: number; limit: number; total: number };
}

/** One kept action's changes, read when its row is opened. */
function ActionChanges({ api, row }: { api: GuardedToolApi; row: OperatorActionRow }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: queryKeys.operatorActions.detail(`${api.action.path}:${row.id}`),
    queryFn: async () => (await callEndpoint<OperatorActionDetail>(api.action, { id: row.id })).data,
  });
  return (
    <>
      {row.undo_reason && <Typography.Paragraph>{t('guarded.undoReason', { reason: row.undo_reason })}</Typography.Paragraph>}
      <ChangesTable changes={detail.data?.changes ?? []} testId={`action-changes-${row.id}`} />
    </>
  );
}

/** Undoes one kept action with a reason (and, for a bulk one, the words typed), after saying what an undo does. */
function UndoDialog({ api, row, onClose, onUndone }: { api: GuardedToolApi; row: OperatorActionRow; onClose: () => void; onUndone?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<Given>();
  const detail = useQuery({
    queryKey: queryKeys.operatorActions.detail(`${api.action.path}:${row.id}`),
    queryFn: async () => (await callEndpoint<OperatorActionDetail>(api.action, { id: row.id })).data,
  });
  const words = detail.data?.undo_confirmation ?? null;
  const undo = useMutation({
    mutationFn: async (body: Given) => (await callEndpoint<OperatorActionDetail>(api.undo, { id: row.id, body })).data,
    onSuccess: () => {
      notifySuccess(t('guarded.undoneToast', 'Change undone'));
      void client.invalidateQueries({ queryKey: queryKeys.operatorActions.all });
      onUndone?.();
      onClose();
    },
    onError: (err) => {
      const fields = serverFieldErrors(err, ['reason', 'confirmation']);
      if (fields) form.setFields(fields.fields.map((f) => ({ name: f.name as keyof Given, errors: f.errors })));
    },
  });
  return (
    <Modal
      open
      title={t('guarded.undoTitle', 'Undo this change?')}
      okText={t('guarded.undo', 'Undo')}
      okButtonProps={{ danger: true, loading: undo.isPending, 'data-testid': 'undo-ok' }}
      cancelText={t('ui.cancel', 'Cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="info" showIcon message={t('guarded.undoNote')} style={{ marginBottom: 12 }} />
      <ChangesTable changes={detail.data?.changes ?? []} testId="undo-changes" />
      <Form form={form} layout="vertical" onFinish={(v) => undo.mutate(v)} style={{ marginTop: 12 }}>
        <Form.Item
          name="reason"
          label={t('guarded.reason', 'Reason')}
          rules={[{ required: true, whitespace: true, min: GUARDED_REASON_MIN, message: t('guarded.reasonRequired', { n: GUARDED_REASON_MIN }) }]}
        >
          <Input.TextArea data-testid="undo-reason" rows={2} maxLength={500} />
        </Form.Item>
        {words && (
          <Form.Item name="confirmation" label={t('guarded.confirmation', { words })} rules={[{ required: true, message: t('guarded.confirmationRequired', { words }) }]}>
            <Input data-testid="undo-confirmation" autoComplete="off" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** The changes a tool made, newest first (page kept in the URL): who, when, why, what, and an undo where one is left. */
export function OperatorActions({ api, canUndo = true, onUndone }: { api: GuardedToolApi; canUndo?: boolean; onUndone?: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [pageText, setPage] = useSearchParam('actions_page');
  const page = Math.max(1, Number(pageText) || 1);
  const [undoing, setUndoing] = useState<OperatorActionRow | null>(null);
  const list = useQuery({
    queryKey: queryKeys.operatorActions.list({ path: api.actions.path, page }),
    queryFn: async () => (await callEndpoint<Page>(api.actions, { query: { page, limit: PAGE_SIZE } })).data,
  });
  return (
    <Card size="small" title={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>{t('guarded.actions', 'Changes made with this tool')}</Typography.Title>} data-testid="operator-actions">
      <Table<OperatorActionRow>
        size="small"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.data ?? []}
        locale={{ emptyText: <Empty description={list.isError ? t('guarded.loadFailed', 'The changes could not be loaded') : t('guarded.none', 'No changes made with this tool yet')} /> }}
        scroll={{ x: true }}
        expandable={{ expandedRowRender: (row) => <ActionChanges api={api} row={row} /> }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.meta.total ?? 0, showSizeChanger: false, onChange: (p) => setPage(p === 1 ? undefined : String(p)) }}
        columns={[
          { title: t('guarded.when', 'When'), render: (_, r) => f.dateTime(r.created_at) },
          { title: t('guarded.by', 'By'), dataIndex: 'actor_name' },
          { title: t('guarded.record', 'Record'), dataIndex: 'label' },
          { title: t('guarded.changes', 'Changes'), dataIndex: 'total', align: 'right' },
          { title: t('guarded.reason', 'Reason'), dataIndex: 'reason', ellipsis: true },
          {
            title: t('guarded.state', 'State'),
            render: (_, r) =>
              r.undone_at ? (
                <Tag>{t('guarded.undone', { at: f.dateTime(r.undone_at), by: r.undone_by_name ?? '-' })}</Tag>
              ) : r.undoable ? (
                <Tag color="blue">{t('guarded.canUndo', 'Can be undone')}</Tag>
              ) : (
                <Tag>{t('guarded.final', 'Final')}</Tag>
              ),
          },
          {
            title: t('ui.actions', 'Actions'),
            render: (_, r) =>
              canUndo && r.undoable ? (
                <Button size="small" danger data-testid={`undo-${r.id}`} onClick={() => setUndoing(r)}>
                  {t('guarded.undo', 'Undo')}
                </Button>
              ) : null,
          },
        ]}
      />
      {undoing && <UndoDialog api={api} row={undoing} onClose={() => setUndoing(null)} onUndone={onUndone} />}
    </Card>
  );
}
