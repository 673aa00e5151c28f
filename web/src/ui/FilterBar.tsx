import { useEffect, useRef, useState } from 'react';
import { Button, DatePicker, Input, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { OptionSelect } from './OptionSelect.tsx';
import type { FilterDef } from './resource.ts';

export type FilterValues = Record<string, string | number | undefined>;

const DEBOUNCE_MS = 400;

/** Text that reaches `onCommit` once typing pauses; follows `value` when the URL changes (back, reset). */
function useDebouncedText(value: string, onCommit: (text: string) => void) {
  const [text, setText] = useState(value);
  const commit = useRef(onCommit);
  commit.current = onCommit;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => setText(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (next.trim() !== value.trim()) commit.current(next.trim());
    }, DEBOUNCE_MS);
  };
  const flush = () => {
    clearTimeout(timer.current);
    if (text.trim() !== value.trim()) commit.current(text.trim());
  };
  return { text, change, flush };
}

function DebouncedInput(props: { value: string; placeholder: string; testId: string; width?: number; search?: boolean; onCommit: (text: string) => void }) {
  const { text, change, flush } = useDebouncedText(props.value, props.onCommit);
  return (
    <Input
      allowClear
      value={text}
      placeholder={props.placeholder}
      aria-label={props.placeholder}
      prefix={props.search ? <SearchOutlined /> : undefined}
      style={{ width: props.width ?? 240 }}
      data-testid={props.testId}
      onChange={(e) => change(e.target.value)}
      onPressEnter={flush}
      onBlur={flush}
    />
  );
}

/**
 * Search box (debounced) and the resource's filters over the list's URL state. Every change goes back to page 1;
 * Reset clears search and filters.
 */
export function FilterBar(props: {
  i18n: string;
  search?: string;
  filters: readonly FilterDef[];
  values: FilterValues;
  onChange: (patch: FilterValues) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  // A filter shares its field's text unless it needs its own (`<i18n>.filters.<key>`: a hint such as "comma-separated").
  const label = (key: string, text: string) => t(`${props.i18n}.filters.${key}`, t(`${props.i18n}.fields.${key}`, text));
  const str = (v: string | number | undefined) => (v === undefined ? '' : String(v));
  const active = Object.values(props.values).some((v) => v !== undefined && v !== '');
  return (
    <Space wrap data-testid="filter-bar">
      {props.search !== undefined && (
        <DebouncedInput
          search
          value={str(props.values.search)}
          placeholder={t(`${props.i18n}.search`, props.search)}
          testId="filter-search"
          width={260}
          onCommit={(text) => props.onChange({ search: text || undefined })}
        />
      )}
      {props.filters.map((f) => {
        if (f.kind === 'text')
          return (
            <DebouncedInput
              key={f.key}
              value={str(props.values[f.key])}
              placeholder={label(f.key, f.label)}
              testId={`filter-${f.key}`}
              width={f.width}
              onCommit={(text) => props.onChange({ [f.key]: text || undefined })}
            />
          );
        if (f.kind === 'select')
          return (
            <OptionSelect
              key={f.key}
              source={f.options}
              value={props.values[f.key]}
              placeholder={label(f.key, f.label)}
              testId={`filter-${f.key}`}
              width={f.width ?? 200}
              onChange={(v) => props.onChange({ [f.key]: v })}
            />
          );
        if (f.kind === 'date') {
          const value = props.values[f.key];
          return (
            <DatePicker
              key={f.key}
              format="DD/MMM/YYYY"
              placeholder={label(f.key, f.label)}
              aria-label={label(f.key, f.label)}
              style={{ width: f.width ?? 170 }}
              data-testid={`filter-${f.key}`}
              value={value ? dayjs(String(value)) : null}
              onChange={(d) => props.onChange({ [f.key]: d ? d.format('YYYY-MM-DD') : undefined })}
            />
          );
        }
        const from = props.values[f.from];
        const to = props.values[f.to];
        return (
          <span key={`${f.from}-${f.to}`} data-testid={`filter-${f.from}-${f.to}`}>
            <DatePicker.RangePicker
              allowEmpty={[true, true]}
              format="DD/MMM/YYYY"
              placeholder={[t('ui.dateFrom', 'From'), t('ui.dateTo', 'To')]}
              aria-label={label(f.from, f.label)}
              value={[from ? dayjs(String(from)) : null, to ? dayjs(String(to)) : null]}
              onChange={(range) =>
                props.onChange({
                  [f.from]: range?.[0] ? range[0].format('YYYY-MM-DD') : undefined,
                  [f.to]: range?.[1] ? range[1].format('YYYY-MM-DD') : undefined,
                })
              }
            />
          </span>
        );
      })}
      <Button icon={<ReloadOutlined />} disabled={!active} onClick={props.onReset} data-testid="filter-reset">
        {t('ui.reset', 'Reset')}
      </Button>
    </Space>
  );
}
