import { useMemo} from 'react';
import { Alert, Button, Descriptions, Flex, Table } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  can,
  CONSUMER_ENTRIES,
  CONSUMER_LOGIN_LOG_ENTRIES,
  consumerLoginLogsApi,
  LOG_RESULT,
  LOGIN_FAILURE_REASON,
  PLATFORM,
  type ConsumerLoginLogRow,
  type VoucherUsedLogDetail,
} from '@portal/contract';
import { call } from '../../lib/call.ts';
import { useFormat } from '../../lib/format.ts';
import { registerDictionaries } from '../../lib/i18n.ts';
import { resourceKeys } from '../../lib/query-keys.ts';
import { useSession } from '../../lib/session.ts';
import { DetailView } from '../../ui/DetailView.tsx';
import { useGo } from '../../ui/nav.ts';
import { useIdParam } from '../../ui/ResourceScreens.tsx';
import { StatusTag } from '../../ui/StatusTag.tsx';
import { useResourceAccess } from '../../ui/use-resource-access.ts';
import { catalogI18n } from '../catalog/catalog.i18n.ts';
import { consumerView } from '../consumers/consumer.view.ts';
import { consumersI18n } from '../consumers/consumers.i18n.ts';
import { masterdataI18n } from '../masterdata/masterdata.i18n.ts';
import { vouchersI18n } from '../vouchers/vouchers.i18n.ts';
import { ATTEMPT_ITEMS, consumerLoginLogView } from './consumer-login-log.view.ts';
import { heimdalLogsI18n } from './heimdal-logs.i18n.ts';

import { Failed, Forbidden, Loading, OwnPage, Pairs, ReceiptSection, RedemptionPageFrame, RedemptionSummary, VoucherSection, useEntryRoute, withSections } from './heimdal-log-parts.tsx';

// The logs' texts, and those of the consumer view their pages show, arrive with these screens.
registerDictionaries(heimdalLogsI18n, consumersI18n, catalogI18n, masterdataI18n, vouchersI18n);

