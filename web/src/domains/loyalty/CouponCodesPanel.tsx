import { useEffect, useState } from 'react';
import { Button, Flex, Input, Progress, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CODE_ROOM_FACTOR, COUPON_CODE_STATE, COUPON_CODES_GENERATING, couponSettingsApi, formatCount, patternCapacity, type CouponSettingDetail } from '@portal/contract';
import { call } from '../../lib/call.ts';
import { notifyError, notifySuccess } from '../../lib/notifier.tsx';
import { resourceKeys } from '../../lib/query-keys.ts';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { StatusTag } from '../../ui/StatusTag.tsx';
import { useResourceAccess } from '../../ui/use-resource-access.ts';

const keys = resourceKeys('coupon-setting');
const POLL_MS = 1000;

/**
 * The coupon's codes on its detail: a pattern to generate them from (with how many codes it has room for), the job's
 * progress while it runs (the detail is read again each second), and the codes as a file once there are some.
 */
export function CouponCodesPanel({ row }: { row: CouponSettingDetail }) {
  const { t } = useTranslation();
  const access = useResourceAccess({ entries: ['cms.coupon-setting'] });
  const queryClient = useQueryClient();
  const [pattern, setPattern] = useState('HEMAT-####-XX');
  const generating = row.codes_state === COUPON_CODES_GENERATING;

  useEffect(() => {
    if (!generating) return;
    const timer = setInterval(() => void queryClient.invalidateQueries({ queryKey: keys.detail(row.id) }), POLL_MS);
    return () => clearInterval(timer);
  }, [generating, queryClient, row.id]);

  const generate = useMutation({
    mutationFn: () => call(couponSettingsApi.generateCodes, { id: row.id, body: { pattern, version: row.version } }),
    onSuccess: async () => {
      notifySuccess(t('loyalty.coupon.codes.started', 'Code generation started'));
      await queryClient.invalidateQueries({ queryKey: keys.all });
    },
    onError: (err) => notifyError(err),
  });

  const room = patternCapacity(pattern.trim().toUpperCase());
  const percent = row.codes_wanted ? Math.floor((row.codes_made * 100) / row.codes_wanted) : 0;
  return (
    <Flex vertical gap={12} data-testid="coupon-codes">
      <Flex gap={8} align="center" wrap>
        <StatusTag table={COUPON_CODE_STATE} value={row.codes_state} />
        {row.code_pattern && <Typography.Text code>{row.code_pattern}</Typography.Text>}
        {row.codes_state !== 0 && (
          <Typography.Text data-testid="coupon-codes-made">
            {t('loyalty.coupon.codes.made', '{{made}} of {{wanted}} codes', { made: formatCount(row.codes_made), wanted: formatCount(row.codes_wanted) })}
          </Typography.Text>
        )}
      </Flex>
      {row.codes_state !== 0 && (
        <Progress percent={percent} status={row.codes_state === 3 ? 'exception' : generating ? 'active' : 'success'} aria-label={t('loyalty.coupon.codes.progress', 'Code generation progress')} data-testid="coupon-codes-progress" />
      )}
      {row.codes_state === 0 && access.can('edit') && (
        <Flex vertical gap={4}>
          <Flex gap={8} wrap>
            <Input
              style={{ maxWidth: 280 }}
              value={pattern}
              onChange={(e) => setPattern(e.target.value)}
              aria-label={t('loyalty.coupon.codes.pattern', 'Code pattern')}
              data-testid="coupon-codes-pattern"
            />
            <Button type="primary" loading={generate.isPending} onClick={() => generate.mutate()} data-testid="coupon-codes-generate">
              {t('loyalty.coupon.codes.generate', 'Generate codes')}
            </Button>
          </Flex>
          <Typography.Text type="secondary">
            {t('loyalty.coupon.codes.help', '# a digit, X a letter, * a letter or digit. Room for {{room}} codes; the quota of {{quota}} needs {{needed}}.', {
              room: formatCount(room),
              quota: formatCount(row.quota),
              needed: formatCount(row.quota * CODE_ROOM_FACTOR),
            })}
          </Typography.Text>
        </Flex>
      )}
      {row.codes_made > 0 && access.can('export') && <ExportButton endpoint={couponSettingsApi.exportCodes} query={{ coupon_setting_id: row.id }} />}
    </Flex>
  );
}
