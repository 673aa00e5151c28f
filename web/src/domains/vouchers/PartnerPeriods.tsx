import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, jakartaDay, PARTNER_PERIOD_STATUS, partnerPeriodStatus, type PartnerDetail } from '@portal/contract';
import { useLang } from '../../lib/i18n.ts';
import { StatusTag } from '../../ui/StatusTag.tsx';

/** A partner's cooperation periods, the newest first, each tagged upcoming, current or ended as of today in Jakarta. */
export function PartnerPeriods({ row }: { row: PartnerDetail }) {
  const { t } = useTranslation();
  const lang = useLang();
  const today = jakartaDay(new Date());
  const label = (key: string, text: string) => t(`voucher.partner.fields.${key}`, text);
  return (
    <Table
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={row.periods}
      scroll={{ x: 'max-content' }}
      data-testid="partner-periods"
      locale={{ emptyText: <Typography.Text type="secondary">{t('voucher.partner.noPeriods', 'No cooperation period yet')}</Typography.Text> }}
      onRow={(p) => {
        const attrs = { 'data-testid': `partner-period-${p.id}`, className: 'partner-period-row' };
        return attrs;
      }}
      columns={[
        { key: 'agreement_no', title: label('agreement_no', 'Agreement No.'), dataIndex: 'agreement_no' },
        { key: 'starts_on', title: label('starts_on', 'Start Date'), render: (_, p) => formatDate(p.starts_on, lang) },
        { key: 'ends_on', title: label('ends_on', 'End Date'), render: (_, p) => formatDate(p.ends_on, lang) },
        { key: 'period_status', title: label('period_status', 'Status'), render: (_, p) => <StatusTag table={PARTNER_PERIOD_STATUS} value={partnerPeriodStatus(p, today)} /> },
        { key: 'note', title: label('note', 'Note'), render: (_, p) => p.note ?? '-' },
        { key: 'created_by_name', title: label('created_by_name', 'Created By'), render: (_, p) => p.created_by_name ?? '-' },
        { key: 'created_at', title: label('created_at', 'Created At'), render: (_, p) => formatDateTime(p.created_at, lang) },
      ]}
    />
  );
}
