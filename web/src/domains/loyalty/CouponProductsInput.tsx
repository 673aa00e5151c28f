import { Button, Flex, Input, InputNumber, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatRupiah, productRow, productsApi, type CouponSettingDetail } from '@portal/contract';
import { pickedId, remoteSelect, type Picked } from '../../ui/RemoteSelect.tsx';
import type { CustomInputProps } from '../../ui/resource.ts';

/** One product coupon line as the form holds it. */
export interface CouponLine {
  product?: Picked;
  supplier?: string;
  coupon_amount?: number;
}

/** A catalogue product, searched by PLU or name. */
const productPicker = remoteSelect({
  resource: 'product',
  endpoint: productsApi.list,
  row: productRow.pick({ id: true, plu: true, name: true }),
  toOption: (p) => ({ value: p.id, label: `${p.plu} · ${p.name}` }),
  query: { status: 1, sort_by: 'plu', sort_dir: 'asc' },
  placeholder: 'Type a PLU or product name',
});

/** Present for assistive technology, invisible on screen. */
const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** The product lines of a by-PLU coupon: a catalogue product, its supplier and the Rupiah the coupon takes off it. */
export function CouponProductsInput({ id, value, onChange, disabled }: CustomInputProps) {
  const { t } = useTranslation();
  const lines: CouponLine[] = Array.isArray(value) ? (value as CouponLine[]) : [];
  const set = (next: CouponLine[]) => onChange?.(next);
  const change = (i: number, patch: Partial<CouponLine>) => set(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const Product = productPicker;
  return (
    <Flex vertical gap={8} id={id} data-testid="coupon-products">
      {lines.map((line, i) => (
        <Flex key={i} gap={8} align="center" wrap>
          <div style={{ flex: 2, minWidth: 220 }}>
            <label htmlFor={`${id ?? 'coupon'}_${i}_product`} style={VISUALLY_HIDDEN}>
              {t('loyalty.coupon.productN', 'Product {{n}}', { n: i + 1 })}
            </label>
            <Product id={`${id ?? 'coupon'}_${i}_product`} value={line.product} disabled={disabled} onChange={(p) => change(i, { product: p as Picked | undefined })} />
          </div>
          <Input
            style={{ flex: 1, minWidth: 160 }}
            value={line.supplier ?? ''}
            disabled={disabled}
            placeholder={t('loyalty.coupon.fields.supplier', 'Supplier')}
            aria-label={t('loyalty.coupon.supplierN', 'Supplier of product {{n}}', { n: i + 1 })}
            data-testid={`coupon-supplier-${i}`}
            onChange={(e) => change(i, { supplier: e.target.value })}
          />
          <InputNumber<number>
            min={1}
            precision={0}
            value={line.coupon_amount ?? null}
            disabled={disabled}
            style={{ width: 170 }}
            prefix="Rp"
            formatter={(v) => (v === undefined || v === null ? '' : String(v).replace(/\B(?=(\d{3})+(?!\d))/g, '.'))}
            parser={(v) => Number((v ?? '').replace(/\D/g, ''))}
            aria-label={t('loyalty.coupon.amountN', 'Coupon amount of product {{n}}', { n: i + 1 })}
            data-testid={`coupon-amount-${i}`}
            onChange={(q) => change(i, { coupon_amount: q ?? undefined })}
          />
          <Button icon={<DeleteOutlined />} disabled={disabled} aria-label={t('ui.delete', 'Delete')} onClick={() => set(lines.filter((_, j) => j !== i))} />
        </Flex>
      ))}
      <Button icon={<PlusOutlined />} disabled={disabled || lines.length >= 200} onClick={() => set([...lines, {}])} style={{ alignSelf: 'flex-start' }} data-testid="coupon-product-add">
        {t('loyalty.coupon.addProduct', 'Add product')}
      </Button>
    </Flex>
  );
}

/** Product lines to the body's `products`. */
export const couponLinesToBody = (v: unknown) =>
  (Array.isArray(v) ? (v as CouponLine[]) : []).map((l) => ({ product_id: pickedId(l.product), supplier: l.supplier?.trim() ? l.supplier.trim() : null, coupon_amount: l.coupon_amount }));

/** A saved coupon's product lines to the form's. */
export const couponLinesOf = (d: CouponSettingDetail): CouponLine[] =>
  d.products.map((p) => ({ product: { value: p.product_id, label: `${p.product_sku} · ${p.product_name}` }, supplier: p.supplier ?? '', coupon_amount: p.coupon_amount }));

/** The detail's product coupons (spec section 3: product_sku, product_name, supplier, normal_price, coupon_amount). */
export function CouponProductsTable({ row }: { row: CouponSettingDetail }) {
  const { t } = useTranslation();
  if (!row.products.length) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Table
      size="small"
      rowKey="product_id"
      pagination={false}
      dataSource={row.products}
      data-testid="coupon-products-table"
      columns={[
        { key: 'sku', title: t('loyalty.coupon.fields.product_sku', 'Product SKU'), dataIndex: 'product_sku' },
        { key: 'name', title: t('loyalty.coupon.fields.product_name', 'Product Name'), dataIndex: 'product_name' },
        { key: 'supplier', title: t('loyalty.coupon.fields.supplier', 'Supplier'), render: (_, p) => p.supplier ?? '-' },
        { key: 'price', title: t('loyalty.coupon.fields.normal_price', 'Normal Price'), align: 'right', render: (_, p) => formatRupiah(p.normal_price) },
        { key: 'amount', title: t('loyalty.coupon.fields.coupon_amount', 'Coupon Amount'), align: 'right', render: (_, p) => <Tag color="green">{formatRupiah(p.coupon_amount)}</Tag> },
      ]}
    />
  );
}

/** "10% up to Rp 25.000" or "Rp 20.000". */
export function DiscountText({ row }: { row: { promo_type: number; discount_value: number; max_discount: number | null } }) {
  const { t } = useTranslation();
  if (row.promo_type !== 1) return <span>{formatRupiah(row.discount_value)}</span>;
  return (
    <Space size={4}>
      <span>{row.discount_value}%</span>
      {row.max_discount !== null && <Typography.Text type="secondary">{t('loyalty.coupon.upTo', 'up to {{max}}', { max: formatRupiah(row.max_discount) })}</Typography.Text>}
    </Space>
  );
}
