import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Select, Space, Spin, Table, Typography } from 'antd';
import { Result } from '../../ui/Result.tsx';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  APPROVAL_ENTRY,
  BANNER_PLACEMENT_PAGE,
  BANNER_TYPE,
  CONTENT_KINDS,
  CONTENT_STATUS,
  CONTENT_TYPE,
  DIGITAL_PRODUCT_TYPE,
  DISPLAY_LOCATION,
  MEMBER_SCOPE,
  MENU_BY_KEY,
  MESSAGE_KIND,
  TARGETING,
  approvalMessagesApi,
  can,
  type ApprovalDetail,
  type ContentKind,
  type ContentRow,
} from '@portal/contract';
import { errorMessage, notifySuccess } from '../../lib/notifier.tsx';
import { useSession } from '../../lib/session.ts';
import { call } from '../../lib/call.ts';
import { DiffTable, type DiffField } from '../../ui/DiffTable.tsx';
import { useGo } from '../../ui/nav.ts';
import { useSearchParam } from '../../ui/search-param.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { StatusTag } from '../../ui/StatusTag.tsx';
import { resourceKeys } from '../../lib/query-keys.ts';
import { APPROVAL_KEYS, KIND_LABEL, useContentActions, useContentTransition } from './content.actions.ts';
import { RejectDialog } from './ContentApprovalBar.tsx';
import { JakartaTime } from './content.inputs.tsx';

const ROUTE = MENU_BY_KEY.get(APPROVAL_ENTRY)?.route ?? '/admin';

/** The compared fields as the form names them; enumerations by their labels, rich text as its words. */
const COMPARED: Record<string, { label: string; table?: { label: (v: never) => string }; common?: boolean; text?: boolean; list?: boolean }> = {
  title: { label: 'Title', common: true },
  description: { label: 'Description', common: true, text: true },
  image_url: { label: 'Image', common: true },
  link_url: { label: 'Link', common: true },
  priority: { label: 'Priority', common: true },
  targeting: { label: 'Targeting', table: TARGETING, common: true },
  member_scope: { label: 'Member Scope', table: MEMBER_SCOPE, common: true },
  consumer_tag_ids: { label: 'Consumer Tags', common: true, list: true },
  province_codes: { label: 'Regions', common: true, list: true },
  start_at: { label: 'Start', common: true },
  end_at: { label: 'End', common: true },
  campaign_id: { label: 'Campaign' },
  content_type: { label: 'Content Type', table: CONTENT_TYPE },
  display_location: { label: 'Display Location', table: DISPLAY_LOCATION },
  placement_page: { label: 'Placement Page', table: BANNER_PLACEMENT_PAGE },
  banner_type: { label: 'Banner Type', table: BANNER_TYPE },
  digital_product_type: { label: 'Digital Product Type', table: DIGITAL_PRODUCT_TYPE },
  message_kind: { label: 'Message Kind', table: MESSAGE_KIND },
  message: { label: 'Message' },
  recurrence: { label: 'Recurrence' },
  send_time: { label: 'Send Time' },
};

const textOf = (html: unknown) => new DOMParser().parseFromString(String(html), 'text/html').body.textContent ?? '';

/** The fields of this item's kind: the common ones, and a kind's own where either version holds a value. */
function comparedFields(changes: ApprovalDetail['changes'], t: (key: string, fallback: string) => string): Record<string, DiffField> {
  const fields: Record<string, DiffField> = {};
  for (const c of changes) {
    const spec = COMPARED[c.field];
    if (!spec || (!spec.common && c.published == null && c.pending == null)) continue;
    const table = spec.table;
    fields[c.field] = {
      label: t(`content.fields.${c.field}`, spec.label),
      render: table
        ? (v) => table.label(v as never)
        : spec.text
          ? (v) => <span style={{ whiteSpace: 'pre-wrap' }}>{textOf(v)}</span>
          : spec.list
            ? (v) => (Array.isArray(v) && v.length ? v.join(', ') : '-')
            : undefined,
    };
  }
  return fields;
}

function useCanApprove(): boolean {
  const perms = useSession()?.access.perms;
  return !!perms && can(perms, APPROVAL_ENTRY, 'approve');
}

