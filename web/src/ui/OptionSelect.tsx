import { useState } from 'react';
import { Select } from 'antd';
import { useLang } from '../lib/i18n.ts';
import { optionLabel, useOptions, type OptionSource, type OptionValue } from './options.ts';

/**
 * A select over an option source: local search for enum tables and `is_all` lists, server search (`search=`) for
 * searchable sources such as `user/options`.
 */
export function OptionSelect(props: {
  source: OptionSource;
  id?: string;
  value?: unknown;
  onChange?: (value: OptionValue | undefined) => void;
  placeholder?: string;
  testId?: string;
  width?: number;
  disabled?: boolean;
  allowClear?: boolean;
  /** Keeps only the options a body schema accepts. */
  accept?: (value: OptionValue) => boolean;
}) {
  const lang = useLang();
  const [search, setSearch] = useState('');
  const remoteSearch = props.source.kind === 'remote' && props.source.searchable;
  const { options, loading } = useOptions(props.source, remoteSearch ? search : undefined);
  const shown = props.accept ? options.filter((o) => props.accept?.(o.value)) : options;
  // URL and form values may arrive as text or number; select the option they name.
  const value = props.value === undefined || props.value === null || props.value === '' ? undefined : (shown.find((o) => String(o.value) === String(props.value))?.value ?? (typeof props.value === 'number' || typeof props.value === 'string' ? props.value : undefined));
  return (
    <Select<OptionValue>
      id={props.id}
      allowClear={props.allowClear ?? true}
      disabled={props.disabled}
      showSearch={remoteSearch ? { filterOption: false, onSearch: setSearch } : { optionFilterProp: 'label' }}
      value={value}
      placeholder={props.placeholder}
      // A filter has no <label>: its placeholder names it; a form field is named by its Form.Item label (id).
      aria-label={props.id ? undefined : props.placeholder}
      loading={loading}
      style={props.width ? { width: props.width } : undefined}
      data-testid={props.testId}
      options={shown.map((o) => ({ value: o.value, label: optionLabel(o, lang) }))}
      onChange={(v) => props.onChange?.(v ?? undefined)}
      onClear={() => setSearch('')}
    />
  );
}
