import { Card, Col, Row, Statistic, Table, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PRE_ORDER_STATUS_GROUP, preOrdersApi, type EventReportSummary as Summary } from '@portal/contract';
import { callEndpoint } from '../../lib/call.ts';
import { formatCount, formatRupiah } from '../../lib/format.ts';
import { errorMessage } from '../../lib/notifier.tsx';
import { resourceKeys } from '../../lib/query-keys.ts';
import { useReportFilters } from '../../ui/ReportTotals.tsx';
import { StatusTag } from '../../ui/StatusTag.tsx';
import { QuotaBar } from './PreOrderEventParts.tsx';
import { eventReportView } from './pre-order-report.view.ts';

/**
 * The summary on top of the event report, over the report's filters: its figures, the orders per status group, and
 * each product against its quota (the quota and what is pre-ordered of it are the whole event's).
 */
export function EventReportSummaryCard() {
  const { t } = useTranslation();
  const endpoint = preOrdersApi.eventReport.summary;
  const query = useReportFilters(endpoint.query);
  const summary = useQuery({
    queryKey: resourceKeys(eventReportView.name).list({ ...query, via: endpoint.path }),
    queryFn: async () => (await callEndpoint<Summary>(endpoint, { query })).data,
    placeholderData: keepPreviousData,
  });
  const label = (key: string, text: string) => t(`orders.reports.eventReport.fields.${key}`, text);
  const s = summary.data;
  const figures = [
    { key: 'orders', title: label('orders', 'Orders'), value: s ? formatCount(s.orders) : '' },
    { key: 'consumers', title: label('consumers', 'Consumers'), value: s ? formatCount(s.consumers) : '' },
    { key: 'quantity', title: label('quantity', 'Units Held'), value: s ? formatCount(s.quantity) : '' },
    { key: 'sales', title: label('sales', 'Sales'), value: s ? formatRupiah(s.sales) : '' },
  ];
  return (
    <Card size="small" style={{ marginBottom: 16 }} data-testid="event-report-summary" title={t('orders.reports.eventReport.summary', 'Summary')}>
      {summary.isError ? (
        <Typography.Text type="danger" data-testid="event-report-summary-error">
          {errorMessage(summary.error)}
        </Typography.Text>
      ) : (
        <>
          <Row gutter={[16, 8]}>
            {figures.map((f) => (
              <Col xs={12} md={6} key={f.key} data-testid={`figure-${f.key}`}>
                <Statistic title={f.title} value={f.value} loading={summary.isPending} />
              </Col>
            ))}
          </Row>
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 12px', fontSize: 12 }}>
            {t(
              'orders.reports.eventReport.note',
              'Orders: every pre-order of the filters, whatever its status. Units held: what the pre-orders not cancelled nor left unpaid hold. Sales: the lines handed over or to be handed over of the paid pre-orders, at their price.',
            )}
          </Typography.Paragraph>
          <Row gutter={[16, 16]}>
            <Col xs={24} xxl={10}>
              <Table
                size="small"
                rowKey="group"
                pagination={false}
                loading={summary.isPending}
                data-testid="event-report-statuses"
                dataSource={s?.statuses ?? []}
                columns={[
                  { key: 'group', title: label('status', 'Order Status'), render: (_, r) => <StatusTag table={PRE_ORDER_STATUS_GROUP} value={r.group} /> },
                  { key: 'orders', title: label('orders', 'Orders'), align: 'right', render: (_, r) => formatCount(r.orders) },
                  { key: 'quantity', title: label('units', 'Units'), align: 'right', render: (_, r) => formatCount(r.quantity) },
                  { key: 'value', title: label('value', 'Value'), align: 'right', render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatRupiah(r.value)}</span> },
                ]}
              />
            </Col>
            <Col xs={24} xxl={14}>
              <Table
                size="small"
                rowKey={(p) => `${p.event_id}:${p.product_id}`}
                pagination={false}
                loading={summary.isPending}
                data-testid="event-report-products"
                locale={{ emptyText: t('orders.reports.eventReport.noProducts', 'No event in view: choose an event, or widen the filters.') }}
                dataSource={s?.products ?? []}
                columns={[
                  { key: 'plu', title: label('plu', 'PLU'), dataIndex: 'plu', width: 110 },
                  { key: 'product', title: label('product_name', 'Product'), render: (_, p) => (query.event_id ? p.product_name : `${p.event_code} · ${p.product_name}`) },
                  { key: 'ordered', title: label('ordered', 'Pre-ordered / Quota'), width: 220, render: (_, p) => <QuotaBar ordered={p.ordered} quota={p.quota} /> },
                  { key: 'remaining', title: label('remaining', 'Quota Left'), align: 'right', render: (_, p) => formatCount(p.remaining) },
                  { key: 'quantity', title: label('quantity', 'Units Held'), align: 'right', render: (_, p) => formatCount(p.quantity) },
                  { key: 'sales', title: label('sales', 'Sales'), align: 'right', render: (_, p) => <span style={{ whiteSpace: 'nowrap' }}>{formatRupiah(p.sales)}</span> },
                ]}
              />
            </Col>
          </Row>
        </>
      )}
    </Card>
  );
}
