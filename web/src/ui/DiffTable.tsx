import { useState, type ReactNode } from 'react';
import { Flex, Switch, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@portal/contract';
import { diffRows, type DiffRow } from './diff.ts';
import { useLang } from '../lib/i18n.ts';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const CHANGED_BACKGROUND = '#fff7e6';

function Value({ value, lang }: { value: unknown; lang: 'en' | 'id' }) {
  if (value === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  if (value === null || value === '') return <Typography.Text type="secondary">-</Typography.Text>;
  if (typeof value === 'string' && ISO_DATE_TIME.test(value)) return <>{formatDateTime(value, lang)}</>;
  if (Array.isArray(value))
    return (
      <div style={{ maxHeight: 240, overflow: 'auto' }}>
        {value.length === 0 ? '[]' : value.map((v, i) => <div key={i}>{typeof v === 'object' && v !== null ? compact(v) : String(v)}</div>)}
      </div>
    );
  if (typeof value === 'object') return <>{JSON.stringify(value)}</>;
  return <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{String(value)}</span>;
}

/** `{ entry: 'cms.role', action: 'view' }` → `entry: cms.role, action: view`. */
const compact = (v: object) =>
  Object.entries(v)
    .map(([k, x]) => `${k}: ${typeof x === 'object' && x !== null ? JSON.stringify(x) : String(x)}`)
    .join(', ');

/** How a screen that knows its record names a field and shows its values (an enum's label rather than its number). */
export interface DiffField {
  label: string;
  render?: (value: unknown) => ReactNode;
}

/**
 * Field | before | after over two versions of a record, nested objects flattened, changed rows highlighted. With
 * `fields`, only those fields are listed, by their label, each value through its own `render`.
 */
export function DiffTable({ before, after, fields }: { before: unknown; after: unknown; fields?: Record<string, DiffField> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const rows = fields ? diffRows(before, after).filter((r) => r.path in fields) : diffRows(before, after);
  const show = (r: DiffRow, value: unknown) => {
    const render = fields?.[r.path]?.render;
    return render && value !== undefined && value !== null && value !== '' ? render(value) : <Value value={value} lang={lang} />;
  };
  const changedCount = rows.filter((r) => r.changed).length;
  const [onlyChanged, setOnlyChanged] = useState(false);
  const shown = onlyChanged ? rows.filter((r) => r.changed) : rows;
  return (
    <div data-testid="diff-table">
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Text data-testid="diff-changed-count">{t('ui.diffChanged', '{{count}} changed', { count: changedCount })}</Typography.Text>
        <Flex gap={8} align="center">
          <Switch size="small" checked={onlyChanged} onChange={setOnlyChanged} aria-label={t('ui.diffOnlyChanged', 'Only changed fields')} data-testid="diff-only-changed" />
          <span>{t('ui.diffOnlyChanged', 'Only changed fields')}</span>
        </Flex>
      </Flex>
      <Table<DiffRow>
        size="small"
        rowKey="path"
        pagination={false}
        dataSource={shown}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('ui.diffEmpty', 'No recorded values') }}
        onRow={(row) => {
          const attrs = {
            'data-testid': `diff-row-${row.path}`,
            'data-changed': String(row.changed),
            style: row.changed ? { background: CHANGED_BACKGROUND } : undefined,
          };
          return attrs;
        }}
        columns={[
          {
            key: 'path',
            title: t('ui.diffField', 'Field'),
            render: (_, r) => (fields?.[r.path] ? fields[r.path]!.label : <Typography.Text code>{r.path || '(value)'}</Typography.Text>),
          },
          { key: 'before', title: t('ui.diffBefore', 'Before'), render: (_, r) => show(r, r.before) },
          {
            key: 'after',
            title: t('ui.diffAfter', 'After'),
            render: (_, r) => (r.changed ? <Typography.Text strong>{show(r, r.after)}</Typography.Text> : show(r, r.after)),
          },
        ]}
      />
    </div>
  );
}
