import { useMemo} from 'react';
import { Alert} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  can,
  VOUCHER_ORDER_ENTRIES,
  type VoucherUsedLogDetail,
} from '@portal/contract';
import { registerDictionaries } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { DetailView } from '../../ui/DetailView.tsx';
import { partnerI18n } from '../vouchers/partner.i18n.ts';
import { voucherOrderI18n } from '../vouchers/voucher-order.i18n.ts';
import { voucherOrderView } from '../vouchers/voucher-order.view.ts';
import { vouchersI18n } from '../vouchers/vouchers.i18n.ts';
import { heimdalLogsI18n } from './heimdal-logs.i18n.ts';

import { OwnPage, ReceiptSection, RedemptionPageFrame, RedemptionSummary, withSections } from './heimdal-log-parts.tsx';

// The voucher order's page, in a chunk of its own: it carries the voucher order's view.
registerDictionaries(heimdalLogsI18n, vouchersI18n, voucherOrderI18n, partnerI18n);

/** `voucher-used-log/{id}/detail-order`: the partner order that released the voucher (its cms view) and the receipt it paid. */
function RedemptionOrder({ row }: { row: VoucherUsedLogDetail }) {
  const { t } = useTranslation();
  const perms = useSession()?.access.perms;
  const summary = <RedemptionSummary row={row} page="detail-order" />;
  const receipt = <ReceiptSection receipt={row.receipt} />;
  const view = useMemo(() => {
    const Summary = () => <RedemptionSummary row={row} page="detail-order" />;
    const Receipt = () => <ReceiptSection receipt={row.receipt} />;
    return withSections(voucherOrderView, [
      { key: 'redemption', title: 'Voucher Redemption', component: Summary },
      { key: 'receipt', title: 'Receipt', component: Receipt },
    ]);
  }, [row]);
  if (perms && can(perms, VOUCHER_ORDER_ENTRIES[0], 'view')) return <DetailView key={row.order_id} view={view} id={String(row.order_id)} />;
  return (
    <OwnPage
      title={row.order_number}
      testId="redemption-order-own"
      sections={[
        { key: 'redemption', title: t('voucher.order.sections.redemption', 'Voucher Redemption'), body: summary },
        { key: 'receipt', title: t('voucher.order.sections.receipt', 'Receipt'), body: receipt },
        {
          key: 'order',
          title: t('heimdal.voucherUsed.fields.order_number', 'Order Number'),
          body: <Alert type="info" showIcon title={t('heimdal.voucherUsed.noOrderRight', 'The voucher order opens with the Order Voucher Management menu’s view right.')} />,
        },
      ]}
    />
  );
}


export const VoucherUsedOrderScreen = () => <RedemptionPageFrame page="detail-order" body={(row) => <RedemptionOrder row={row} />} />;
