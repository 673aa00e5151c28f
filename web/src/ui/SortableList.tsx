import { Button, Flex, Tag } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';

export interface Orderable {
  id: number;
}

/** Where an item moves: from one place to another. */
type Move = (from: number, to: number) => void;

/** The list with the item at `from` moved to `to`. */
export const moveItem = <T,>(items: readonly T[], from: number, to: number): T[] => arrayMove([...items], from, to);

interface ItemProps<T extends Orderable> {
  row: T;
  index: number;
  count: number;
  move: Move;
  render: (row: T, index: number) => React.ReactNode;
  name?: ((row: T) => string) | undefined;
  handleOnly: boolean;
}

function SortableItem<T extends Orderable>({ row, index, count, move, render, name, handleOnly }: ItemProps<T>) {
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
        cursor: handleOnly ? undefined : 'grab',
        touchAction: handleOnly ? undefined : 'none',
      }}
      data-testid={`order-item-${row.id}`}
      data-order-name={name?.(row)}
      // The whole item drags under a pointer (or only its handle, when the item holds inputs); the keyboard drags by the
      // handle, and the arrows move without dragging.
      onPointerDown={handleOnly ? undefined : (e) => listeners?.onPointerDown?.(e)}
    >
      <Flex align={handleOnly ? 'flex-start' : 'center'} gap={12}>
        <span
          ref={setActivatorNodeRef}
          {...attributes}
          onKeyDown={(e) => listeners?.onKeyDown?.(e)}
          onPointerDown={handleOnly ? (e) => listeners?.onPointerDown?.(e) : undefined}
          aria-label={t('ui.dragItem', 'Drag {{name}}', { name: label })}
          style={{ display: 'inline-flex', padding: 4, color: '#595959', cursor: 'grab', touchAction: 'none' }}
        >
          <HolderOutlined />
        </span>
        <Tag style={{ minWidth: 32, textAlign: 'center' }}>{index + 1}</Tag>
        <Flex align={handleOnly ? 'stretch' : 'center'} vertical={handleOnly} gap={12} style={{ flex: 1, minWidth: 0 }}>
          {render(row, index)}
        </Flex>
        <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={t('ui.moveUp', 'Move {{name}} up', { name: label })} data-testid={`order-up-${row.id}`} />
        <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={index === count - 1} onClick={() => move(index, index + 1)} aria-label={t('ui.moveDown', 'Move {{name}} down', { name: label })} data-testid={`order-down-${row.id}`} />
      </Flex>
    </div>
  );
}

/**
 * Items ordered by dragging (mouse, touch, or Space + arrow keys on an item's handle) or by each item's up and down
 * arrows. The parent keeps the order: `move(from, to)` asks it to move one item.
 */
export function SortableList<T extends Orderable>(props: {
  items: readonly T[];
  move: Move;
  render: (row: T, index: number) => React.ReactNode;
  name?: ((row: T) => string) | undefined;
  testId?: string;
  /** Drag only by the handle: the items hold inputs a pointer must reach. */
  handleOnly?: boolean;
}) {
  const { items, move } = props;
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(items.findIndex((r) => r.id === active.id), items.findIndex((r) => r.id === over.id));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={items.map((r) => r.id)} strategy={verticalListSortingStrategy}>
        <div data-testid={props.testId}>
          {items.map((row, i) => (
            <SortableItem key={row.id} row={row} index={i} count={items.length} move={move} render={props.render} name={props.name} handleOnly={props.handleOnly ?? false} />
          ))}
        </div>
      </SortableContext>
    </DndContext>
  );
}
