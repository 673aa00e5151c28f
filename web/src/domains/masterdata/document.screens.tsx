import { useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Modal, Popconfirm, Segmented, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { Result } from '../../ui/Result.tsx';
import { EditOutlined, ExportOutlined, SendOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { documentKindOf, documentsApi, MENU_BY_KEY, type DocumentKind, type DocumentRow, type DocumentVariant, type DocumentVersionRow, type LanguageType } from '@portal/contract';
import { registerDictionaries, useLang } from '../../lib/i18n.ts';
import { notifySuccess } from '../../lib/notifier.tsx';
import { call } from '../../lib/call.ts';
import { useFormat } from '../../lib/format.ts';
import { resourceKeys } from '../../lib/query-keys.ts';
import { useGo } from '../../ui/nav.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { ResourceForm } from '../../ui/ResourceForm.tsx';
import { RichTextView } from '../../ui/RichTextView.tsx';
import { useResourceAccess } from '../../ui/use-resource-access.ts';
import { documentId, documentQuery, documentSearch, documentView, targetFromSearch, type DocumentTarget } from './document.view.ts';
import { masterdataI18n } from './masterdata.i18n.ts';

// The domain's texts (and those of the components it borrows) arrive with its screens, not with every screen.
registerDictionaries(masterdataI18n);

const HISTORY_PAGE = 5;

function useEntryTitle(kind: DocumentKind): string {
  const lang = useLang();
  const menu = MENU_BY_KEY.get(documentKindOf(kind).entry);
  return menu ? (lang === 'id' ? menu.labelId : menu.label) : documentKindOf(kind).label;
}

function useTarget(kind: DocumentKind): DocumentTarget {
  const raw: object = useSearch({ strict: false });
  return targetFromSearch(kind, raw);
}

function Forbidden() {
  const { t } = useTranslation();
  return <Result status="403" title="403" subTitle={t('ui.forbidden', 'You do not have permission to open this page.')} data-testid="forbidden" />;
}

/** Variant (where the kind has two) and language of the text on screen, kept in the URL. */
function TargetSwitch({ kind, target, onChange }: { kind: DocumentKind; target: DocumentTarget; onChange: (t: DocumentTarget) => void }) {
  const { t } = useTranslation();
  const variants = documentKindOf(kind).variants;
  return (
    <Flex gap={12} wrap align="center" data-testid="document-target">
      {variants.length > 1 && (
        <Segmented<DocumentVariant>
          value={target.variant}
          onChange={(variant) => onChange({ ...target, variant })}
          options={variants.map((v) => ({ value: v, label: t(`masterdata.document.variant.${v}`, v === 'consumer' ? 'Consumer' : 'Voucher Partner') }))}
          data-testid="document-variant"
        />
      )}
      <Segmented<LanguageType>
        value={target.language_type}
        onChange={(language_type) => onChange({ ...target, language_type })}
        options={[
          { value: 'id', label: 'Bahasa Indonesia' },
          { value: 'en', label: 'English' },
        ]}
        data-testid="document-language"
      />
    </Flex>
  );
}

/**
 * A rich-text document (privacy policy, terms, how-to-redeem, setting-app): the draft as it reads, whether it is
 * published, Edit and Publish, and the published versions.
 */
export function DocumentScreen({ kind }: { kind: DocumentKind }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const view = documentView(kind);
  const def = documentKindOf(kind);
  const access = useResourceAccess(view);
  const title = useEntryTitle(kind);
  const target = useTarget(kind);
  const id = documentId(target);
  const keys = resourceKeys(view.name);
  const queryClient = useQueryClient();
  const { go, link } = useGo();
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<DocumentVersionRow | null>(null);
  const query = documentQuery(kind, target);
  const api = documentsApi[kind];

  const doc = useQuery({
    queryKey: keys.detail(id),
    queryFn: async () => (await call(api.get, { query })).data,
    enabled: access.can('view'),
  });
  const versions = useQuery({
    queryKey: keys.list({ ...query, via: 'versions', page }),
    queryFn: async () => (await call(api.versions, { query: { ...query, page, limit: HISTORY_PAGE } })).data,
    enabled: access.can('view'),
  });
  const publish = useMutation({
    mutationFn: async (version: number) => (await call(api.publish, { query, body: { version } })).data,
    onSuccess: async () => {
      notifySuccess(t('masterdata.document.publishedToast', 'Published'));
      setPage(1);
      await queryClient.invalidateQueries({ queryKey: keys.all });
    },
  });

  if (!access.can('view')) return <Forbidden />;
  const switchTo = (next: DocumentTarget) => {
    setPage(1);
    go(`${access.paths.list}${documentSearch(kind, next)}`, { replace: true });
  };

  const d = doc.data;
  const canEdit = access.can('edit');
  const publishable = !!d && d.version > 0 && d.status !== 'published';
  const publicHref = def.publicPath ? `${def.publicPath}?${new URLSearchParams({ variant: target.variant, language: target.language_type }).toString()}` : undefined;

  const actions = (
    <>
      {publicHref && d?.published && (
        <Button icon={<ExportOutlined />} href={publicHref} target="_blank" rel="noopener" data-testid="document-public">
          {t('masterdata.document.viewPublic', 'View public page')}
        </Button>
      )}
      {canEdit && (
        <Button icon={<EditOutlined />} {...link(access.paths.edit(id))} data-testid="document-edit">
          {t('ui.edit', 'Edit')}
        </Button>
      )}
      {canEdit && (
        <Popconfirm
          title={t('masterdata.document.publishTitle', 'Publish this text?')}
          description={t('masterdata.document.publishText', 'The app and the public page show it from now on; the current version stays in the history.')}
          okText={t('masterdata.document.publish', 'Publish')}
          cancelText={t('ui.cancel', 'Cancel')}
          onConfirm={() => (d ? publish.mutateAsync(d.version) : undefined)}
          disabled={!publishable}
        >
          <Button type="primary" icon={<SendOutlined />} disabled={!publishable} loading={publish.isPending} data-testid="document-publish">
            {t('masterdata.document.publish', 'Publish')}
          </Button>
        </Popconfirm>
      )}
    </>
  );

  return (
    <div data-testid="document-screen" data-kind={kind}>
      <PageHeader title={title} extra={actions} />
      <Flex vertical gap={16}>
        <TargetSwitch kind={kind} target={target} onChange={switchTo} />
        {doc.isPending ? (
          <Card>
            <Skeleton active paragraph={{ rows: 8 }} />
          </Card>
        ) : doc.isError || !d ? (
          <Alert type="warning" showIcon title={t('masterdata.document.unavailable', 'The document could not be loaded.')} />
        ) : (
          <>
            <StatusBanner doc={d} />
            <Card
              title={d.title || t('masterdata.document.untitled', 'Untitled')}
              extra={
                d.updated_at ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('masterdata.document.savedBy', 'Draft saved {{time}} by {{name}}', { time: fmt.dateTime(d.updated_at), name: d.updated_by_name ?? '-' })}
                  </Typography.Text>
                ) : null
              }
              data-testid="document-body"
            >
              {d.body_html ? <RichTextView html={d.body_html} /> : <Empty description={t('masterdata.document.empty', 'No text yet. Edit to write it.')} />}
            </Card>
          </>
        )}
        <Card title={t('masterdata.document.history', 'Published versions')} size="small" data-testid="document-history">
          <Table<DocumentVersionRow>
            rowKey="id"
            size="small"
            loading={versions.isFetching}
            dataSource={versions.data?.data ?? []}
            locale={{ emptyText: t('masterdata.document.noHistory', 'Not published yet') }}
            pagination={{ current: page, pageSize: HISTORY_PAGE, total: versions.data?.meta.total ?? 0, onChange: setPage, hideOnSinglePage: true, showSizeChanger: false }}
            columns={[
              { key: 'title', title: t('masterdata.document.fields.title', 'Title'), dataIndex: 'title' },
              { key: 'published_at', title: t('masterdata.document.fields.published_at', 'Published At'), render: (_, v) => fmt.dateTime(v.published_at) },
              { key: 'published_by_name', title: t('masterdata.document.fields.published_by_name', 'Published By'), render: (_, v) => v.published_by_name ?? '-' },
              {
                key: 'live',
                title: '',
                render: (_, v) => (v.id === d?.published?.id ? <Tag color="green">{t('masterdata.document.live', 'Live')}</Tag> : null),
              },
              {
                key: 'view',
                title: '',
                align: 'right',
                render: (_, v) => (
                  <Button size="small" onClick={() => setShown(v)} data-testid="document-version-view">
                    {t('masterdata.document.view', 'View')}
                  </Button>
                ),
              },
            ]}
          />
        </Card>
      </Flex>
      <Modal open={!!shown} title={shown?.title} onCancel={() => setShown(null)} footer={null} width={820} data-testid="document-version">
        {shown && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text type="secondary">
              {shown.published_by_name
                ? t('masterdata.document.publishedBy', 'Published {{time}} by {{name}}', { time: fmt.dateTime(shown.published_at), name: shown.published_by_name })
                : t('masterdata.document.publishedAt', 'Published {{time}}', { time: fmt.dateTime(shown.published_at) })}
            </Typography.Text>
            <RichTextView html={shown.body_html} />
          </Space>
        )}
      </Modal>
    </div>
  );
}

