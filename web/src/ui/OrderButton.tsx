import { useState } from 'react';
import { Alert, Button, Drawer, Empty, Flex, Spin, Tag, Typography } from 'antd';
import { HolderOutlined, OrderedListOutlined } from '@ant-design/icons';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AnyEndpoint } from '@portal/contract';
import type { Paged } from '../lib/api.ts';
import { callEndpoint } from '../lib/call.ts';
import { resourceKeys } from '../lib/query-keys.ts';
import { errorMessage, notifySuccess } from '../lib/notifier.tsx';

interface Orderable {
  id: number;
}

function SortableItem<T extends Orderable>({ row, index, render, name }: { row: T; index: number; render: (row: T) => React.ReactNode; name?: (row: T) => string }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: row.id });
  return (
    <div
      ref={setNodeRef}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        background: isDragging ? '#e6f4ff' : '#fff',
        border: '1px solid #f0f0f0',
        borderRadius: 6,
        padding: '10px 12px',
        marginBottom: 8,
        cursor: 'grab',
        touchAction: 'none',
      }}
      data-testid={`order-item-${row.id}`}
      data-order-name={name?.(row)}
      {...attributes}
      {...listeners}
    >
      <Flex align="center" gap={12}>
        <HolderOutlined style={{ color: '#8c8c8c' }} />
        <Tag style={{ minWidth: 32, textAlign: 'center' }}>{index + 1}</Tag>
        {render(row)}
      </Flex>
    </div>
  );
}

/**
 * Reorders every record of a resource by dragging (mouse, touch, or Space + arrow keys) and saves the order with the
 * `save` endpoint (`PUT <resources>/positions { ids }`); the server refuses an order of a list that changed meanwhile.
 * `texts` are translation keys with their English defaults.
 */
export function OrderButton<T extends Orderable>(props: {
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
}) {
  const { t } = useTranslation();
  const ids = props.testId ?? 'order';
  const [open, setOpen] = useState(false);
  const [order, setOrder] = useState<T[] | null>(null);
  const queryClient = useQueryClient();
  const keys = resourceKeys(props.resource);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
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
      setOpen(false);
      setOrder(null);
      await queryClient.invalidateQueries({ queryKey: keys.all });
    },
  });

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setOrder(arrayMove(rows, rows.findIndex((r) => r.id === active.id), rows.findIndex((r) => r.id === over.id)));
  };
  const close = () => {
    setOpen(false);
    setOrder(null);
    save.reset();
  };

  return (
    <>
      <Button icon={<OrderedListOutlined />} onClick={() => setOpen(true)} data-testid={`${ids}-open`}>
        {t(...props.texts.open)}
      </Button>
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
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext items={rows.map((r) => r.id)} strategy={verticalListSortingStrategy}>
              <div data-testid={`${ids}-list`}>
                {rows.map((row, i) => (
                  <SortableItem key={row.id} row={row} index={i} render={props.render} name={props.name} />
                ))}
              </div>
            </SortableContext>
          </DndContext>
        )}
      </Drawer>
    </>
  );
}
