import type { ReactNode } from 'react';
import { Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DayPeriod } from '@portal/contract';
import { useLang } from '../../lib/i18n.ts';
import { FigureCard, type FigureKind } from '../../ui/FigureCard.tsx';
import { WidgetCard, type WidgetState } from '../../ui/WidgetCard.tsx';
import { dayText, DrillLink, type Drill } from './analytics-links.tsx';

/** One figure of a summary: its value in the period and in the period before, and the page that explains it. */
export interface SummaryFigure {
  key: string;
  label: string;
  kind: FigureKind;
  value: number;
  previous: number;
  drill?: Drill;
}

/** The periods a summary compares, as its answer names them. */
export interface ComparedPeriods {
  period: DayPeriod;
  previous_period: DayPeriod;
}

/**
 * A summary's figures, each beside the period before (its change in percent and the earlier value), under a title naming
 * the period; a figure's Details link leads to its page.
 */
export function SummaryFiguresWidget(props: { title: string; testId: string; state: WidgetState; periods: ComparedPeriods | undefined; figures: readonly SummaryFigure[]; span?: number; empty?: boolean; extra?: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const range = (p: DayPeriod) => `${dayText(p.from, lang)} – ${dayText(p.to, lang)}`;
  const periods = props.periods;
  return (
    <WidgetCard title={periods ? `${props.title}, ${range(periods.period)}` : props.title} testId={props.testId} state={props.state} empty={props.empty} extra={props.extra}>
      {() => (
        <>
          {periods && (
            <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
              {t('analytics.summary.comparedWith', 'Each figure beside the previous period, {{period}}', { period: range(periods.previous_period) })}
            </Typography.Paragraph>
          )}
          <Row gutter={[24, 16]}>
            {props.figures.map((f) => (
              <Col key={f.key} xs={24} sm={12} lg={props.span ?? 8} xxl={props.span ?? Math.max(4, Math.floor(24 / Math.max(props.figures.length, 1)))}>
                <FigureCard
                  title={f.label}
                  value={f.value}
                  previous={f.previous}
                  kind={f.kind}
                  versus={t('analytics.summary.vsPrevious', 'vs previous period')}
                  testId={`figure-${f.key}`}
                  link={
                    f.drill && (
                      <DrillLink drill={f.drill} testId={`figure-${f.key}-details`} label={t('analytics.detailsOf', 'Details: {{name}}', { name: f.label })}>
                        {t('analytics.details', 'Details')}
                      </DrillLink>
                    )
                  }
                />
              </Col>
            ))}
          </Row>
        </>
      )}
    </WidgetCard>
  );
}
