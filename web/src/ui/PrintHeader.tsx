import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../lib/format.ts';

/** One line of a print header: a filter and its value in words. */
export interface PrintFact {
  label: string;
  value: ReactNode;
}

/**
 * The heading of a printed dashboard or report: its name (the page's `h1`), what it covers in words (period,
 * filters), and when it was made, so a sheet on a desk says what it is.
 */
export function PrintHeader({ title, facts, generatedAt }: { title: string; facts: readonly PrintFact[]; generatedAt: Date }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <header data-testid="print-header" style={{ borderBottom: '2px solid currentColor', paddingBottom: 8, marginBottom: 16 }}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 22 }} data-testid="page-title">
        {title}
      </Typography.Title>
      {facts.length > 0 && (
        <dl style={{ display: 'flex', flexWrap: 'wrap', columnGap: 24, rowGap: 2, margin: '8px 0 4px' }} data-testid="print-facts">
          {facts.map((fact) => (
            <div key={fact.label} style={{ display: 'flex', gap: 6 }}>
              <dt style={{ fontWeight: 600 }}>{fact.label}:</dt>
              <dd style={{ margin: 0 }}>{fact.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <Typography.Text type="secondary" data-testid="print-generated">
        {t('ui.print.generated', 'Generated {{at}} WIB', { at: f.dateTime(generatedAt) })}
      </Typography.Text>
    </header>
  );
}
