import type { ReactNode } from 'react';
import { Alert, Button, Card, Col, Empty, Flex, List, Progress, Row, Skeleton, Tag, Typography } from 'antd';
import { ArrowRightOutlined, CloudDownloadOutlined, CloudUploadOutlined, CustomerServiceOutlined, LoginOutlined, MessageOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ASSOCIATE_ENTRIES,
  can,
  FREE_GIFT_ENTRIES,
  formatCount,
  HELP_CENTER_ENTRIES,
  IMPORT_STATUS,
  MASTER_PROMO_ENTRIES,
  OVERVIEW_ENTRY,
  PRODUCT_ENTRIES,
  PROMO_ENTRIES,
  STORE_ENTRIES,
  overviewApi,
  type OverviewCount,
  type OverviewImport,
} from '@portal/contract';
import { errorMessage } from '../../lib/notifier.tsx';
import { hasScreen } from '../../lib/screens.ts';
import { useSession } from '../../lib/session.ts';
import { call } from '../../lib/call.ts';
import { useFormat } from '../../lib/format.ts';
import { resourceKeys } from '../../lib/query-keys.ts';
import { useGo } from '../../ui/nav.ts';
import { StatusTag } from '../../ui/StatusTag.tsx';
import { resourcePaths } from '../../ui/resource-paths.ts';

const keys = resourceKeys('overview');
/** The overview reads itself again this often while the page is open. */
const REFRESH_MS = 60_000;

/** The screen of each import, where its batch resumes (`?batch=`): the entries it hangs under and its path there. */
const IMPORT_SCREENS: Record<string, { entries: readonly string[]; path: (params: OverviewImport['params']) => string | undefined }> = {
  'product-edit': { entries: PRODUCT_ENTRIES, path: () => 'import' },
  'product-image': { entries: PRODUCT_ENTRIES, path: () => 'preview-bulk-image' },
  'store-edit': { entries: STORE_ENTRIES, path: () => 'bulk-edit' },
  'store-product-sync': { entries: STORE_ENTRIES, path: () => 'store-product-sync' },
  associate: { entries: ASSOCIATE_ENTRIES, path: () => 'bulk' },
  'help-center': { entries: HELP_CENTER_ENTRIES, path: () => 'import' },
  promo: { entries: PROMO_ENTRIES, path: () => 'import' },
  'master-promo': { entries: MASTER_PROMO_ENTRIES, path: () => 'import' },
  'free-gift-stores': { entries: FREE_GIFT_ENTRIES, path: (p) => (p?.free_gift_id ? `${p.free_gift_id}/store-upload` : undefined) },
};

const countText = (c: OverviewCount) => (c.capped ? `${formatCount(c.value)}+` : formatCount(c.value));
const sum = (a: OverviewCount, b: OverviewCount): OverviewCount => ({ value: a.value + b.value, capped: a.capped || b.capped });

/** A list path with a filter: `…/help-center?status=1`. */
const withQuery = (path: string, query: Record<string, string | number>) => `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`;

/** One tile: its number, what the number counts, a few rows, and a link to the list it counts from. */
function Tile(props: { id: string; icon: ReactNode; title: string; count: OverviewCount; caption?: ReactNode; href?: string; linkText?: string; children?: ReactNode }) {
  const { link } = useGo();
  return (
    <Card
      data-testid={`overview-${props.id}`}
      title={
        <Flex gap={8} align="center">
          {props.icon}
          {props.title}
        </Flex>
      }
      style={{ height: '100%' }}
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 8, height: 'calc(100% - 56px)' } }}
    >
      <Typography.Text style={{ fontSize: 32, fontWeight: 600, lineHeight: 1.2 }} data-testid={`overview-${props.id}-count`}>
        {countText(props.count)}
      </Typography.Text>
      {props.caption && <Typography.Text type="secondary">{props.caption}</Typography.Text>}
      {props.children}
      {props.href && (
        <div style={{ marginTop: 'auto' }}>
          <Button type="link" style={{ paddingInline: 0 }} icon={<ArrowRightOutlined />} iconPlacement="end" {...link(props.href)} data-testid={`overview-${props.id}-link`}>
            {props.linkText}
          </Button>
        </div>
      )}
    </Card>
  );
}

