import { Tag } from 'antd';
import { useLang } from '../lib/i18n.ts';
import type { EnumTableLike } from './resource.ts';

/**
 * A workflow status as the spec's status tables show it (orders, top-ups): its code, its text (Indonesian when the UI
 * is) and its colour. StatusTag shows the text alone.
 */
export function CodedStatusTag({ table, status, testId }: { table: EnumTableLike; status: number; testId: string }) {
  const lang = useLang();
  const option = table.options.find((o) => o.value === status);
  const text = option ? (lang === 'id' && option.labelId ? option.labelId : option.label) : '';
  return (
    <Tag color={option?.color === 'default' ? undefined : option?.color} data-testid={testId} data-value={status}>
      {option ? `${status} · ${text}` : status}
    </Tag>
  );
}
