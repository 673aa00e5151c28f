import { useState } from 'react';
import { Alert, Button, Drawer, Empty, Spin, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AnyEndpoint } from '@portal/contract';
import type { Paged } from '../lib/api.ts';
import { callEndpoint } from '../lib/call.ts';
import { resourceKeys } from '../lib/query-keys.ts';
import { errorMessage, notifySuccess } from '../lib/notifier.tsx';
import { moveItem, SortableList, type Orderable } from './SortableList.tsx';

export type { Orderable };

export interface OrderProps<T extends Orderable> {
  resource: string;
  /** The list endpoint, read whole with `is_all=true` in `sort_by` order. */
  list: AnyEndpoint;
  sortBy: string;
  /** The endpoint saving the order, with `{ ids }` (and the scope) as its body. */
  save: AnyEndpoint;
  /** A part of the list ordered on its own (banners of one placement page): added to the list query and the saved body. */
  scope?: Record<string, string>;
  render: (row: T) => React.ReactNode;
  /** The row's name, kept on its item (`data-order-name`) for tests and assistive tools. */
  name?: (row: T) => string;
  /** Prefix of the test ids (`order-open`, `order-list`, `order-save`, `order-error`). */
  testId?: string;
  texts: { open: [string, string]; title: [string, string]; help: [string, string]; saved: [string, string] };
}

/** The ordering drawer of OrderButton, in its own chunk with the drag-and-drop library: fetched when first opened. */
export function OrderDrawer<T extends Orderable>({ open, onClose, ...props }: OrderProps<T> & { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const ids = props.testId ?? 'order';
  const [order, setOrder] = useState<T[] | null>(null);
  const queryClient = useQueryClient();
  const keys = resourceKeys(props.resource);
  const query = { is_all: 'true', sort_by: props.sortBy, sort_dir: 'asc', ...props.scope };

  const list = useQuery({
    queryKey: keys.list({ ...query, via: 'order' }),
    queryFn: async () => (await callEndpoint<Paged<T>>(props.list, { query })).data.data,
    enabled: open,
  });
  const rows = order ?? list.data ?? [];
  const changed = !!order && !!list.data && order.some((r, i) => r.id !== list.data[i]?.id);

  const save = useMutation({
    mutationFn: () => callEndpoint<unknown>(props.save, { body: { ...props.scope, ids: rows.map((r) => r.id) } }),
    onSuccess: async () => {
      notifySuccess(t(...props.texts.saved));
      onClose();
      setOrder(null);
      await queryClient.invalidateQueries({ queryKey: keys.all });
    },
  });

  const move = (from: number, to: number) => setOrder(moveItem(rows, from, to));
  const close = () => {
    onClose();
    setOrder(null);
    save.reset();
  };

  return (
    <Drawer
      title={t(...props.texts.title)}
      open={open}
      onClose={close}
      size={480}
      extra={
        <Button type="primary" disabled={!changed} loading={save.isPending} onClick={() => save.mutate()} data-testid={`${ids}-save`}>
          {t('ui.save', 'Save')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t(...props.texts.help)}</Typography.Paragraph>
      {save.isError && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={errorMessage(save.error)} data-testid={`${ids}-error`} />}
      {list.isPending ? (
        <Spin />
      ) : rows.length === 0 ? (
        <Empty />
      ) : (
        <SortableList items={rows} move={move} render={props.render} name={props.name} testId={`${ids}-list`} />
      )}
    </Drawer>
  );
}
