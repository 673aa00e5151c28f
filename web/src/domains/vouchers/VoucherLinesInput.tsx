import { Button, InputNumber, Select, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { VOUCHER_ORDER_MAX_LINES, VOUCHER_ORDER_MAX_VOUCHERS, voucherProductsApi } from '@portal/contract';
import { call } from '../../lib/call.ts';
import { formatCount, formatRupiah } from '../../lib/format.ts';
import { resourceKeys } from '../../lib/query-keys.ts';
import type { CustomInputProps } from '../../ui/resource.ts';

/** One line as the form holds it; the product is chosen from the voucher products on sale. */
export interface VoucherLine {
  voucher_product_id?: number;
  quantity?: number | null;
}

const ON_SALE = { is_all: 'true', status: 1, sort_by: 'denomination', sort_dir: 'asc' } as const;

/**
 * The order's lines: a voucher product and a quantity each, one line per product, with the running count of vouchers
 * and the total in Rupiah at today's denominations (the server computes the same on placing).
 */
export function VoucherLinesInput({ id, value, onChange, disabled }: CustomInputProps) {
  const { t } = useTranslation();
  const lines = (Array.isArray(value) ? value : [{}]) as VoucherLine[];
  const products = useQuery({
    queryKey: resourceKeys('voucher-product').list({ ...ON_SALE, via: 'order-lines' }),
    queryFn: async () => (await call(voucherProductsApi.list, { query: ON_SALE })).data.data,
    staleTime: 60_000,
  });
  const byId = new Map((products.data ?? []).map((p) => [p.id, p]));
  const set = (next: VoucherLine[]) => onChange?.(next);
  const change = (i: number, patch: Partial<VoucherLine>) => set(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const count = lines.reduce((n, l) => n + (l.quantity ?? 0), 0);
  const total = lines.reduce((n, l) => n + (l.quantity ?? 0) * (byId.get(l.voucher_product_id ?? 0)?.denomination ?? 0), 0);
  return (
    <div id={id} data-testid="voucher-lines">
      {lines.map((line, i) => {
        const taken = new Set(lines.filter((_, j) => j !== i).map((l) => l.voucher_product_id));
        const product = byId.get(line.voucher_product_id ?? 0);
        return (
          <Space key={i} align="center" wrap style={{ display: 'flex', marginBottom: 8 }}>
            <Select
              aria-label={t('voucher.order.lines.voucher', 'Voucher {{n}}', { n: i + 1 })}
              style={{ width: 340 }}
              showSearch={{ optionFilterProp: 'label' }}
              loading={products.isFetching}
              disabled={disabled}
              placeholder={t('voucher.order.lines.choose', 'Choose a voucher')}
              value={line.voucher_product_id}
              onChange={(v: number) => change(i, { voucher_product_id: v })}
              options={(products.data ?? []).map((p) => ({ value: p.id, label: `${p.voucher_code} · ${p.name}`, disabled: taken.has(p.id) }))}
              data-testid={`voucher-line-product-${i}`}
            />
            <InputNumber
              aria-label={t('voucher.order.lines.quantity', 'Quantity of voucher {{n}}', { n: i + 1 })}
              min={1}
              max={VOUCHER_ORDER_MAX_VOUCHERS}
              precision={0}
              disabled={disabled}
              placeholder={t('voucher.order.lines.quantityPlaceholder', 'Quantity')}
              value={line.quantity ?? null}
              onChange={(q) => change(i, { quantity: q })}
              style={{ width: 140 }}
              data-testid={`voucher-line-quantity-${i}`}
            />
            <Typography.Text type="secondary" style={{ minWidth: 150, display: 'inline-block' }}>
              {product && line.quantity ? formatRupiah(product.denomination * line.quantity) : ''}
            </Typography.Text>
            {lines.length > 1 && (
              <Button type="link" danger disabled={disabled} onClick={() => set(lines.filter((_, j) => j !== i))} data-testid={`voucher-line-remove-${i}`}>
                {t('voucher.order.lines.remove', 'Remove')}
              </Button>
            )}
          </Space>
        );
      })}
      <Space style={{ display: 'flex', justifyContent: 'space-between' }} wrap>
        <Button onClick={() => set([...lines, {}])} disabled={disabled || lines.length >= VOUCHER_ORDER_MAX_LINES} data-testid="voucher-line-add">
          {t('voucher.order.lines.add', 'Add voucher')}
        </Button>
        <Typography.Text strong data-testid="voucher-lines-total">
          {t('voucher.order.lines.total', '{{vouchers}} vouchers · {{total}}', { vouchers: formatCount(count), total: formatRupiah(total) })}
        </Typography.Text>
      </Space>
    </div>
  );
}
