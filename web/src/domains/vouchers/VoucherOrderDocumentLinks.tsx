import { Button, Space, Tooltip } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { VOUCHER_DOCUMENT_KINDS, VOUCHER_DOCUMENT, type VoucherOrderDetail } from '@portal/contract';
import { useGo } from '../../ui/nav.ts';
import { useResourceAccess } from '../../ui/use-resource-access.ts';

const WHEN = {
  quotation: 'Issued when the PIC processes the order',
  receipt: 'Issued when the payment and its date are verified',
} as const;

/**
 * The order's quotation and receipt, each a link to its print-ready page (with its PDF) once the workflow has numbered
 * it, else a disabled button saying when it will be: a section of the order's detail.
 */
export function VoucherOrderDocumentLinks({ row }: { row: VoucherOrderDetail }) {
  const { t } = useTranslation();
  const { link } = useGo();
  const access = useResourceAccess({ entries: ['cms.voucher-digital/order-voucher-management'] });
  const base = access.paths.detail(row.id).replace(/\/detail$/, '');
  return (
    <Space wrap data-testid="voucher-order-documents">
      {VOUCHER_DOCUMENT_KINDS.map((kind) => {
        const number = VOUCHER_DOCUMENT[kind].numberOf(row);
        const label = `${t(`voucher.document.title.${kind}`, VOUCHER_DOCUMENT[kind].subtitle)}${number ? ` ${number}` : ''}`;
        return number ? (
          <Button key={kind} icon={<FileTextOutlined />} {...link(`${base}/${kind}`)} data-testid={`voucher-order-${kind}`}>
            {label}
          </Button>
        ) : (
          <Tooltip key={kind} title={t(`voucher.document.when.${kind}`, WHEN[kind])}>
            <Button icon={<FileTextOutlined />} disabled data-testid={`voucher-order-${kind}`}>
              {label}
            </Button>
          </Tooltip>
        );
      })}
    </Space>
  );
}
