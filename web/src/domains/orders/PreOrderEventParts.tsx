import { Button, Flex, InputNumber, Progress, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PRE_ORDER_MAX_PRODUCTS, PRE_ORDER_MAX_QUOTA, formatCount, preOrderPhase, type PreOrderEventDetail, type PreOrderEventRow, type PreOrderPhase } from '@portal/contract';
import { useFormat } from '../../lib/format.ts';
import { pickedId, type Picked } from '../../ui/RemoteSelect.tsx';
import type { CustomInputProps } from '../../ui/resource.ts';
import { singleProductPicker } from '../catalog/ecommerce.pickers.ts';

/*
 * The pieces of cms Pre-order Events' generic screens: where an event stands, its windows, its products against their
 * quotas, and the form's product lines.
 */

const PHASE_COLOR: Record<PreOrderPhase, string> = { upcoming: 'blue', open: 'green', closed: 'default' };
const PHASE_TEXT: Record<PreOrderPhase, string> = { upcoming: 'Upcoming', open: 'Taking orders', closed: 'Closed' };

/** Before, in or after its order window, now. */
export function EventPhaseOf({ row }: { row: Pick<PreOrderEventRow, 'order_start' | 'order_end'> }) {
  const { t } = useTranslation();
  const phase = preOrderPhase(row, new Date());
  return (
    <Tag color={PHASE_COLOR[phase]} data-testid="event-phase">
      {t(`orders.preOrderEvent.phase.${phase}`, PHASE_TEXT[phase])}
    </Tag>
  );
}

/** The collection window, first and last day. */
export function CollectionWindowOf({ row }: { row: Pick<PreOrderEventRow, 'collection_start' | 'collection_end'> }) {
  const f = useFormat();
  const day = (d: string) => f.date(`${d}T12:00:00+07:00`);
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {day(row.collection_start)} – {day(row.collection_end)}
    </span>
  );
}

/** How much of a quota is held: a bar with the numbers beside it. */
export function QuotaBar({ ordered, quota }: { ordered: number; quota: number }) {
  const percent = quota > 0 ? Math.min(100, Math.round((ordered / quota) * 100)) : 0;
  return (
    <Flex align="center" gap={8} style={{ minWidth: 160 }}>
      <Progress percent={percent} size="small" showInfo={false} style={{ flex: 1, margin: 0 }} aria-label={`${formatCount(ordered)} / ${formatCount(quota)}`} />
      <span style={{ whiteSpace: 'nowrap' }}>
        {formatCount(ordered)} / {formatCount(quota)}
      </span>
    </Flex>
  );
}

/** The list's quota column: every product's units held against the quotas added up. */
export const EventQuotaOf = ({ row }: { row: PreOrderEventRow }) => <QuotaBar ordered={row.ordered_total} quota={row.quota_total} />;

/** The detail's products: each with its quota, what live pre-orders hold and what is left. */
export function EventProductsOf({ row }: { row: PreOrderEventDetail }) {
  const { t } = useTranslation();
  const label = (key: string, text: string) => t(`orders.preOrderEvent.fields.${key}`, text);
  return (
    <Table
      size="small"
      rowKey="product_id"
      pagination={false}
      data-testid="event-products"
      dataSource={row.products}
      columns={[
        { key: 'plu', title: label('plu', 'PLU'), dataIndex: 'plu', width: 120 },
        { key: 'name', title: label('product_name', 'Product'), dataIndex: 'name' },
        { key: 'quota', title: label('quota', 'Quota'), align: 'right', width: 100, render: (_, p) => formatCount(p.quota) },
        { key: 'ordered', title: label('ordered', 'Pre-ordered'), width: 220, render: (_, p) => <QuotaBar ordered={p.ordered} quota={p.quota} /> },
        { key: 'remaining', title: label('remaining', 'Quota Left'), align: 'right', width: 110, render: (_, p) => formatCount(p.quota - p.ordered) },
      ]}
    />
  );
}

/** The detail's stores, as tags. */
export function EventStoresOf({ row }: { row: PreOrderEventDetail }) {
  if (!row.stores.length) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Space size={[4, 8]} wrap>
      {row.stores.map((s) => (
        <Tag key={s.id}>
          {s.code} · {s.name}
        </Tag>
      ))}
    </Space>
  );
}

/** One product line of the form. */
export interface EventProductLine {
  product?: Picked;
  quota?: number;
}

const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** The event's products: a product (searched by PLU or name) and its quota for the whole event, per line. */
export function EventProductsInput({ id, value, onChange, disabled }: CustomInputProps) {
  const { t } = useTranslation();
  const lines: EventProductLine[] = Array.isArray(value) ? (value as EventProductLine[]) : [];
  const set = (next: EventProductLine[]) => onChange?.(next);
  const Product = singleProductPicker;
  return (
    <Flex vertical gap={8} id={id} data-testid="event-product-lines">
      {lines.map((line, i) => (
        <Flex key={i} gap={8} align="center">
          <div style={{ flex: 1, minWidth: 0 }}>
            <label htmlFor={`${id ?? 'product'}_${i}_product`} style={VISUALLY_HIDDEN}>
              {t('orders.preOrderEvent.productLine', 'Product {{n}}', { n: i + 1 })}
            </label>
            <Product
              id={`${id ?? 'product'}_${i}_product`}
              value={line.product}
              disabled={disabled}
              onChange={(p) => set(lines.map((l, j) => (j === i ? { ...l, product: p as Picked | undefined } : l)))}
            />
          </div>
          <InputNumber<number>
            min={1}
            max={PRE_ORDER_MAX_QUOTA}
            precision={0}
            value={line.quota ?? null}
            disabled={disabled}
            style={{ width: 150 }}
            placeholder={t('orders.preOrderEvent.fields.quota', 'Quota')}
            aria-label={t('orders.preOrderEvent.quotaOf', 'Quota of product {{n}}', { n: i + 1 })}
            data-testid={`event-quota-${i}`}
            onChange={(q) => set(lines.map((l, j) => (j === i ? { ...l, quota: q ?? undefined } : l)))}
          />
          <Button icon={<DeleteOutlined />} disabled={disabled} aria-label={t('ui.delete', 'Delete')} onClick={() => set(lines.filter((_, j) => j !== i))} />
        </Flex>
      ))}
      <Button
        icon={<PlusOutlined />}
        disabled={disabled || lines.length >= PRE_ORDER_MAX_PRODUCTS}
        onClick={() => set([...lines, {}])}
        style={{ alignSelf: 'flex-start' }}
        data-testid="event-add-product"
      >
        {t('orders.preOrderEvent.addProduct', 'Add product')}
      </Button>
    </Flex>
  );
}

/** The form's product lines to the body's `products`. */
export const productLinesToBody = (v: unknown) => (Array.isArray(v) ? (v as EventProductLine[]) : []).map((l) => ({ product_id: pickedId(l.product), quota: l.quota }));
