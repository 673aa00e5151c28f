import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, Input, Space } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { VOUCHER_STATUS, formatDate, jakartaDayStart, voucherBarcodeField, voucherStatusApi, type VoucherStatusRow } from '@portal/contract';
import { call } from '../../lib/call.ts';
import { formatRupiah, useFormat } from '../../lib/format.ts';
import { errorMessage } from '../../lib/notifier.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { StatusTag } from '../../ui/StatusTag.tsx';
import { useEntryTitle } from '../../ui/use-resource-access.ts';
import { zodRule } from '../../ui/zod-rule.ts';

/**
 * pandora Check Voucher Status: a voucher by its barcode, typed or scanned (a scanner types the digits and Enter). No
 * request goes without a well-formed barcode; a failed lookup clears the status shown, so an old answer never stands
 * for a new barcode.
 */
export function CheckVoucherStatusScreen() {
  const { t } = useTranslation();
  const f = useFormat();
  const title = useEntryTitle('pandora.check-voucher-status');
  const [form] = Form.useForm<{ voucher_barcode: string }>();
  const [shown, setShown] = useState<VoucherStatusRow | null>(null);
  const lookup = useMutation({
    mutationFn: (barcode: string) => call(voucherStatusApi.get, { query: { voucher_barcode: barcode } }),
    onMutate: () => setShown(null),
    onSuccess: ({ data }) => setShown(data),
    onError: () => setShown(null),
  });
  const check = () => form.validateFields().then((v) => lookup.mutate(v.voucher_barcode.replace(/[\s-]/g, ''))).catch(() => undefined);
  const v = shown;
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <Form form={form} layout="inline" onFinish={check} data-testid="voucher-status-form">
          <Form.Item
            name="voucher_barcode"
            label={t('voucher.status.barcode', 'Voucher Barcode')}
            rules={[zodRule(voucherBarcodeField)]}
            style={{ minWidth: 420 }}
          >
            <Input autoFocus allowClear inputMode="numeric" maxLength={24} placeholder={t('voucher.status.placeholder', 'Scan or type the 18 digits')} data-testid="voucher-status-barcode" />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={lookup.isPending} data-testid="voucher-status-check">
              {t('voucher.status.check', 'Check')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
        {lookup.isError && <Alert type="error" showIcon message={errorMessage(lookup.error)} data-testid="voucher-status-error" />}
        {v && (
          <Card data-testid="voucher-status-result">
            <Descriptions
              column={{ xs: 1, md: 2 }}
              bordered
              size="small"
              items={[
                { key: 'barcode', label: t('voucher.status.barcode', 'Voucher Barcode'), children: v.voucher_barcode },
                { key: 'status', label: t('voucher.status.status', 'Status'), children: <StatusTag table={VOUCHER_STATUS} value={v.status} /> },
                { key: 'denomination', label: t('voucher.status.denomination', 'Denomination'), children: formatRupiah(v.denomination) },
                { key: 'voucher', label: t('voucher.status.voucher', 'Voucher'), children: `${v.voucher_code} · ${v.voucher_name}` },
                { key: 'partner', label: t('voucher.status.partner', 'Partner'), children: `${v.partner_code} · ${v.partner_name}` },
                { key: 'order', label: t('voucher.status.order', 'Order Number'), children: v.order_number },
                { key: 'released', label: t('voucher.status.released_at', 'Released At'), children: f.dateTime(v.released_at) },
                { key: 'valid', label: t('voucher.status.valid_until', 'Valid Until'), children: formatDate(jakartaDayStart(v.valid_until), f.lang) },
                { key: 'used', label: t('voucher.status.used_at', 'Used At'), children: v.used_at ? f.dateTime(v.used_at) : '-' },
                { key: 'store', label: t('voucher.status.used_store', 'Used At Store'), children: v.used_store_code ? `${v.used_store_code} · ${v.used_store_name ?? ''}` : '-' },
                { key: 'trx', label: t('voucher.status.pos_transaction_no', 'POS Transaction'), children: v.pos_transaction_no ?? '-' },
              ]}
            />
          </Card>
        )}
      </Space>
    </>
  );
}
