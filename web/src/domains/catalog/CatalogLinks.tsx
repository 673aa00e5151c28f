import { Button } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MENU_BY_KEY, type ProductRow } from '@portal/contract';
import { useGo } from '../../ui/nav.ts';

/** Product detail → the stores carrying it (orion `{id}/view-store`). */
export function ViewStoreButton({ row, entry }: { row: ProductRow; entry: string }) {
  const { t } = useTranslation();
  const { link } = useGo();
  const route = MENU_BY_KEY.get(entry)?.route ?? '';
  return (
    <Button icon={<ShopOutlined />} {...link(`${route}/${row.id}/view-store`)} data-testid="view-store">
      {t('catalog.product.viewStore', 'View Stores')}
    </Button>
  );
}
