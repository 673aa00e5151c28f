import type { ReactNode } from 'react';
import { Button, Space, Tooltip, Typography } from 'antd';
import { FileTextOutlined, ShoppingOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CONSUMER_LOGIN_LOG_ENTRIES, VOUCHER_USED_LOG_ENTRIES, type ConsumerLoginLogRow, type VoucherUsedLogRow } from '@portal/contract';
import { useGo } from '../../ui/nav.ts';
import { resourcePaths } from '../../ui/resource-paths.ts';

/** The path of a log entry's page under its menu entry: `consumer-login-log/{id}/consumer`, `voucher-used-log/{id}/detail-order`. */
export const loginLogPath = (id: number | string) => `${resourcePaths(CONSUMER_LOGIN_LOG_ENTRIES[0]).list}/${encodeURIComponent(String(id))}/consumer`;
export type RedemptionPage = 'detail-consumer' | 'detail-order' | 'detail-voucher';
export const redemptionPath = (id: number | string, page: RedemptionPage) => `${resourcePaths(VOUCHER_USED_LOG_ENTRIES[0]).list}/${encodeURIComponent(String(id))}/${page}`;

/** The consumer of an attempt, linked to their view from the log; a phone no consumer has says so. */
export function LoginConsumerCell({ row }: { row: ConsumerLoginLogRow }) {
  const { t } = useTranslation();
  const { link } = useGo();
  if (row.consumer_id === null) return <Typography.Text type="secondary">{t('heimdal.loginLog.noConsumer', 'No consumer')}</Typography.Text>;
  return (
    <Typography.Link {...link(loginLogPath(row.id))} data-testid={`login-consumer-${row.id}`}>
      {row.consumer_name ?? `#${row.consumer_id}`}
    </Typography.Link>
  );
}

/** The consumer a redemption's receipt names, linked to the redemption's consumer page; none when no card was scanned. */
export function RedemptionConsumerCell({ row }: { row: VoucherUsedLogRow }) {
  const { t } = useTranslation();
  const { link } = useGo();
  if (row.consumer_id === null) return <Typography.Text type="secondary">{t('heimdal.voucherUsed.noConsumer', 'No member card')}</Typography.Text>;
  return (
    <Typography.Link {...link(redemptionPath(row.id, 'detail-consumer'))} data-testid={`used-consumer-${row.id}`}>
      {row.consumer_name}
    </Typography.Link>
  );
}

/** A redemption's three pages: its consumer, its order and receipt, its voucher. */
export function RedemptionLinks({ row }: { row: VoucherUsedLogRow }) {
  const { t } = useTranslation();
  const { link } = useGo();
  const pages: { page: RedemptionPage; label: string; icon: ReactNode }[] = [
    { page: 'detail-consumer', label: t('heimdal.voucherUsed.pages.consumer', 'Consumer'), icon: <UserOutlined /> },
    { page: 'detail-order', label: t('heimdal.voucherUsed.pages.order', 'Order and receipt'), icon: <ShoppingOutlined /> },
    { page: 'detail-voucher', label: t('heimdal.voucherUsed.pages.voucher', 'Voucher'), icon: <FileTextOutlined /> },
  ];
  return (
    <Space size={4}>
      {pages.map((p) => (
        <Tooltip key={p.page} title={p.label}>
          <Button type="text" size="small" icon={p.icon} aria-label={p.label} {...link(redemptionPath(row.id, p.page))} data-testid={`used-${p.page}-${row.id}`} />
        </Tooltip>
      ))}
    </Space>
  );
}
