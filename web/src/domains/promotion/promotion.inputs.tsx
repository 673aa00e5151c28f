import { createElement } from 'react';
import { Button, Flex, Form, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatRupiah, freeGiftsApi, regionStoreRow } from '@portal/contract';
import { pickedId, remoteSelect, type Picked } from '../../ui/RemoteSelect.tsx';
import type { CustomInputProps } from '../../ui/resource.ts';
import { singleProductPicker } from '../catalog/ecommerce.pickers.ts';

/** Tags of a detail's list, or a dash. */
export function tagList(items: readonly string[], color?: string) {
  if (!items.length) return createElement(Typography.Text, { type: 'secondary' }, '-');
  return createElement(Space, { size: [4, 8], wrap: true }, ...items.map((text) => createElement(Tag, { key: text, color }, text)));
}

/** A promo value: percent for a percentage promo, Rupiah for an amount. */
export const promoValueText = (promoType: number, value: number) => (promoType === 1 ? `${value}%` : formatRupiah(value));

/** Whether a promo's phone numbers came masked (`6281******890`). */
export const hasMaskedPhones = (phones: unknown): boolean => Array.isArray(phones) && phones.some((p) => typeof p === 'string' && p.includes('*'));

/**
 * Consumers of a promo as phone numbers: typed or pasted (comma, space or new line between them), each a tag. The
 * contract checks and normalises them (08… and +628… become 628…).
 */
export function PhoneTagsInput({ id, value, onChange, disabled }: CustomInputProps) {
  const { t } = useTranslation();
  const phones = Array.isArray(value) ? (value as string[]) : [];
  // Numbers come masked to a role without the consumer personal-data right: shown, not editable, and not sent back.
  if (hasMaskedPhones(phones)) {
    return (
      <Flex vertical gap={4} id={id} data-testid={id ? `field-${id}` : undefined}>
        {tagList(phones)}
        <Typography.Text type="secondary">
          {t('promotion.promo.maskedConsumers', 'The phone numbers are masked: changing them needs the Consumer Personal Data right. Saving keeps them as they are.')}
        </Typography.Text>
      </Flex>
    );
  }
  return (
    <Select<string[]>
      id={id}
      mode="tags"
      open={false}
      suffixIcon={null}
      tokenSeparators={[',', ' ', '\n', ';']}
      disabled={disabled}
      value={phones}
      placeholder={t('promotion.promo.placeholders.consumers', 'Type or paste phone numbers, e.g. 081234567890')}
      style={{ width: '100%' }}
      data-testid={id ? `field-${id}` : undefined}
      onChange={(v) => onChange?.(v.map((s) => s.trim()).filter(Boolean))}
    />
  );
}

/** One gift line of a free gift as the form holds it. */
export interface GiftLine {
  product?: Picked;
  quantity?: number;
}

/** Present for assistive technology, invisible on screen. */
const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** The gift products of a free gift: a product (searched by PLU or name) and its quantity per line. */
export function GiftProductsInput({ id, value, onChange, disabled }: CustomInputProps) {
  const { t } = useTranslation();
  const lines: GiftLine[] = Array.isArray(value) ? (value as GiftLine[]) : [];
  const set = (next: GiftLine[]) => onChange?.(next);
  const Product = singleProductPicker;
  return (
    <Flex vertical gap={8} id={id} data-testid="gift-products">
      {lines.map((line, i) => (
        <Flex key={i} gap={8} align="center">
          <div style={{ flex: 1, minWidth: 0 }}>
            {/* Named for screen readers; the lines' column header says it for the eye. */}
            <label htmlFor={`${id ?? 'gift'}_${i}_product`} style={VISUALLY_HIDDEN}>
              {t('promotion.freeGift.giftProduct', 'Gift product {{n}}', { n: i + 1 })}
            </label>
            <Product
              id={`${id ?? 'gift'}_${i}_product`}
              value={line.product}
              disabled={disabled}
              onChange={(p) => set(lines.map((l, j) => (j === i ? { ...l, product: p as Picked | undefined } : l)))}
            />
          </div>
          <InputNumber<number>
            min={1}
            max={99}
            precision={0}
            value={line.quantity ?? null}
            disabled={disabled}
            style={{ width: 110 }}
            prefix="×"
            aria-label={t('promotion.freeGift.fields.quantity', 'Quantity')}
            data-testid={`gift-quantity-${i}`}
            onChange={(q) => set(lines.map((l, j) => (j === i ? { ...l, quantity: q ?? undefined } : l)))}
          />
          <Button icon={<DeleteOutlined />} disabled={disabled} aria-label={t('ui.delete', 'Delete')} onClick={() => set(lines.filter((_, j) => j !== i))} />
        </Flex>
      ))}
      <Button icon={<PlusOutlined />} disabled={disabled || lines.length >= 50} onClick={() => set([...lines, { quantity: 1 }])} style={{ alignSelf: 'flex-start' }} data-testid="gift-add">
        {t('promotion.freeGift.addGift', 'Add gift product')}
      </Button>
    </Flex>
  );
}

/** Gift lines to the body's `products`. */
export const giftLinesToBody = (v: unknown) =>
  (Array.isArray(v) ? (v as GiftLine[]) : []).map((l) => ({ product_id: pickedId(l.product), quantity: l.quantity }));

/** Stores of the chosen regions (`free-gifts/region-stores?province_code=31,32`), searched by code or name. */
export const regionStorePicker = remoteSelect({
  resource: 'store',
  endpoint: freeGiftsApi.regionStores,
  row: regionStoreRow,
  toOption: (s) => ({ value: s.id, label: `${s.code} · ${s.name}` }),
  multiple: true,
  placeholder: 'Type a store code or name',
  useExtraQuery: () => {
    const form = Form.useFormInstance();
    const codes: unknown = Form.useWatch('province_codes', form);
    return Array.isArray(codes) && codes.length ? { province_code: codes.map(String).join(',') } : null;
  },
});