function StatusBanner({ doc }: { doc: DocumentRow }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const when = { time: doc.published ? fmt.dateTime(doc.published.published_at) : '-', name: doc.published?.published_by_name ?? '-' };
  if (doc.status === 'unpublished') {
    return <Alert type="info" showIcon data-testid="document-status" data-status={doc.status} title={t('masterdata.document.statusUnpublished', 'Not published yet: the app does not show this text.')} />;
  }
  if (doc.status === 'changed') {
    return (
      <Alert
        type="warning"
        showIcon
        data-testid="document-status"
        data-status={doc.status}
        title={t('masterdata.document.statusChanged', 'The draft has changes that are not published. The app still shows the version of {{time}}.', when)}
      />
    );
  }
  const title = doc.published?.published_by_name
    ? t('masterdata.document.statusPublished', 'Published {{time}} by {{name}}: the app shows this text.', when)
    : t('masterdata.document.statusPublishedAt', 'Published {{time}}: the app shows this text.', when);
  return <Alert type="success" showIcon data-testid="document-status" data-status={doc.status} title={title} />;
}

/** Edits the draft of the text named in the URL with the generic form; saving keeps it a draft. */
export function DocumentEditScreen({ kind }: { kind: DocumentKind }) {
  const { t } = useTranslation();
  const view = documentView(kind);
  const access = useResourceAccess(view);
  const title = useEntryTitle(kind);
  const target = useTarget(kind);
  const id = documentId(target);
  if (!access.can('edit')) return <Forbidden />;
  const variants = documentKindOf(kind).variants;
  return (
    <div data-testid="document-edit-screen" data-kind={kind}>
      <PageHeader
        title={t('ui.editTitle', 'Edit {{name}}', { name: title })}
        extra={
          <Space>
            {variants.length > 1 && <Tag color="blue">{t(`masterdata.document.variant.${target.variant}`, target.variant === 'consumer' ? 'Consumer' : 'Voucher Partner')}</Tag>}
            <Tag color="purple">{target.language_type === 'id' ? 'Bahasa Indonesia' : 'English'}</Tag>
          </Space>
        }
      />
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('masterdata.document.draftHelp', 'Saving keeps a draft. The app shows the text only after you publish it on the document page.')}
      />
      <Card>
        <ResourceForm key={id} view={view} mode="edit" id={id} />
      </Card>
    </div>
  );
}
