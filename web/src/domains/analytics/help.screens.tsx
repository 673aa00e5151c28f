import { Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { helpdeskExportsApi } from '@portal/contract';
import { registerDictionaries } from '../../lib/i18n.ts';
import { AnalyticsPage } from './AnalyticsFilterBar.tsx';
import { useAnalyticsSearch } from './analytics-filters.ts';
import { DrillLink } from './analytics-links.tsx';
import { useDashboardTitle } from './analytics-more.tsx';
import { analyticsMoreI18n } from './analytics-more.i18n.ts';
import { analyticsI18n } from './analytics.i18n.ts';
import { shareI18n } from './share.i18n.ts';
import { HelpFiguresWidget, periodOfSearch, TicketCategoryWidget, TicketStatusWidget, TicketStoreWidget, ticketRange, useReportDrill } from './help.widgets.tsx';
import { PageExportButton } from './PageExport.tsx';
import { useRankSearch } from './analytics-blocks.tsx';

// The share dialog's texts too (its button also registers them, for the sales pages).
registerDictionaries(analyticsI18n, analyticsMoreI18n, shareI18n);

/** Dashboard analytics, Help: the period's tickets, by status, by category and per store, and the mean hours to solve. */
export function HelpDashboardScreen() {
  const { t } = useTranslation();
  const { search } = useAnalyticsSearch();
  const rank = useRankSearch('desc');
  const report = useReportDrill(search);
  return (
    <AnalyticsPage
      title={useDashboardTitle('pandora.dashboard-analytics/help')}
      extra={<PageExportButton endpoint={helpdeskExportsApi.report} query={{ ...ticketRange(periodOfSearch(search)), sort_by: 'total', sort_dir: 'desc' }} />}
    >
      {(s) => (
        <Flex vertical gap={16}>
          <HelpFiguresWidget
            search={s}
            title={t('analytics.more.helpSummary', 'Help desk')}
            extra={
              report && (
                <DrillLink drill={report()} testId="help-report-link">
                  {t('analytics.more.helpReport', 'Helpdesk report')}
                </DrillLink>
              )
            }
          />
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={10}>
              <TicketStatusWidget search={s} />
            </Col>
            <Col xs={24} xl={14}>
              <TicketCategoryWidget search={s} />
            </Col>
          </Row>
          <TicketStoreWidget search={s} paging={rank} />
        </Flex>
      )}
    </AnalyticsPage>
  );
}