/** The import a row names, opened at its batch, where the user may open that screen. */
function useImportHref(): (batch: OverviewImport) => string | undefined {
  const perms = useSession()?.access.perms;
  return (batch) => {
    const screen = IMPORT_SCREENS[batch.key];
    const entry = screen?.entries.find((e) => hasScreen(e) && !!perms && can(perms, e, 'view'));
    const path = screen?.path(batch.params);
    return entry && path ? `${resourcePaths(entry).list}/${path}?batch=${batch.id}` : undefined;
  };
}

/**
 * The main page's overview: one tile per thing waiting for someone, each computed by the server only for a user who
 * may view the list it leads to (`GET /api/v1/overview`). Loading shows placeholders, a failure says so with a retry,
 * and a role with nothing to watch is told that.
 */
export function OverviewTiles() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { link } = useGo();
  const importHref = useImportHref();
  const overview = useQuery({
    queryKey: keys.detail('me'),
    queryFn: async () => (await call(overviewApi.get)).data,
    refetchInterval: REFRESH_MS,
  });

  if (overview.isPending) {
    return (
      <Row gutter={[16, 16]} data-testid="overview-loading" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Col key={i} xs={24} md={12} xl={8}>
            <Card>
              <Skeleton active paragraph={{ rows: 2 }} />
            </Card>
          </Col>
        ))}
      </Row>
    );
  }
  if (overview.isError) {
    return (
      <Alert
        type="error"
        showIcon
        data-testid="overview-error"
        title={t('operations.overview.failed', 'The overview could not be loaded.')}
        description={errorMessage(overview.error)}
        action={
          <Button onClick={() => void overview.refetch()} loading={overview.isFetching}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }

  const o = overview.data;
  const list = (entry: string) => resourcePaths(entry).list;
  const tiles: { id: string; node: ReactNode }[] = [];
  if (o.tickets) {
    tiles.push({
      id: 'tickets',
      node: (
        <Tile
          id="tickets"
          icon={<CustomerServiceOutlined />}
          title={t('operations.overview.tickets', 'Open tickets')}
          count={o.tickets.open}
          href={list(OVERVIEW_ENTRY.tickets)}
          linkText={t('operations.overview.openTickets', 'Open the Help Center')}
          caption={
            o.tickets.unread.value ? (
              <a {...link(withQuery(list(OVERVIEW_ENTRY.tickets), { status: 1 }))} data-testid="overview-tickets-unread">
                {t('operations.overview.ticketsUnread', '{{formatted}} unread', { formatted: countText(o.tickets.unread) })}
              </a>
            ) : (
              t('operations.overview.ticketsNoneUnread', 'None unread')
            )
          }
        />
      ),
    });
  }
  if (o.chats) {
    tiles.push({
      id: 'chats',
      node: (
        <Tile
          id="chats"
          icon={<MessageOutlined />}
          title={t('operations.overview.chats', 'Unread chats')}
          count={o.chats.unread}
          caption={t('operations.overview.chatsCaption', 'Conversations waiting for an answer')}
          href={withQuery(list(OVERVIEW_ENTRY.chats), { status: 1 })}
          linkText={t('operations.overview.openChats', 'Open Chat Live')}
        />
      ),
    });
  }
  if (o.approvals) {
    tiles.push({
      id: 'approvals',
      node: (
        <Tile
          id="approvals"
          icon={<SafetyCertificateOutlined />}
          title={t('operations.overview.approvals', 'Waiting for approval')}
          count={o.approvals.pending}
          caption={
            o.approvals.oldest_submitted_at
              ? t('operations.overview.approvalsOldest', 'The oldest since {{at}}', { at: fmt.dateTime(o.approvals.oldest_submitted_at) })
              : t('operations.overview.approvalsNone', 'Nothing in the queue')
          }
          href={list(OVERVIEW_ENTRY.approvals)}
          linkText={t('operations.overview.openApprovals', 'Open Approval Messages')}
        />
      ),
    });
  }
  if (o.imports) {
    tiles.push({
      id: 'imports',
      node: (
        <Tile
          id="imports"
          icon={<CloudUploadOutlined />}
          title={t('operations.overview.imports', 'Unfinished imports')}
          count={sum(o.imports.running, o.imports.to_confirm)}
          caption={t('operations.overview.importsCaption', '{{running}} running · {{waiting}} waiting for your confirmation', {
            running: countText(o.imports.running),
            waiting: countText(o.imports.to_confirm),
          })}
        >
          {o.imports.recent.length > 0 && (
            <List
              size="small"
              data-testid="overview-imports-recent"
              dataSource={o.imports.recent}
              renderItem={(b) => {
                const href = importHref(b);
                return (
                  <List.Item
                    key={b.id}
                    style={{ paddingInline: 0 }}
                    extra={b.status === 'VALIDATED' ? <StatusTag table={IMPORT_STATUS} value={b.status} /> : <Progress type="circle" size={28} percent={b.progress} />}
                  >
                    <Flex vertical>
                      {href ? <a {...link(href)}>{b.title}</a> : <Typography.Text>{b.title}</Typography.Text>}
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {b.file_name} · {fmt.dateTime(b.created_at)}
                      </Typography.Text>
                    </Flex>
                  </List.Item>
                );
              }}
            />
          )}
        </Tile>
      ),
    });
  }
  if (o.exports) {
    tiles.push({
      id: 'exports',
      node: (
        <Tile
          id="exports"
          icon={<CloudDownloadOutlined />}
          title={t('operations.overview.exports', 'Exports being written')}
          count={o.exports.running}
          caption={t('operations.overview.exportsCaption', 'Your files on their way to the Download List')}
          href={withQuery(list(OVERVIEW_ENTRY.exports), { status: 1 })}
          linkText={t('operations.overview.openDownloads', 'Open the Download List')}
        >
          {o.exports.recent.length > 0 && (
            <List
              size="small"
              dataSource={o.exports.recent}
              renderItem={(d) => (
                <List.Item key={d.id} style={{ paddingInline: 0 }}>
                  <Typography.Text ellipsis={{ tooltip: d.file_name }}>{d.file_name}</Typography.Text>
                </List.Item>
              )}
            />
          )}
        </Tile>
      ),
    });
  }
  if (o.sign_ins) {
    tiles.push({
      id: 'sign-ins',
      node: (
        <Tile
          id="sign-ins"
          icon={<LoginOutlined />}
          title={t('operations.overview.signIns', 'Sign-ins, last 24 hours')}
          count={o.sign_ins.last_day}
          href={withQuery(list(OVERVIEW_ENTRY.sign_ins), { action: 'sign-in' })}
          linkText={t('operations.overview.openLogHistory', 'Open the Log History')}
        >
          {o.sign_ins.recent.length > 0 && (
            <List
              size="small"
              data-testid="overview-sign-ins-recent"
              dataSource={o.sign_ins.recent}
              renderItem={(s) => (
                <List.Item key={s.id} style={{ paddingInline: 0 }} extra={<Tag>{fmt.dateTime(s.at)}</Tag>}>
                  {s.actor_name ?? '-'}
                </List.Item>
              )}
            />
          )}
        </Tile>
      ),
    });
  }

  if (!tiles.length) {
    return (
      <Card data-testid="overview-empty">
        <Empty description={t('operations.overview.empty', 'Nothing here needs your attention: your role views none of the lists this overview follows.')} />
      </Card>
    );
  }
  return (
    <Row gutter={[16, 16]} data-testid="overview">
      {tiles.map((tile) => (
        <Col key={tile.id} xs={24} md={12} xl={8}>
          {tile.node}
        </Col>
      ))}
    </Row>
  );
}