/** The approver's queue: pending items of every kind, with bulk approve and reject; each row opens its review. */
export function ApprovalListScreen() {
  const { t } = useTranslation();
  const { link } = useGo();
  const queryClient = useQueryClient();
  const me = useSession()?.profile.id;
  const canApprove = useCanApprove();
  const [kind, setKind] = useState<ContentKind | undefined>();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ContentRow[]>([]);
  const [rejecting, setRejecting] = useState(false);
  // The whole queue at once, oldest first, as the spec's screen reads it (it asks for limit=999999999999999): `is_all`
  // answers every pending item up to the server's bound, so a bulk selection can span pages.
  const query = { is_all: 'true', sort_by: 'submitted_at', sort_dir: 'asc', ...(kind ? { kind } : {}) };
  const list = useQuery({ queryKey: APPROVAL_KEYS.list(query), queryFn: async () => (await call(approvalMessagesApi.list, { query })).data });

  const bulk = useMutation({
    mutationFn: async (run: { action: 'approve' } | { action: 'reject'; reason: string }) => {
      const items = selected.map((r) => ({ id: r.id, version: r.version }));
      const done = run.action === 'approve' ? await call(approvalMessagesApi.bulkApprove, { body: { items } }) : await call(approvalMessagesApi.bulkReject, { body: { items, reason: run.reason } });
      return done.data;
    },
    onSuccess: async (done) => {
      notifySuccess(t('content.bulkDone', '{{count}} items done', { count: done.length }));
      setSelected([]);
      setRejecting(false);
      await queryClient.invalidateQueries({ queryKey: APPROVAL_KEYS.all });
      for (const k of CONTENT_KINDS) await queryClient.invalidateQueries({ queryKey: resourceKeys(k).all });
    },
  });

  const kindLabel = (k: ContentKind) => t(`content.kinds.${k}`, KIND_LABEL[k]);
  return (
    <div data-testid="approval-list">
      <PageHeader
        title={t('content.approvalTitle', 'Approval Messages')}
        extra={
          canApprove && (
            <Space>
              <Button type="primary" icon={<CheckOutlined />} disabled={!selected.length} loading={bulk.isPending} onClick={() => bulk.mutate({ action: 'approve' })} data-testid="bulk-approve">
                {t('content.bulkApprove', 'Approve selected')}
              </Button>
              <Button danger icon={<CloseOutlined />} disabled={!selected.length} onClick={() => setRejecting(true)} data-testid="bulk-reject">
                {t('content.bulkReject', 'Reject selected')}
              </Button>
            </Space>
          )
        }
      />
      <Card>
        <Flex gap={8} style={{ marginBottom: 12 }}>
          <Select<ContentKind>
            allowClear
            placeholder={t('content.fields.kind', 'Kind')}
            aria-label={t('content.fields.kind', 'Kind')}
            style={{ width: 180 }}
            value={kind}
            onChange={(v) => {
              setKind(v);
              setPage(1);
            }}
            options={CONTENT_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
            data-testid="approval-kind"
          />
        </Flex>
        {bulk.isError && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={errorMessage(bulk.error)} />}
        {list.data && list.data.meta.total > list.data.data.length && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            data-testid="approval-partial"
            title={t('content.approvalPartial', 'The oldest {{shown}} of {{total}} pending items are shown; filter by kind to see the others.', { shown: list.data.data.length, total: list.data.meta.total })}
          />
        )}
        <Table<ContentRow>
          rowKey="id"
          size="middle"
          loading={list.isPending}
          dataSource={list.data?.data ?? []}
          rowClassName={() => 'resource-row'}
          rowSelection={
            canApprove
              ? {
                  selectedRowKeys: selected.map((r) => r.id),
                  onChange: (_keys, rows) => setSelected(rows),
                  // Nobody approves their own submission.
                  getCheckboxProps: (r) => ({ disabled: r.submitted_by === me }),
                }
              : undefined
          }
          pagination={{ current: page, pageSize: 20, onChange: setPage, showSizeChanger: false }}
          columns={[
            {
              key: 'title',
              title: t('content.fields.title', 'Title'),
              render: (_, r) => (
                <a {...link(`${ROUTE}/${r.id}/detail`)} data-testid={`approval-open-${r.id}`}>
                  {r.title}
                </a>
              ),
            },
            { key: 'kind', title: t('content.fields.kind', 'Kind'), render: (_, r) => kindLabel(r.kind) },
            { key: 'status', title: t('content.fields.status', 'Status'), render: (_, r) => <StatusTag table={CONTENT_STATUS} value={r.status} /> },
            { key: 'start_at', title: t('content.fields.start_at', 'Start'), render: (_, r) => <JakartaTime value={r.start_at} /> },
            { key: 'end_at', title: t('content.fields.end_at', 'End'), render: (_, r) => <JakartaTime value={r.end_at} /> },
            { key: 'submitted_by_name', title: t('content.fields.submitted_by_name', 'Submitted By'), dataIndex: 'submitted_by_name' },
            { key: 'submitted_at', title: t('content.fields.submitted_at', 'Submitted At'), render: (_, r) => <JakartaTime value={r.submitted_at} /> },
          ]}
        />
      </Card>
      <RejectDialog open={rejecting} loading={bulk.isPending} onCancel={() => setRejecting(false)} onReject={(reason) => bulk.mutate({ action: 'reject', reason })} />
    </div>
  );
}

