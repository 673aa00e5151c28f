import { Tag } from 'antd';
import { useLang } from '../lib/i18n.ts';
import type { EnumTableLike } from './resource.ts';

/** A contract enum value as a coloured tag: label (Indonesian when the UI is) and colour from the enum table. */
export function StatusTag({ table, value }: { table: EnumTableLike; value: unknown }) {
  const lang = useLang();
  if (value === null || value === undefined || value === '') return <>-</>;
  const option = table.options.find((o) => o.value === value || String(o.value) === String(value));
  if (!option) return <Tag>{String(value)}</Tag>;
  const label = lang === 'id' && option.labelId ? option.labelId : option.label;
  return (
    <Tag color={option.color === 'default' ? undefined : option.color} data-testid="status-tag" data-value={String(option.value)}>
      {label}
    </Tag>
  );
}
