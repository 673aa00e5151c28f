import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { can, MENU_BY_KEY, type FreeGiftDetail } from '@portal/contract';
import { useSession } from '../../lib/session.ts';
import { useGo } from '../../ui/nav.ts';

/** Free gift detail → its bulk store upload (`{id}/store-upload`), for a role that may edit free gifts. */
export function FreeGiftStoreUploadButton({ row, entry }: { row: FreeGiftDetail; entry: string }) {
  const { t } = useTranslation();
  const { link } = useGo();
  const perms = useSession()?.access.perms;
  const route = MENU_BY_KEY.get(entry)?.route ?? '';
  if (!perms || !can(perms, entry, 'edit')) return null;
  return (
    <Button icon={<UploadOutlined />} {...link(`${route}/${row.id}/store-upload`)} data-testid="free-gift-store-upload-open">
      {t('promotion.freeGift.storeUpload', 'Upload Stores')}
    </Button>
  );
}
