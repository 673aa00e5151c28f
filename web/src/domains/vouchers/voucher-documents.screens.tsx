import { Button, Flex, Spin, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, FilePdfOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  VOUCHER_ORDER_STATUS,
  voucherDocument,
  voucherDocumentsApi,
  voucherOrdersApi,
  type VoucherDocument,
  type VoucherDocumentKind,
} from '@portal/contract';
import { call, urlOf } from '../../lib/call.ts';
import { registerDictionaries } from '../../lib/i18n.ts';
import { errorMessage } from '../../lib/notifier.tsx';
import { resourceKeys } from '../../lib/query-keys.ts';
import { useGo } from '../../ui/nav.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { printCss } from '../../ui/print.ts';
import { useIdParam } from '../../ui/ResourceScreens.tsx';
import { Result } from '../../ui/Result.tsx';
import { StatusTag } from '../../ui/StatusTag.tsx';
import { useResourceAccess } from '../../ui/use-resource-access.ts';
import { voucherDocumentsI18n } from './voucher-documents.i18n.ts';

registerDictionaries(voucherDocumentsI18n);

const ENTRIES = ['cms.voucher-digital/order-voucher-management'] as const;
const orderKeys = resourceKeys('voucher-order');
const issuerKeys = resourceKeys('voucher-document-issuer');
const GREEN = '#1a7a43';
const GREY = '#595959';

const SHEET_CSS = `.voucher-doc { position: relative; overflow: hidden; background: #fff; color: #000; width: 100%; max-width: 820px; padding: 40px 44px;
  box-shadow: 0 1px 4px rgba(0,0,0,.15); font-size: 12px; line-height: 1.45; }
.voucher-doc h2 { color: ${GREEN}; font-size: 24px; margin: 0; text-align: right; letter-spacing: .5px; }
.voucher-doc .muted { color: ${GREY}; }
.voucher-doc table.lines { width: 100%; border-collapse: collapse; margin-top: 16px; }
.voucher-doc table.lines th { background: #f0f5f1; text-align: left; padding: 6px; font-weight: 600; }
.voucher-doc table.lines td { padding: 6px; border-bottom: 1px solid #d9d9d9; vertical-align: top; }
.voucher-doc .num { text-align: right !important; white-space: nowrap; }
.voucher-doc .void-stamp { position: absolute; top: 40%; left: 0; right: 0; text-align: center; font-size: 120px; font-weight: 700;
  color: rgba(207,19,34,.16); transform: rotate(-30deg); pointer-events: none; }
@media print { .voucher-doc { box-shadow: none; padding: 0; max-width: none; } }
${printCss({ size: 'A4', margin: '15mm' })}`;