/** The consumer's other sign-in attempts, newest first, with the way to all of them in the log. */
function SignInHistory({ consumerId }: { consumerId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { link } = useGo();
  const query = { consumer_id: consumerId, limit: 10 };
  const list = useQuery({
    queryKey: resourceKeys('consumer-login-log').list(query),
    queryFn: async () => (await call(consumerLoginLogsApi.list, { query })).data,
  });
  const label = (key: string, text: string) => t(`heimdal.loginLog.fields.${key}`, text);
  const all = `${useEntryRoute(CONSUMER_LOGIN_LOG_ENTRIES[0])}?consumer_id=${consumerId}`;
  return (
    <Flex vertical gap={8}>
      <Table<ConsumerLoginLogRow>
        size="small"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="consumer-sign-ins"
        columns={[
          { key: 'at', title: label('at', 'Time'), render: (_, r) => f.dateTime(r.at) },
          { key: 'result', title: label('result', 'Result'), render: (_, r) => <StatusTag table={LOG_RESULT} value={r.result} /> },
          { key: 'failure_reason', title: label('failure_reason', 'Failure Reason'), render: (_, r) => <StatusTag table={LOGIN_FAILURE_REASON} value={r.failure_reason} /> },
          { key: 'platform', title: label('platform', 'Platform'), render: (_, r) => <StatusTag table={PLATFORM} value={r.platform} /> },
          { key: 'app_version', title: label('app_version', 'App Version'), render: (_, r) => r.app_version ?? '-' },
          { key: 'device', title: label('device', 'Device'), render: (_, r) => r.device ?? '-' },
          { key: 'ip', title: label('ip', 'IP Address'), render: (_, r) => r.ip ?? '-' },
        ]}
      />
      <span>
        <Button icon={<UnorderedListOutlined />} {...link(all)} data-testid="consumer-sign-ins-all">
          {t('heimdal.loginLog.allOfConsumer', 'All attempts of this consumer ({{count}})', { count: list.data?.meta.total ?? 0 })}
        </Button>
      </span>
    </Flex>
  );
}


/**
 * `consumer-login-log/{id}/consumer`: from one attempt, its consumer's view. That is the cms Consumer's own one-customer
 * view (profile, actions, histories) under the consumer's own right, with the attempt and the consumer's sign-ins put in
 * front; without that right, or for a phone no consumer has, the attempt and what the log knows.
 */
export function ConsumerLoginLogConsumerScreen() {
  const { t } = useTranslation();
  const id = useIdParam();
  const access = useResourceAccess(consumerLoginLogView);
  const perms = useSession()?.access.perms;
  const attempt = useQuery({
    queryKey: resourceKeys('consumer-login-log').detail(id),
    queryFn: async () => (await call(consumerLoginLogsApi.get, { id })).data,
    enabled: access.can('view'),
  });
  const row = attempt.data;
  const attemptCard = row ? <Pairs i18n="heimdal.loginLog" items={ATTEMPT_ITEMS} row={row} testId="login-attempt" /> : null;
  // Built once per attempt read, so the sections keep their state while the consumer's view re-renders.
  const view = useMemo(() => {
    if (!row) return consumerView;
    const Attempt = () => <Pairs i18n="heimdal.loginLog" items={ATTEMPT_ITEMS} row={row} testId="login-attempt" />;
    const consumerId = row.consumer_id;
    const SignIns = () => (consumerId === null ? null : <SignInHistory consumerId={consumerId} />);
    return withSections(consumerView, [{ key: 'attempt', title: 'Sign-in Attempt', component: Attempt }], consumerId === null ? [] : [{ key: 'signIns', title: 'Sign-in History', component: SignIns }]);
  }, [row]);
  if (!access.can('view')) return <Forbidden />;
  if (attempt.isPending) return <Loading entry={access.entry} />;
  if (attempt.isError || !row) return <Failed error={attempt.error} list={access.paths.list} />;
  if (row.consumer_id !== null && perms && can(perms, CONSUMER_ENTRIES[0], 'view')) return <DetailView key={row.consumer_id} view={view} id={String(row.consumer_id)} />;
  const sections = [
    { key: 'attempt', title: t('consumers.consumer.sections.attempt', 'Sign-in Attempt'), body: attemptCard },
    {
      key: 'consumer',
      title: t('heimdal.loginLog.consumer', 'Consumer'),
      body:
        row.consumer_id === null ? (
          <Alert type="info" showIcon title={t('heimdal.loginLog.unknownPhone', 'No consumer has this phone number: the attempt named no account.')} data-testid="login-no-consumer" />
        ) : (
          <Flex vertical gap={12}>
            <Descriptions
              bordered
              size="small"
              items={[
                { key: 'id', label: t('heimdal.loginLog.fields.consumer_id', 'Consumer ID'), children: row.consumer_id },
                { key: 'name', label: t('heimdal.loginLog.fields.consumer', 'Consumer'), children: row.consumer_name ?? '-' },
                { key: 'phone', label: t('heimdal.loginLog.fields.phone', 'Phone Tried'), children: row.phone },
              ]}
            />
            <Alert type="info" showIcon title={t('heimdal.loginLog.noConsumerRight', 'The consumer’s profile and histories open with the Consumer menu’s view right.')} />
          </Flex>
        ),
    },
    ...(row.consumer_id === null ? [] : [{ key: 'signIns', title: t('consumers.consumer.sections.signIns', 'Sign-in History'), body: <SignInHistory consumerId={row.consumer_id} /> }]),
  ];
  return <OwnPage title={row.consumer_name ?? row.phone} sections={sections} testId="login-consumer-page" />;
}

// ---- Voucher Used Log: {id}/detail-consumer, {id}/detail-order, {id}/detail-voucher ----

/** `voucher-used-log/{id}/detail-consumer`: the consumer of the receipt the voucher paid, in the cms Consumer's view. */
function RedemptionConsumer({ row }: { row: VoucherUsedLogDetail }) {
  const { t } = useTranslation();
  const perms = useSession()?.access.perms;
  const summary = <RedemptionSummary row={row} page="detail-consumer" />;
  const view = useMemo(() => {
    const Summary = () => <RedemptionSummary row={row} page="detail-consumer" />;
    return withSections(consumerView, [{ key: 'redemption', title: 'Voucher Redemption', component: Summary }]);
  }, [row]);
  if (row.consumer_id !== null && perms && can(perms, CONSUMER_ENTRIES[0], 'view')) return <DetailView key={row.consumer_id} view={view} id={String(row.consumer_id)} />;
  const why =
    row.consumer_id === null
      ? row.receipt
        ? t('heimdal.voucherUsed.noCard', 'The till scanned no member card on this receipt: the voucher was used by a shopper without one.')
        : t('heimdal.voucherUsed.noReceiptYet', 'The store’s POS has not sent this receipt yet: its member card, if any, is not known.')
      : t('heimdal.loginLog.noConsumerRight', 'The consumer’s profile and histories open with the Consumer menu’s view right.');
  return (
    <OwnPage
      title={row.consumer_name ?? t('heimdal.voucherUsed.noConsumer', 'No member card')}
      testId="redemption-consumer-own"
      sections={[
        { key: 'redemption', title: t('consumers.consumer.sections.redemption', 'Voucher Redemption'), body: summary },
        {
          key: 'consumer',
          title: t('heimdal.voucherUsed.fields.consumer', 'Consumer'),
          body: (
            <Flex vertical gap={12}>
              {row.consumer_id !== null && (
                <Descriptions
                  bordered
                  size="small"
                  items={[
                    { key: 'id', label: t('heimdal.voucherUsed.fields.consumer_id', 'Consumer ID'), children: row.consumer_id },
                    { key: 'name', label: t('heimdal.voucherUsed.fields.consumer', 'Consumer'), children: row.consumer_name ?? '-' },
                    { key: 'phone', label: t('heimdal.voucherUsed.fields.consumer_phone', 'Phone'), children: row.consumer_phone ?? '-' },
                  ]}
                />
              )}
              <Alert type="info" showIcon title={why} data-testid="redemption-consumer-why" />
            </Flex>
          ),
        },
      ]}
    />
  );
}


/** `voucher-used-log/{id}/detail-voucher`: the voucher, and the receipt it paid. */
function RedemptionVoucher({ row }: { row: VoucherUsedLogDetail }) {
  const { t } = useTranslation();
  return (
    <OwnPage
      title={`${row.masked_code} · ${row.voucher_name}`}
      testId="redemption-voucher"
      sections={[
        { key: 'redemption', title: t('consumers.consumer.sections.redemption', 'Voucher Redemption'), body: <RedemptionSummary row={row} page="detail-voucher" /> },
        { key: 'voucher', title: t('heimdal.voucherUsed.pages.voucher', 'Voucher'), body: <VoucherSection row={row} /> },
        { key: 'receipt', title: t('voucher.order.sections.receipt', 'Receipt'), body: <ReceiptSection receipt={row.receipt} /> },
      ]}
    />
  );
}

export const VoucherUsedConsumerScreen = () => <RedemptionPageFrame page="detail-consumer" body={(row) => <RedemptionConsumer row={row} />} />;
export const VoucherUsedVoucherScreen = () => <RedemptionPageFrame page="detail-voucher" body={(row) => <RedemptionVoucher row={row} />} />;