function ReviewBar({ item }: { item: ContentRow }) {
  const { t } = useTranslation();
  const { go } = useGo();
  const actions = useContentActions(item, APPROVAL_ENTRY);
  const transition = useContentTransition(item, 'queue');
  const [rejecting, setRejecting] = useState(false);
  const back = () => go(ROUTE);
  return (
    <>
      {transition.isError && <Alert type="error" showIcon title={errorMessage(transition.error)} />}
      {actions.includes('approve') && (
        <Button type="primary" icon={<CheckOutlined />} loading={transition.isPending} onClick={() => transition.mutate({ action: 'approve' }, { onSuccess: back })} data-testid="review-approve">
          {t('content.actions.approve', 'Approve')}
        </Button>
      )}
      {actions.includes('reject') && (
        <Button danger icon={<CloseOutlined />} onClick={() => setRejecting(true)} data-testid="review-reject">
          {t('content.actions.reject', 'Reject')}
        </Button>
      )}
      <RejectDialog open={rejecting} loading={transition.isPending} onCancel={() => setRejecting(false)} onReject={(reason) => transition.mutate({ action: 'reject', reason }, { onSuccess: back })} />
    </>
  );
}

/** `{id}/detail`: the review of the item the path names. */
export function ApprovalReviewScreen() {
  const params: Record<string, unknown> = useParams({ strict: false });
  return <ApprovalReview id={typeof params.id === 'string' ? params.id : ''} />;
}

/** The spec's `approval-messages/edit`: the review of the item `?id=` names, else the queue to choose one from. */
export function ApprovalEditScreen() {
  const [id] = useSearchParam('id');
  return id ? <ApprovalReview key={id} id={id} /> : <ApprovalListScreen />;
}

/** One pending item: its summary, the field-by-field comparison with its last published version, approve or reject. */
function ApprovalReview({ id }: { id: string }) {
  const { t } = useTranslation();
  const compare = useQuery({ queryKey: [...APPROVAL_KEYS.detail(id), 'compare'], queryFn: async () => (await call(approvalMessagesApi.compare, { id })).data });
  if (compare.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (compare.isError || !compare.data) return <Result status="404" title={errorMessage(compare.error, t('ui.notFound', 'Record not found'))} />;
  const { item, changes, published_at } = compare.data;
  const side = (which: 'published' | 'pending') => Object.fromEntries(changes.map((c) => [c.field, c[which]]));
  return (
    <div data-testid="approval-review">
      <PageHeader title={item.title} extra={<ReviewBar item={item} />} />
      <Flex vertical gap={16}>
        <Card size="small">
          <Descriptions
            size="small"
            column={{ xs: 1, md: 3 }}
            items={[
              { key: 'kind', label: t('content.fields.kind', 'Kind'), children: t(`content.kinds.${item.kind}`, KIND_LABEL[item.kind]) },
              { key: 'status', label: t('content.fields.status', 'Status'), children: <StatusTag table={CONTENT_STATUS} value={item.status} /> },
              { key: 'submitted', label: t('content.fields.submitted_by_name', 'Submitted By'), children: `${item.submitted_by_name ?? '-'}` },
            ]}
          />
        </Card>
        <Card
          size="small"
          title={t('content.compareTitle', 'Changes since the last published version')}
          extra={
            <Typography.Text type="secondary" data-testid="compare-published-at">
              {published_at ? <JakartaTime value={published_at} /> : t('content.neverPublished', 'Never published before')}
            </Typography.Text>
          }
        >
          <DiffTable before={published_at ? side('published') : null} after={side('pending')} fields={comparedFields(changes, t)} />
        </Card>
      </Flex>
    </div>
  );
}
