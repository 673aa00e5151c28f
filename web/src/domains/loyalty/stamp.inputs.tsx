import { Image, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CustomInputProps } from '../../ui/resource.ts';

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
