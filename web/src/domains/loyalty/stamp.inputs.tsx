import { createElement } from 'react';
import { Image, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CustomInputProps } from '../../ui/resource.ts';

/** Tags of a detail's list, or a dash. */
export function stampTagList(items: readonly string[], color?: string) {
  if (!items.length) return createElement(Typography.Text, { type: 'secondary' }, '-');
  return createElement(Space, { size: [4, 8], wrap: true }, ...items.map((text) => createElement(Tag, { key: text, color }, text)));
}

/** The stores of a programme's scope, or "Every store" when none is listed. */
export function ProgrammeStores({ stores }: { stores: readonly { code: string; name: string }[] }) {
  const { t } = useTranslation();
  if (!stores.length) return <Typography.Text>{t('loyalty.stamp.everyStore', 'Every store')}</Typography.Text>;
  return stampTagList(stores.map((s) => `${s.code} · ${s.name}`));
}

/** Sponsor products of a programme as PLUs: typed or pasted (comma, space, new line or semicolon between them), each a tag. */
export function SponsorPluInput({ id, value, onChange, disabled }: CustomInputProps) {
  const { t } = useTranslation();
  const plus = Array.isArray(value) ? (value as string[]) : [];
  return (
    <Select<string[]>
      id={id}
      mode="tags"
      open={false}
      suffixIcon={null}
      tokenSeparators={[',', ' ', '\n', ';']}
      disabled={disabled}
      value={plus}
      placeholder={t('loyalty.stamp.placeholders.sponsor_plus', 'Type or paste PLUs, e.g. 100234')}
      style={{ width: '100%' }}
      data-testid={id ? `field-${id}` : undefined}
      onChange={(v) => onChange?.(v.map((s) => s.trim()).filter(Boolean))}
    />
  );
}

/** A reward's picture, or a dash. */
export function RewardImage({ row }: { row: { image_url: string | null; name: string } }) {
  if (!row.image_url) return <Typography.Text type="secondary">-</Typography.Text>;
  return <Image src={row.image_url} alt={row.name} width={120} />;
}
