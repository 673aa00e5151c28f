import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { formatDate } from '@portal/contract';
import { useLang } from '../lib/i18n.ts';
import type { CustomInputProps, DisplayDef } from './resource.ts';

/** A whole day as the contract carries it (YYYY-MM-DD), picked from a calendar and shown as DD/MMM/YYYY. */
export function DayInput({ id, value, onChange, disabled }: CustomInputProps) {
  const text = typeof value === 'string' && value ? value : null;
  return (
    <DatePicker
      id={id}
      format="DD/MMM/YYYY"
      disabled={disabled}
      style={{ width: '100%' }}
      data-testid={id ? `field-${id}` : undefined}
      value={text ? dayjs(text) : null}
      onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : undefined)}
    />
  );
}

/** A list column or detail item of a YYYY-MM-DD day, shown as DD/MMM/YYYY (no time: a day has none). */
export function dayDisplay<Row extends object>(key: string & keyof Row, label: string, extra: { sortable?: boolean } = {}): DisplayDef<Row> & { sortable?: boolean } {
  function Day({ row }: { row: Row }) {
    const lang = useLang();
    const v = row[key];
    return <>{typeof v === 'string' ? formatDate(v, lang) : '-'}</>;
  }
  return { key, label, kind: 'custom', component: Day, ...extra };
}
