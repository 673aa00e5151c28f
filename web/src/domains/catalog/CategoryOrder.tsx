import { useState } from 'react';
import { Alert, Button, Drawer, Empty, Flex, Spin, Tag, Typography } from 'antd';
import { HolderOutlined, OrderedListOutlined } from '@ant-design/icons';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CategoryRow } from '@portal/contract';
import { api, type Paged } from '../../lib/api.ts';
import { resourceKeys } from '../../lib/query-keys.ts';
import { errorMessage, notifySuccess } from '../../app/notifier.tsx';

function SortableItem({ row, index }: { row: CategoryRow; index: number }) {
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
      data-category-name={row.name}
      {...attributes}
      {...listeners}
    >
      <Flex align="center" gap={12}>
        <HolderOutlined style={{ color: '#8c8c8c' }} />
        <Tag style={{ minWidth: 32, textAlign: 'center' }}>{index + 1}</Tag>
        <Typography.Text strong>{row.name}</Typography.Text>
        <Typography.Text type="secondary">{row.code}</Typography.Text>
      </Flex>
    </div>
  );
}

/**
 * Reorders the parent categories by dragging (mouse, touch, or Space + arrow keys) and saves the order with
 * `PUT parent-categories/positions`; the server refuses an order of a list that changed meanwhile.
 */
export function CategoryOrderButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [order, setOrder] = useState<CategoryRow[] | null>(null);
  const queryClient = useQueryClient();
  const keys = resourceKeys('parent-category');
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const list = useQuery({
    queryKey: keys.list({ is_all: true, sort_by: 'position', sort_dir: 'asc', via: 'order' }),
    queryFn: async () => (await api.get<Paged<CategoryRow>>('parent-categories', { is_all: 'true', sort_by: 'position', sort_dir: 'asc' })).data.data,
    enabled: open,
  });
  const rows = order ?? list.data ?? [];
  const changed = !!order && !!list.data && order.some((r, i) => r.id !== list.data[i]?.id);

  const save = useMutation({
    mutationFn: () => api.put('parent-categories/positions', { ids: rows.map((r) => r.id) }),
    onSuccess: async () => {
      notifySuccess(t('catalog.order.saved', 'Category order saved'));
      setOpen(false);
      setOrder(null);
      await queryClient.invalidateQueries({ queryKey: keys.all });
    },
  });

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = rows.findIndex((r) => r.id === active.id);
    const to = rows.findIndex((r) => r.id === over.id);
    setOrder(arrayMove(rows, from, to));
  };

  const close = () => {
    setOpen(false);
    setOrder(null);
    save.reset();
  };

  return (
    <>
      <Button icon={<OrderedListOutlined />} onClick={() => setOpen(true)} data-testid="category-order-open">
        {t('catalog.order.open', 'Reorder')}
      </Button>
      <Drawer
        title={t('catalog.order.title', 'Order of parent categories')}
        open={open}
        onClose={close}
        size={460}
        extra={
          <Button type="primary" disabled={!changed} loading={save.isPending} onClick={() => save.mutate()} data-testid="category-order-save">
            {t('ui.save', 'Save')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t('catalog.order.help', 'Drag a category to its place, or focus it and use Space and the arrow keys. The app shows categories in this order.')}</Typography.Paragraph>
        {save.isError && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={errorMessage(save.error)} data-testid="category-order-error" />}
        {list.isPending ? (
          <Spin />
        ) : rows.length === 0 ? (
          <Empty />
        ) : (
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext items={rows.map((r) => r.id)} strategy={verticalListSortingStrategy}>
              <div data-testid="category-order-list">
                {rows.map((row, i) => (
                  <SortableItem key={row.id} row={row} index={i} />
                ))}
              </div>
            </SortableContext>
          </DndContext>
        )}
      </Drawer>
    </>
  );
}
