import { useState } from 'react';
import { Button, Card, Col, DatePicker, Flex, Row, Spin, Statistic, Table } from 'antd';
import { BarChartOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { helpdeskReportApi, TICKET_STATUS } from '@portal/contract';
import { call } from '../../lib/call.ts';
import { resourceKeys } from '../../lib/query-keys.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { StatusTag } from '../../ui/StatusTag.tsx';
import { useGo } from '../../ui/nav.ts';
import { resourcePaths } from '../../ui/resource-paths.ts';

const REPORT_ENTRY = 'pandora.report-helpdesk';
const keys = resourceKeys('helpdesk-report');

/** The report's link to its summary (and back). */
export function HelpdeskSummaryLink({ to }: { to: 'summary' | 'report' }) {
  const { t } = useTranslation();
  const { link } = useGo();
  const list = resourcePaths(REPORT_ENTRY).list;
  return to === 'summary' ? (
    <Button icon={<BarChartOutlined />} {...link(`${list}/summary`)} data-testid="helpdesk-summary-open">
      {t('helpdesk.report.summary', 'Summary')}
    </Button>
  ) : (
    <Button icon={<UnorderedListOutlined />} {...link(list)}>
      {t('helpdesk.report.byStore', 'By Store')}
    </Button>
  );
}

/** pandora Helpdesk Report › Summary: tickets by status and by category, and the mean hours to solve, over a date range. */
export function HelpdeskSummaryScreen() {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const query = { created_at_from: range?.[0]?.format('YYYY-MM-DD'), created_at_to: range?.[1]?.format('YYYY-MM-DD') };
  const summary = useQuery({
    queryKey: keys.list({ ...query, via: 'summary' }),
    queryFn: async () => (await call(helpdeskReportApi.summary, { query })).data,
  });
  const data = summary.data;
  return (
    <>
      <PageHeader title={t('helpdesk.report.summaryTitle', 'Helpdesk Summary')} extra={<HelpdeskSummaryLink to="report" />} />
      <Flex vertical gap={16}>
        <Card>
          <DatePicker.RangePicker value={range} onChange={(v) => setRange(v)} format="DD/MMM/YYYY" data-testid="helpdesk-summary-range" />
        </Card>
        {summary.isPending || !data ? (
          <Spin />
        ) : (
          <>
            <Row gutter={[16, 16]}>
              <Col xs={12} md={4}>
                <Card>
                  <Statistic title={t('helpdesk.report.fields.total', 'Tickets')} value={data.total} />
                </Card>
              </Col>
              {data.by_status.map((s) => (
                <Col xs={12} md={4} key={s.status}>
                  <Card>
                    <Statistic title={<StatusTag table={TICKET_STATUS} value={s.status} />} value={s.count} />
                  </Card>
                </Col>
              ))}
              <Col xs={12} md={4}>
                <Card>
                  <Statistic title={t('helpdesk.report.fields.avg_solve_hours', 'Average Hours to Solve')} value={data.avg_solve_hours ?? '-'} />
                </Card>
              </Col>
            </Row>
            <Card title={t('helpdesk.report.byCategory', 'By Category')}>
              <Table
                rowKey={(r) => String(r.category_id ?? 0)}
                pagination={false}
                dataSource={data.by_category}
                columns={[
                  { key: 'category', title: t('helpdesk.ticket.fields.category_name', 'Category'), render: (_: unknown, r) => r.category_name ?? '-' },
                  { key: 'total', title: t('helpdesk.report.fields.total', 'Tickets'), dataIndex: 'total' },
                  { key: 'solved', title: t('helpdesk.report.fields.solved', 'Solved'), dataIndex: 'solved' },
                ]}
              />
            </Card>
          </>
        )}
      </Flex>
    </>
  );
}
