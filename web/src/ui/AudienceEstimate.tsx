import { useEffect, useState } from 'react';
import { Form, Spin, Typography } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatCount, type AnyEndpoint, type AudienceEstimate, type AudienceEstimateQuery } from '@portal/contract';
import { callEndpoint } from '../lib/call.ts';
import { resourceKeys } from '../lib/query-keys.ts';

const audienceKeys = resourceKeys('audience');
const DEBOUNCE_MS = 400;

const ids = <T,>(v: unknown): T[] => (Array.isArray(v) ? (v as unknown[]).map((x) => (x && typeof x === 'object' && 'value' in x ? (x as { value: T }).value : (x as T))) : []);

/** The targeting as the estimate takes it; null while a targeted item names nobody yet. */
function targetingOf(v: TargetingValues): AudienceEstimateQuery | null {
  const targeting = v.targeting === 1 ? 1 : 2;
  const member_scope = v.member_scope === 1 ? 1 : 0;
  if (targeting === 2) return { targeting, member_scope, consumer_tag_ids: [], province_codes: [] };
  const consumer_tag_ids = ids<number>(v.consumer_tag_ids);
  const province_codes = ids<string>(v.province_codes);
  return consumer_tag_ids.length + province_codes.length ? { targeting, member_scope, consumer_tag_ids, province_codes } : null;
}

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}

/** "Estimated audience: 12.345 consumers", asked of the server for this targeting (debounced while it changes). */
function Estimate({ endpoint, query, pending = false }: { endpoint: AnyEndpoint; query: AudienceEstimateQuery | null; pending?: boolean }) {
  const { t } = useTranslation();
  const estimate = useQuery({
    queryKey: audienceKeys.list(query ? { path: endpoint.path, ...query, consumer_tag_ids: query.consumer_tag_ids.join(','), province_codes: query.province_codes.join(',') } : { path: endpoint.path }),
    queryFn: async () => (query ? (await callEndpoint<AudienceEstimate>(endpoint, { body: query })).data : null),
    enabled: !!query,
    staleTime: 30_000,
  });
  if (!query) {
    return (
      <Typography.Text type="secondary" data-testid="audience-estimate">
        {t('ui.audience.choose', 'Choose consumer tags or regions to see the estimated audience')}
      </Typography.Text>
    );
  }
  const loading = pending || estimate.isFetching;
  return (
    <Typography.Text data-testid="audience-estimate" data-loading={loading ? 'true' : 'false'}>
      <TeamOutlined style={{ marginRight: 6 }} />
      {estimate.isError
        ? t('ui.audience.failed', 'The estimated audience is not available right now')
        : t('ui.audience.estimate', 'Estimated audience: {{n}} consumers', { n: estimate.data ? formatCount(estimate.data.consumers) : '…' })}
      {loading && <Spin size="small" style={{ marginLeft: 8 }} data-testid="audience-estimate-loading" />}
    </Typography.Text>
  );
}

/**
 * The estimated audience of a targeting (content, coupons), asked of `endpoint` (a POST taking the targeting fields):
 * `Field` follows the form's targeting fields as they change, `OfRow` shows what a saved record's targeting reaches now.
 */
export function audienceEstimate(endpoint: AnyEndpoint) {
  const Field = () => <AudienceEstimateField endpoint={endpoint} />;
  const OfRow = ({ row }: { row: TargetingValues }) => <Estimate endpoint={endpoint} query={targetingOf(row)} />;
  return { Field, OfRow };
}

interface TargetingValues {
  targeting?: unknown;
  member_scope?: unknown;
  consumer_tag_ids?: unknown;
  province_codes?: unknown;
}

function AudienceEstimateField({ endpoint }: { endpoint: AnyEndpoint }) {
  const form = Form.useFormInstance();
  const targeting = Form.useWatch('targeting', form) as unknown;
  const member_scope = Form.useWatch('member_scope', form) as unknown;
  const consumer_tag_ids = Form.useWatch('consumer_tag_ids', form) as unknown;
  const province_codes = Form.useWatch('province_codes', form) as unknown;
  const now = targetingOf({ targeting, member_scope, consumer_tag_ids, province_codes });
  const settled = useDebounced(now, DEBOUNCE_MS);
  return <Estimate endpoint={endpoint} query={settled} pending={JSON.stringify(now) !== JSON.stringify(settled)} />;
}
