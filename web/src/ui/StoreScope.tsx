import { createElement } from 'react';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Tags of a detail's list, or a dash. */
export function tagList(items: readonly string[], color?: string) {
  if (!items.length) return createElement(Typography.Text, { type: 'secondary' }, '-');
  return createElement(Space, { size: [4, 8], wrap: true }, ...items.map((text) => createElement(Tag, { key: text, color }, text)));
}

/** The stores a record applies to (a stamp programme, a voucher product), or "Every store" when none is listed. */
export function StoreScope({ stores }: { stores: readonly { code: string; name: string }[] }) {
  const { t } = useTranslation();
  if (!stores.length) return <Typography.Text>{t('ui.everyStore', 'Every store')}</Typography.Text>;
  return tagList(stores.map((s) => `${s.code} · ${s.name}`));
}
