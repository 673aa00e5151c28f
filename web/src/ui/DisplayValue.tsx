import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRupiah } from '@portal/contract';
import { useLang } from '../lib/i18n.ts';
import { fieldOf, type DisplayDef } from './resource.ts';
import { StatusTag } from './StatusTag.tsx';

const numberFormat = new Intl.NumberFormat('id-ID');

/** One value of a row, formatted by its kind: dates in Asia/Jakarta, money in Rupiah, enums as coloured tags. */
export function DisplayValue<Row extends object>({ def, row }: { def: DisplayDef<Row>; row: Row }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (def.component) {
    const Custom = def.component;
    return <Custom row={row} />;
  }
  const value = fieldOf(row, def.key);
  switch (def.kind ?? 'text') {
    case 'date':
      return <>{typeof value === 'string' ? formatDateTime(value, lang) : '-'}</>;
    case 'rupiah':
      return <>{typeof value === 'number' ? formatRupiah(value) : '-'}</>;
    case 'number':
      return <>{typeof value === 'number' ? numberFormat.format(value) : '-'}</>;
    case 'status':
      return def.enum ? <StatusTag table={def.enum} value={value} /> : <>{text(value)}</>;
    case 'tag':
      if (def.enum) return <StatusTag table={def.enum} value={value} />;
      if (Array.isArray(value)) return <>{value.map((v) => <Tag key={String(v)}>{String(v)}</Tag>)}</>;
      return value === null || value === undefined || value === '' ? <>-</> : <Tag>{String(value)}</Tag>;
    case 'boolean':
      return <>{value === true ? t('ui.yes', 'Yes') : value === false ? t('ui.no', 'No') : '-'}</>;
    default:
      return <>{text(value)}</>;
  }
}

function text(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
