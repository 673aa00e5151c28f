import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImportLinkButton, ImportPage } from '../../ui/ImportScreens.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useEntryTitle } from '../../ui/use-resource-access.ts';

const BULK = { entries: ['cms.method-of-payment/bulk-voucher'] } as const;

/**
 * cms Method of Payment, Bulk Voucher: many voucher orders moved at once by a file of order numbers, on the import
 * pipeline (template, upload, every row checked, confirm once, all or none): finance verifies payments (with each
 * transfer), a checker releases. Each card opens its wizard for whoever holds its right.
 */
export function BulkVoucherScreen() {
  const { t } = useTranslation();
  const title = useEntryTitle('cms.method-of-payment/bulk-voucher');
  return (
    <>
      <PageHeader title={title} />
      <Row gutter={[16, 16]}>
        <BulkCard
          path="payment-verify"
          action="edit"
          title={t('voucher.bulk.paymentVerify', 'Payment Verify')}
          help={t('voucher.bulk.paymentVerifyHelp', 'A file of order numbers waiting for payment, each with its transfer reference, amount and day. Every order is verified, or none.')}
          button={t('voucher.bulk.uploadPayments', 'Upload payments')}
        />
        <BulkCard
          path="release"
          action="approve"
          title={t('voucher.bulk.release', 'Release')}
          help={t('voucher.bulk.releaseHelp', 'A file of order numbers on release process. Every order is released and its vouchers generated, or none.')}
          button={t('voucher.bulk.uploadRelease', 'Upload orders to release')}
        />
      </Row>
    </>
  );
}

/** One bulk file's card: what it does, and the way to its wizard for whoever holds its right. */
function BulkCard({ path, action, title, help, button }: { path: string; action: 'edit' | 'approve'; title: string; help: string; button: string }) {
  return (
    <Col xs={24} md={12}>
      <Card title={title} data-testid={`bulk-voucher-${path}-card`}>
        <Typography.Paragraph>{help}</Typography.Paragraph>
        <ImportLinkButton view={BULK} action={action} path={path} testId={`bulk-voucher-${path}-open`}>
          {button}
        </ImportLinkButton>
      </Card>
    </Col>
  );
}

export const BulkPaymentVerifyScreen = () => <ImportPage view={BULK} action="edit" importKey="bulk-voucher-payment-verify" />;
export const BulkReleaseScreen = () => <ImportPage view={BULK} action="approve" importKey="bulk-voucher-release" />;