/** The quotation or receipt as a sheet of paper: the same layout as its PDF, from the same text (the contract's `voucherDocument`). */
function VoucherDocumentSheet({ doc }: { doc: VoucherDocument }) {
  return (
    <div className="voucher-doc" data-testid="voucher-document">
      {doc.void && (
        <div className="void-stamp" aria-hidden>
          VOID
        </div>
      )}
      <Flex justify="space-between" align="start" gap={24}>
        <div>
          <div style={{ fontSize: 16, fontWeight: 700 }}>{doc.issuer.name}</div>
          {doc.issuer.lines.map((l) => (
            <div key={l} className="muted" style={{ fontSize: 11 }}>
              {l}
            </div>
          ))}
        </div>
        <div>
          <h2>{doc.title}</h2>
          <div className="muted" style={{ textAlign: 'right' }}>
            {doc.subtitle}
          </div>
        </div>
      </Flex>
      <hr style={{ border: 0, borderTop: `2px solid ${GREEN}`, margin: '10px 0 14px' }} />
      {doc.void && (
        <div style={{ color: '#cf1322', fontWeight: 700, fontSize: 14, marginBottom: 10 }} data-testid="voucher-document-void">
          {doc.void}
        </div>
      )}
      <Flex justify="space-between" gap={24} wrap>
        <div style={{ flex: '1 1 300px' }}>
          <div className="muted" style={{ fontSize: 11 }}>
            {doc.client.heading}
          </div>
          <div style={{ fontSize: 14, fontWeight: 700 }}>{doc.client.name}</div>
          {doc.client.lines.map((l) => (
            <div key={l}>{l}</div>
          ))}
        </div>
        <table style={{ flex: '0 0 auto', borderCollapse: 'collapse' }}>
          <tbody>
            {doc.meta.map((m) => (
              <tr key={m.label}>
                <td className="muted" style={{ paddingRight: 16 }}>
                  {m.label}
                </td>
                <td style={{ fontWeight: 700 }}>{m.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Flex>
      <table className="lines">
        <thead>
          <tr>
            {doc.columns.map((c) => (
              <th key={c.label} className={c.align === 'right' ? 'num' : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {doc.rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, i) => (
                <td key={doc.columns[i]?.label ?? i} className={doc.columns[i]?.align === 'right' ? 'num' : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={doc.columns.length - 1} className="num" style={{ fontWeight: 700, fontSize: 13 }}>
              {doc.total.label}
            </td>
            <td className="num" style={{ fontWeight: 700, fontSize: 13 }} data-testid="voucher-document-total">
              {doc.total.value}
            </td>
          </tr>
        </tfoot>
      </table>
      <div style={{ border: '1px solid #d9d9d9', padding: '6px 10px', margin: '14px 0' }}>
        <div className="muted" style={{ fontSize: 11 }}>
          {doc.words.label}
        </div>
        <div style={{ fontStyle: 'italic', fontSize: 13 }} data-testid="voucher-document-words">
          {doc.words.value}
        </div>
      </div>
      {doc.sections.map((s) => (
        <div key={s.heading} style={{ marginBottom: 10 }}>
          <div style={{ color: GREEN, fontWeight: 700 }}>{s.heading}</div>
          {s.lines.map((l) => (
            <div key={l}>{l}</div>
          ))}
        </div>
      ))}
      <Flex justify="end">
        <div style={{ width: 260, textAlign: 'center', marginTop: 8 }}>
          <div>{doc.signature.placeDate}</div>
          <div style={{ fontWeight: 700 }}>{doc.signature.company}</div>
          <div style={{ borderTop: `1px solid ${GREY}`, margin: '64px 20px 0', paddingTop: 4 }} className="muted">
            {doc.signature.role}
          </div>
        </div>
      </Flex>
      <div className="muted" style={{ fontSize: 10, marginTop: 32 }}>
        {doc.footer}
      </div>
    </div>
  );
}

const TITLES: Record<VoucherDocumentKind, string> = { quotation: 'Quotation', receipt: 'Receipt' };
const PENDING: Record<VoucherDocumentKind, string> = {
  quotation: 'The quotation is issued when the PIC processes the order.',
  receipt: 'The receipt is issued when the payment and its date are verified.',
};
const NEVER: Record<VoucherDocumentKind, string> = {
  quotation: 'This order was closed before its quotation was issued.',
  receipt: 'This order was closed without a receipt: its payment was never verified.',
};

/**
 * A voucher order's quotation or receipt, ready to print, with its PDF to download; until the workflow issues it, when
 * it will be, and the way back to the order.
 */
function VoucherDocumentScreen({ kind }: { kind: VoucherDocumentKind }) {
  const { t } = useTranslation();
  const id = useIdParam();
  const { link } = useGo();
  const access = useResourceAccess({ entries: ENTRIES });
  const order = useQuery({ queryKey: orderKeys.detail(id), queryFn: () => call(voucherOrdersApi.get, { id }).then((r) => r.data) });
  const issuer = useQuery({ queryKey: issuerKeys.all, queryFn: () => call(voucherDocumentsApi.issuer).then((r) => r.data) });
  if (order.isPending || issuer.isPending) return <Spin data-testid="detail-loading" style={{ display: 'block', margin: 48 }} />;
  const back = (
    <Button icon={<ArrowLeftOutlined />} {...link(access.paths.detail(id))} data-no-print data-testid="voucher-document-back">
      {t('voucher.document.back', 'Back to the order')}
    </Button>
  );
  if (order.isError || issuer.isError) {
    return (
      <>
        <PageHeader title={t(`voucher.document.title.${kind}`, TITLES[kind])} />
        <Result status="warning" title={errorMessage(order.error ?? issuer.error)} extra={back} />
      </>
    );
  }
  const o = order.data;
  const result = voucherDocument(kind, o, issuer.data);
  if (!result.ok) {
    const title =
      result.reason === 'incomplete'
        ? t('voucher.document.incomplete', 'The company details for documents (legal name, address, bank account) are missing: fill them in on General Setting.')
        : result.reason === 'pending'
          ? t(`voucher.document.pending.${kind}`, PENDING[kind])
          : t(`voucher.document.never.${kind}`, NEVER[kind]);
    return (
      <>
        <PageHeader title={`${t(`voucher.document.title.${kind}`, TITLES[kind])} · ${o.order_number}`} />
        <Result
          status="info"
          title={title}
          subTitle={
            <span data-testid="voucher-document-not-issued">
              {t('voucher.document.statusNow', 'Order {{number}} is now', { number: o.order_number })} <StatusTag table={VOUCHER_ORDER_STATUS} value={o.status} />
            </span>
          }
          extra={back}
        />
      </>
    );
  }
  const doc = result.document;
  const path = kind === 'quotation' ? voucherDocumentsApi.quotation : voucherDocumentsApi.receipt;
  return (
    <div style={{ padding: 16 }}>
      <style>{SHEET_CSS}</style>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ maxWidth: 820, marginBottom: 12 }} data-no-print>
        <Flex gap={8} align="center">
          {back}
          <Typography.Title level={1} style={{ fontSize: 16, margin: 0 }} data-testid="page-title">
            {t(`voucher.document.title.${kind}`, TITLES[kind])} {doc.number}
          </Typography.Title>
          {doc.void && <Tag color="red">VOID</Tag>}
        </Flex>
        <Flex gap={8}>
          <Button icon={<FilePdfOutlined />} href={urlOf(path, { id })} download={doc.fileName} data-testid="voucher-document-pdf">
            {t('voucher.document.download', 'Download PDF')}
          </Button>
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="voucher-document-print">
            {t('voucher.document.print', 'Print')}
          </Button>
        </Flex>
      </Flex>
      <VoucherDocumentSheet doc={doc} />
    </div>
  );
}

export const VoucherQuotationScreen = () => <VoucherDocumentScreen kind="quotation" />;
export const VoucherReceiptScreen = () => <VoucherDocumentScreen kind="receipt" />;
