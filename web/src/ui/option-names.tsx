import { Flex, Tag } from 'antd';
import { useLang } from '../lib/i18n.ts';
import { optionLabel, useOptions, type OptionSource } from './options.ts';

/** Chosen tags or regions shown by their names from the option source; `-` for none. */
export function optionNamesOf(source: OptionSource, key: 'consumer_tag_ids' | 'province_codes') {
  function OptionNames({ row }: { row: { consumer_tag_ids: readonly number[]; province_codes: readonly string[] } }) {
    const lang = useLang();
    const { options } = useOptions(source);
    const values: readonly (string | number)[] = row[key];
    if (!values.length) return <>-</>;
    return (
      <Flex wrap gap={4}>
        {values.map((v) => {
          const option = options.find((o) => o.value === v);
          return <Tag key={String(v)}>{option ? optionLabel(option, lang) : String(v)}</Tag>;
        })}
      </Flex>
    );
  }
  return OptionNames;
}
