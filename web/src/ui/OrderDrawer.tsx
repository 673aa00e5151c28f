import { useState } from 'react';
import { Alert, Button, Drawer, Empty, Flex, Spin, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
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

export interface Orderable {
  id: number;
}

/** Where a button moves an item: one place up or down. */
type Move = (from: number, to: number) => void;

function SortableItem<T extends Orderable>(props: { row: T; index: number; count: number; move: Move; render: (row: T) => React.ReactNode; name?: (row: T) => string }) {
  const { row, index, count, move, render, name } = props;
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: row.id });
  const label = name?.(row) ?? String(index + 1);
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
      // The whole item drags under a pointer; the keyboard drags by the handle, and the arrows move without dragging.
      onPointerDown={(e) => listeners?.onPointerDown?.(e)}
    >
      <Flex align="center" gap={12}>
        <span ref={setActivatorNodeRef} {...attributes} onKeyDown={(e) => listeners?.onKeyDown?.(e)} aria-label={t('ui.dragItem', 'Drag {{name}}', { name: label })} style={{ display: 'inline-flex', padding: 4, color: '#595959' }}>
          <HolderOutlined />
        </span>
        <Tag style={{ minWidth: 32, textAlign: 'center' }}>{index + 1}</Tag>
        <Flex align="center" gap={12} style={{ flex: 1, minWidth: 0 }}>
          {render(row)}
        </Flex>
        <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={t('ui.moveUp', 'Move {{name}} up', { name: label })} data-testid={`order-up-${row.id}`} />
        <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={index === count - 1} onClick={() => move(index, index + 1)} aria-label={t('ui.moveDown', 'Move {{name}} down', { name: label })} data-testid={`order-down-${row.id}`} />
      </Flex>
    </div>
  );
}

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
      onClose();
      setOrder(null);
      await queryClient.invalidateQueries({ queryKey: keys.all });
    },
  });

  const move: Move = (from, to) => setOrder(arrayMove(rows, from, to));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(rows.findIndex((r) => r.id === active.id), rows.findIndex((r) => r.id === over.id));
  };
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
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={rows.map((r) => r.id)} strategy={verticalListSortingStrategy}>
            <div data-testid={`${ids}-list`}>
              {rows.map((row, i) => (
                <SortableItem key={row.id} row={row} index={i} count={rows.length} move={move} render={props.render} name={props.name} />
              ))}
            </div>
          </SortableContext>
        </DndContext>
      )}
    </Drawer>
  );
}
