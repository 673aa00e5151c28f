import { Button, Typography } from 'antd';
import { GiftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { can, type CouponLogRow, type StampCouponRow } from '@portal/contract';
import { useSession } from '../../lib/session.ts';
import { useGo } from '../../ui/nav.ts';
import { resourcePaths } from '../../ui/resource-paths.ts';

/** The consumer's name, linked to the consumer's coupon history where the user may open consumers. */
export function StampCouponConsumerLink({ row }: { row: StampCouponRow }) {
  const { link } = useGo();
  const perms = useSession()?.access.perms;
  if (!perms || !can(perms, 'cms.consumer', 'view')) return <>{row.consumer_name}</>;
  const href = `${resourcePaths('cms.consumer').list}/coupon-history/${row.consumer_id}/detail?coupon=${row.id}`;
  return (
    <Typography.Link {...link(href)} data-testid="stamp-coupon-consumer">
      {row.consumer_name}
    </Typography.Link>
  );
}

/** On a coupon log claim a stamp reward's redemption issued: the stamp coupon's detail (for those who may open it). */
export function CouponLogStampCouponButton({ row }: { row: CouponLogRow }) {
  const { t } = useTranslation();
  const { link } = useGo();
  const perms = useSession()?.access.perms;
  if (row.reward_id === null || !perms || !can(perms, 'cms.coupon', 'view')) return null;
  return (
    <Button icon={<GiftOutlined />} {...link(resourcePaths('cms.coupon').detail(row.id))} data-testid="stamp-coupon-open">
      {t('loyalty.couponLog.stampCoupon', 'Stamp Coupon Detail')}
    </Button>
  );
}
