import type { ReactNode } from 'react';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { menuEntry } from '@portal/contract';
import { useLang } from '../../lib/i18n.ts';
import { AnalyticsPage } from './AnalyticsFilterBar.tsx';
import type { AnalyticsSearch } from './analytics-filters.ts';
import { DrillButton, drillTo } from './analytics-links.tsx';

/* What the pandora dashboards beyond sales share: their titles and the page of a dashboard's detail. */

/** A dashboard's title: its menu entry's label in the UI language. */
export function useDashboardTitle(entry: string): string {
  const e = menuEntry(entry);
  return useLang() === 'id' ? e.labelId : e.label;
}

/** A detail page of a dashboard: its way back to the dashboard (with the filters), then its widgets. */
export function DetailPage(props: { title: string; entry: string; extra?: ReactNode; tools?: ReactNode; children: (search: AnalyticsSearch) => ReactNode }) {
  const { t } = useTranslation();
  const dashboard = useDashboardTitle(props.entry);
  return (
    <AnalyticsPage title={props.title} extra={props.extra}>
      {(search) => (
        <Flex vertical gap={16}>
          <Flex gap={8} wrap align="center">
            <DrillButton drill={drillTo(menuEntry(props.entry).route, search)} testId="back-to-dashboard" back>
              {t('analytics.backTo', 'Back to {{name}}', { name: dashboard })}
            </DrillButton>
            {props.tools}
          </Flex>
          {props.children(search)}
        </Flex>
      )}
    </AnalyticsPage>
  );
}
