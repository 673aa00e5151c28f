import { useEffect, useMemo, type ReactNode } from 'react';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation, useRouter, useSearch } from '@tanstack/react-router';
import type { z } from 'zod';
import { jakartaDay, type AnyEndpoint } from '@portal/contract';
import { callEndpoint } from '../lib/call.ts';
import { formatCount, formatRupiah } from '../lib/format.ts';
import { resourceKeys } from '../lib/query-keys.ts';
import { listQueryParams } from './list-search.ts';
import type { ResourceView } from './resource.ts';
import { ResourceListPage } from './ResourceScreens.tsx';

/*
 * A report's page beside its list: the period it opens on, written into the URL, and its totals over the same filters
 * (the e-voucher reports, the order reports).
 */

/** The report's filters as the URL holds them, kept to the keys of `schema` (a report's totals take no page or order). */
export function useReportFilters(schema: z.ZodObject) {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const keys = Object.keys(schema.shape);
  const picked = Object.fromEntries(keys.filter((k) => raw[k] !== undefined).map((k) => [k, raw[k]]));
  return useMemo(() => listQueryParams(schema, picked), [schema, JSON.stringify(picked)]);
}

/** This month in Asia/Jakarta, its first day to today: the period every report opens on. */
export function thisMonth(): Record<string, string> {
  const today = jakartaDay(new Date());
  return { date_from: `${today.slice(0, 7)}-01`, date_until: today };
}

/**
 * Opens a report on its default filters (this month, or today for the outstanding report) written into the URL, so the
 * pickers show what the figures cover and the list, its totals and its export agree. Reset brings them back.
 */
export function useDefaultFilters(defaults: () => Record<string, string | number>): boolean {
  const router = useRouter();
  const pathname = useLocation({ select: (l) => l.pathname });
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const initial = defaults();
  const missing = Object.keys(initial).every((k) => raw[k] === undefined || raw[k] === '');
  useEffect(() => {
    if (missing) void router.navigate({ href: `${pathname}${router.options.stringifySearch({ ...raw, ...initial })}`, replace: true });
  }, [missing]);
  return !missing;
}

/** A report's page: its default filters in the URL first, then its figures (`above`) over the list. */
export function ReportListPage<Row extends { id: number | string }, Detail extends Row>({
  view,
  defaults,
  above,
}: {
  view: ResourceView<Row, Detail>;
  defaults: () => Record<string, string | number>;
  above?: ReactNode;
}) {
  const ready = useDefaultFilters(defaults);
  return ready ? <ResourceListPage view={view} above={above} /> : null;
}

/** One figure of a report's totals: a number of vouchers or orders and, under it, their value in Rupiah; or an amount alone. */
export interface Figure {
  key: string;
  label: string;
  count?: number;
  value?: number;
}

/** A report's totals over its filters (not only the page shown): figures, what they cover and what they mean. */
export function ReportTotals<T>(props: {
  /** Query-key name (the report's); the endpoint's id by default. */
  name?: string;
  endpoint: AnyEndpoint;
  /** The filters the totals take from the URL; the endpoint's own query by default. */
  schema?: z.ZodObject;
  /** The figures of the answer, and the line saying which days they cover. */
  figures: (data: T) => Figure[];
  caption: (data: T) => string;
  /** What the figures mean, in a sentence or two. */
  note: string;
  testId: string;
  children?: (data: T) => ReactNode;
}) {
  const query = useReportFilters(props.schema ?? (props.endpoint.query as z.ZodObject));
  const totals = useQuery({
    queryKey: resourceKeys(props.name ?? props.endpoint.id).list({ ...query, via: props.endpoint.path }),
    queryFn: async () => (await callEndpoint<T>(props.endpoint, { query })).data,
    placeholderData: keepPreviousData,
  });
  const data = totals.data;
  return (
    <Card size="small" style={{ marginBottom: 16 }} data-testid={props.testId}>
      <Typography.Text strong data-testid={`${props.testId}-range`}>
        {data ? props.caption(data) : '…'}
      </Typography.Text>
      <Row gutter={[16, 8]} style={{ marginTop: 8 }}>
        {(data ? props.figures(data) : []).map((f) => (
          <Col xs={12} md={6} key={f.key} data-testid={`figure-${f.key}`}>
            <Statistic title={f.label} value={f.count === undefined ? formatRupiah(f.value ?? 0) : formatCount(f.count)} loading={totals.isPending} />
            {f.count !== undefined && f.value !== undefined && <Typography.Text type="secondary">{formatRupiah(f.value)}</Typography.Text>}
          </Col>
        ))}
      </Row>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
        {props.note}
      </Typography.Paragraph>
      {data && props.children?.(data)}
    </Card>
  );
}

