import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Col, Dropdown, Flex, Popconfirm, Progress, Result, Row, Spin, Statistic, Steps, Switch, Table, Tag, Tooltip, Typography, Upload } from 'antd';
import type { TableColumnsType, UploadProps } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined, DownloadOutlined, FileExcelOutlined, InboxOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useRouter, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { JOB_STATUS, type ImportBatch, type ImportColumnInfo, type ImportDefinitionInfo, type ImportRow } from '@portal/contract';
import { api, ApiError, toQueryString, type Paged, type Query } from '../lib/api.ts';
import { resourceKeys } from '../lib/query-keys.ts';
import { errorMessage, notifyError } from '../lib/notifier.tsx';
import { translateMessage } from '../lib/i18n.ts';
import { useGo } from './nav.ts';
import { PageHeader } from './PageHeader.tsx';
import { StatusTag } from './StatusTag.tsx';

/*
 * The one import screen, generic over an import definition's key: 1 template and upload, 2 preview of every row with
 * its errors by cell, 3 confirm and the job's progress until COMPLETED or FAILED. The batch id lives in the URL
 * (?batch=ID), so a reload or a link resumes where the import is.
 */

const keys = resourceKeys('imports');
const definitionKey = (key: string) => [...keys.all, 'definition', key] as const;
const POLL_MS = 1000;
const ACCEPTED = ['.xlsx', '.csv'];

/** Uploads with XMLHttpRequest for its upload progress; answers the new batch. */
function uploadFile(key: string, params: Query | undefined, file: File, onProgress: (percent: number) => void): Promise<ImportBatch> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v1/imports/${encodeURIComponent(key)}${toQueryString(params)}`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve((body as { data: ImportBatch }).data);
      else reject(new ApiError(xhr.status, body as never));
    };
    xhr.onerror = () => reject(new Error('The upload was interrupted. Check the connection and try again.'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** The batch id in the URL, and a setter that keeps the rest of the search. */
function useBatchParam(): [number | undefined, (id: number | undefined) => void] {
  const router = useRouter();
  const pathname = useLocation({ select: (l) => l.pathname });
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const id = Number(raw.batch);
  const set = (next: number | undefined) => {
    const search: Record<string, unknown> = { ...raw, batch: next };
    if (next === undefined) delete search.batch;
    void router.navigate({ href: `${pathname}${router.options.stringifySearch(search)}`, replace: next === undefined ? false : true });
  };
  return [Number.isSafeInteger(id) && id > 0 ? id : undefined, set];
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
/** Counts as the rest of the portal shows numbers: dot thousands (DisplayValue's `number`). */
const numberFormat = new Intl.NumberFormat('id-ID');
const n = (value: number) => numberFormat.format(value);

export interface ImportWizardProps {
  /** The import definition's key (`product-edit`, ...). */
  importKey: string;
  /** Where "Back to the list" leads. */
  backTo: string;
  /** The page title; default the definition's title. */
  title?: ReactNode;
  /** The upload's parameters, for an import into one record (`{ free_gift_id: 5 }`). */
  params?: Query;
}

export function ImportWizard({ importKey, backTo, title, params }: ImportWizardProps) {
  const { t } = useTranslation();
  const [batchId, setBatchId] = useBatchParam();
  const [stage, setStage] = useState<'preview' | 'confirm'>('preview');

  const definition = useQuery({
    queryKey: definitionKey(importKey),
    queryFn: async () => (await api.get<ImportDefinitionInfo>(`imports/${importKey}`)).data,
    staleTime: Infinity,
  });
  const batch = useQuery({
    queryKey: keys.detail(batchId ?? 0),
    queryFn: async () => (await api.get<ImportBatch>(`imports/batches/${batchId}`)).data,
    enabled: batchId !== undefined,
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'PENDING' || q.state.data.status === 'PROCESSING') ? POLL_MS : false),
    meta: { silentError: true },
  });

  const info = definition.data;
  const current = batchId !== undefined ? batch.data : undefined;
  const restart = () => {
    setStage('preview');
    setBatchId(undefined);
  };

  let step = 0;
  if (current) {
    if (current.status === 'PROCESSING' || current.status === 'COMPLETED' || (current.status === 'FAILED' && current.confirmed_at)) step = 2;
    else if (current.status === 'VALIDATED' && stage === 'confirm') step = 2;
    else step = 1;
  }

  let body: ReactNode;
  if (definition.isError) body = <Alert type="error" showIcon title={errorMessage(definition.error)} />;
  else if (!info || (batchId !== undefined && batch.isPending)) body = <Spin style={{ display: 'block', margin: '48px auto' }} />;
  else if (batchId !== undefined && batch.isError) {
    body = (
      <Result
        status={batch.error instanceof ApiError && batch.error.status === 404 ? '404' : 'error'}
        title={errorMessage(batch.error)}
        extra={<Button onClick={restart}>{t('import.uploadAnother')}</Button>}
      />
    );
  } else if (!current) body = <UploadStep info={info} params={params} onUploaded={(b) => setBatchId(b.id)} />;
  else if (step === 1) body = <PreviewStep info={info} batch={current} onRestart={restart} onNext={() => setStage('confirm')} />;
  else body = <ConfirmStep batch={current} backTo={backTo} onRestart={restart} onBack={() => setStage('preview')} />;

  return (
    <div data-testid="import-wizard">
      <PageHeader title={title ?? (info ? t(`import.title.${info.key}`, info.title) : '')} />
      <Card>
        <Steps
          current={current?.status === 'COMPLETED' ? 3 : step}
          status={current?.status === 'FAILED' ? 'error' : undefined}
          style={{ marginBottom: 24 }}
          items={[{ title: t('import.stepUpload') }, { title: t('import.stepPreview') }, { title: t('import.stepConfirm') }]}
          data-testid="import-steps"
        />
        {body}
      </Card>
    </div>
  );
}

function TemplateLinks({ info }: { info: ImportDefinitionInfo }) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} wrap>
      <Button icon={<FileExcelOutlined />} href={`/api/v1/imports/${info.key}/template?format=xlsx`} download data-testid="import-template-xlsx">
        {t('import.templateXlsx')}
      </Button>
      <Button icon={<DownloadOutlined />} href={`/api/v1/imports/${info.key}/template?format=csv`} download data-testid="import-template-csv">
        {t('import.templateCsv')}
      </Button>
    </Flex>
  );
}

function ColumnGuide({ columns }: { columns: readonly ImportColumnInfo[] }) {
  const { t } = useTranslation();
  const tableColumns: TableColumnsType<ImportColumnInfo> = [
    { key: 'label', title: t('import.column'), dataIndex: 'label', render: (v: string, c) => (c.help ? <Tooltip title={c.help}>{v}</Tooltip> : v) },
    { key: 'required', title: t('import.required'), dataIndex: 'required', width: 100, render: (v: boolean) => (v ? <Tag color="gold">{t('ui.yes')}</Tag> : t('ui.no')) },
    { key: 'type', title: t('import.type'), dataIndex: 'type', width: 150, render: (v: string) => t(`import.type.${v}`) },
    { key: 'max_length', title: t('import.maxLength'), dataIndex: 'max_length', width: 120, render: (v: number | null) => v ?? '-' },
    { key: 'example', title: t('import.example'), dataIndex: 'example', render: (v: string | null) => (v ? <Typography.Text code>{v}</Typography.Text> : '-') },
  ];
  return <Table<ImportColumnInfo> size="small" rowKey="key" pagination={false} columns={tableColumns} dataSource={[...columns]} data-testid="import-columns" />;
}

function UploadStep({ info, params, onUploaded }: { info: ImportDefinitionInfo; params?: Query; onUploaded: (batch: ImportBatch) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const limit = mb(info.max_bytes);

  const upload = useMutation({
    mutationFn: (file: File) => uploadFile(info.key, params, file, setPercent),
    meta: { silentError: true },
    onSuccess: (created) => {
      queryClient.setQueryData(keys.detail(created.id), created);
      onUploaded(created);
    },
    onError: (err) => setProblem(errorMessage(err)),
    onSettled: () => setPercent(null),
  });

  const props: UploadProps = {
    accept: ACCEPTED.join(','),
    multiple: false,
    maxCount: 1,
    showUploadList: false,
    disabled: upload.isPending,
    beforeUpload: (file) => {
      setProblem(null);
      const name = file.name.toLowerCase();
      if (!ACCEPTED.some((ext) => name.endsWith(ext))) setProblem(t('import.wrongType'));
      else if (file.size > info.max_bytes) setProblem(t('import.tooLarge', { mb: limit }));
      else upload.mutate(file);
      return Upload.LIST_IGNORE;
    },
  };

  return (
    <Flex vertical gap={24}>
      <div>
        <Typography.Title level={5}>{t('import.templateTitle')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('import.templateText', { sheet: info.sheet })}</Typography.Paragraph>
        <TemplateLinks info={info} />
      </div>
      <div>
        <Typography.Title level={5}>{t('import.columns')}</Typography.Title>
        <ColumnGuide columns={info.columns} />
      </div>
      <div>
        <Typography.Title level={5}>{t('import.uploadTitle')}</Typography.Title>
        <div data-testid="import-dropzone">
          <Upload.Dragger {...props}>
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('import.dropText')}</p>
            <p className="ant-upload-hint">{t('import.dropHint', { mb: limit })}</p>
          </Upload.Dragger>
        </div>
        {percent !== null && <Progress percent={percent} status="active" style={{ marginTop: 12 }} data-testid="import-upload-progress" />}
        {problem && <Alert type="error" showIcon style={{ marginTop: 12 }} title={problem} data-testid="import-upload-error" />}
      </div>
    </Flex>
  );
}

function ErrorFileButton({ batch }: { batch: ImportBatch }) {
  const { t } = useTranslation();
  const base = `/api/v1/imports/batches/${batch.id}/errors`;
  return (
    <Dropdown
      menu={{
        items: [
          { key: 'xlsx', label: <a href={`${base}?format=xlsx`} download data-testid="import-errors-xlsx">{t('import.errorFileXlsx')}</a> },
          { key: 'csv', label: <a href={`${base}?format=csv`} download data-testid="import-errors-csv">{t('import.errorFileCsv')}</a> },
        ],
      }}
    >
      <Button icon={<DownloadOutlined />} data-testid="import-errors">
        {t('import.errorFile')}
      </Button>
    </Dropdown>
  );
}

function FailedResult({ batch, onRestart, extra }: { batch: ImportBatch; onRestart: () => void; extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('import.failedTitle')}
      subTitle={
        <Flex vertical align="center" gap={8}>
          <span data-testid="import-failure">{translateMessage(batch.error ?? '')}</span>
          {batch.job_status && (
            <span>
              {t('import.jobStatus')}: <StatusTag table={JOB_STATUS} value={batch.job_status} />
            </span>
          )}
        </Flex>
      }
      extra={
        <Flex gap={8} justify="center" wrap>
          <Button type="primary" onClick={onRestart} data-testid="import-restart">
            {t('import.uploadAnother')}
          </Button>
          {extra}
        </Flex>
      }
    />
  );
}

function Counts({ batch }: { batch: ImportBatch }) {
  const { t } = useTranslation();
  return (
    <Row gutter={16} data-testid="import-counts">
      <Col xs={8}>
        <Statistic title={t('import.total')} value={n(batch.total_rows)} />
      </Col>
      <Col xs={8}>
        <Statistic title={t('import.valid')} value={n(batch.valid_rows)} styles={{ content: { color: '#389e0d' } }} prefix={<CheckCircleOutlined />} />
      </Col>
      <Col xs={8}>
        <Statistic title={t('import.invalid')} value={n(batch.invalid_rows)} styles={{ content: { color: batch.invalid_rows ? '#cf1322' : undefined } }} prefix={<CloseCircleOutlined />} />
      </Col>
    </Row>
  );
}

function PreviewStep({ info, batch, onRestart, onNext }: { info: ImportDefinitionInfo; batch: ImportBatch; onRestart: () => void; onNext: () => void }) {
  const { t } = useTranslation();
  if (batch.status === 'PENDING') {
    return (
      <Flex vertical align="center" gap={12} style={{ padding: '32px 0' }} data-testid="import-validating">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('import.validating')}
        </Typography.Title>
        <Progress type="circle" percent={batch.progress} />
        <StatusTag table={JOB_STATUS} value={batch.job_status} />
        <Typography.Text type="secondary">{t('import.validatingHint')}</Typography.Text>
      </Flex>
    );
  }
  if (batch.status === 'FAILED') return <FailedResult batch={batch} onRestart={onRestart} />;
  return (
    <Flex vertical gap={16}>
      <Counts batch={batch} />
      {batch.valid_rows === 0 ? (
        <Alert type="error" showIcon title={t('import.noneValid')} />
      ) : batch.invalid_rows > 0 ? (
        <Alert type="warning" showIcon title={t('import.someInvalid', { invalid: n(batch.invalid_rows), total: n(batch.total_rows) })} />
      ) : (
        <Alert type="success" showIcon title={t('import.allValid')} />
      )}
      <PreviewTable info={info} batch={batch} />
      <Flex justify="space-between" gap={8} wrap>
        <Flex gap={8} wrap>
          <Button onClick={onRestart} data-testid="import-restart">
            {t('import.uploadAnother')}
          </Button>
          {batch.invalid_rows > 0 && <ErrorFileButton batch={batch} />}
        </Flex>
        <Button type="primary" disabled={batch.valid_rows === 0} onClick={onNext} data-testid="import-next">
          {t('import.next')}
        </Button>
      </Flex>
    </Flex>
  );
}

function PreviewTable({ info, batch }: { info: ImportDefinitionInfo; batch: ImportBatch }) {
  const { t } = useTranslation();
  const [onlyErrors, setOnlyErrors] = useState(batch.invalid_rows > 0);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const params = { batch: batch.id, page, limit, only_errors: onlyErrors };
  const rows = useQuery({
    queryKey: keys.list(params),
    queryFn: async () =>
      (await api.get<Paged<ImportRow>>(`imports/batches/${batch.id}/rows`, { page, limit, only_errors: onlyErrors ? 'true' : undefined })).data,
    placeholderData: keepPreviousData,
  });

  const columns = useMemo<TableColumnsType<ImportRow>>(
    () => [
      { key: 'row_no', title: t('import.row'), dataIndex: 'row_no', width: 72, fixed: 'left' },
      ...info.columns.map((c) => ({
        key: c.key,
        title: c.label,
        onCell: (r: ImportRow) => (r.errors.some((e) => e.column === c.key) ? { style: { background: '#fff1f0' }, 'data-error': 'true' } : {}),
        render: (_: unknown, r: ImportRow) => {
          const value = r.values[c.key];
          const text = value === null || value === undefined ? '' : String(value);
          const messages = r.errors.filter((e) => e.column === c.key).map((e) => translateMessage(e.message));
          if (!messages.length) return text;
          return (
            <Tooltip title={messages.join(' · ')}>
              <div data-testid="import-cell-error">
                <div style={{ color: '#cf1322', wordBreak: 'break-all' }}>{text || '\u00a0'}</div>
                <Typography.Text type="danger" style={{ fontSize: 12 }}>
                  {messages.join(' · ')}
                </Typography.Text>
              </div>
            </Tooltip>
          );
        },
      })),
      {
        key: '_errors',
        title: t('import.errors'),
        fixed: 'right',
        width: 280,
        render: (_: unknown, r: ImportRow) =>
          r.errors.length ? (
            <ul style={{ margin: 0, paddingLeft: 16, color: '#cf1322', fontSize: 12 }} data-testid="import-row-errors">
              {r.errors.map((e, i) => (
                <li key={i}>
                  {info.columns.find((c) => c.key === e.column)?.label ?? e.column}: {translateMessage(e.message)}
                </li>
              ))}
            </ul>
          ) : (
            <CheckCircleOutlined style={{ color: '#389e0d' }} aria-label={t('import.valid')} />
          ),
      },
    ],
    [info.columns, t],
  );

  return (
    <div>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Flex gap={8} align="center">
          <Switch
            checked={onlyErrors}
            disabled={batch.invalid_rows === 0}
            onChange={(v) => {
              setOnlyErrors(v);
              setPage(1);
            }}
            data-testid="import-only-errors"
          />
          <span>{t('import.onlyErrors')}</span>
        </Flex>
      </Flex>
      <Table<ImportRow>
        size="small"
        rowKey="row_no"
        bordered
        loading={rows.isFetching}
        columns={columns}
        dataSource={rows.data?.data ?? []}
        scroll={{ x: 'max-content' }}
        data-testid="import-preview"
        pagination={{
          current: page,
          pageSize: limit,
          total: rows.data?.meta.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: ['10', '20', '50', '100'],
          showTotal: (total) => t('ui.total', { count: total }),
          onChange: (p, size) => {
            setPage(size !== limit ? 1 : p);
            setLimit(size);
          },
        }}
      />
    </div>
  );
}

function ConfirmStep({ batch, backTo, onRestart, onBack }: { batch: ImportBatch; backTo: string; onRestart: () => void; onBack: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { link } = useGo();
  const confirm = useMutation({
    mutationFn: async () => (await api.post<ImportBatch>(`imports/batches/${batch.id}/confirm`, { version: batch.version })).data,
    meta: { silentError: true },
    onSuccess: (next) => queryClient.setQueryData(keys.detail(batch.id), next),
    onError: async (err) => {
      notifyError(err);
      await queryClient.invalidateQueries({ queryKey: keys.detail(batch.id) });
    },
  });
  const completed = batch.status === 'COMPLETED';
  useEffect(() => {
    // The import changed records other screens show: everything they cached is stale now.
    if (completed) void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== keys.all[0] });
  }, [completed, queryClient]);

  const backLink = (
    <Button type="primary" {...link(backTo)} data-testid="import-back-to-list">
      {t('import.backToList')}
    </Button>
  );

  if (batch.status === 'VALIDATED') {
    return (
      <Flex vertical gap={16}>
        <Counts batch={batch} />
        <Alert type="info" showIcon title={t('import.confirmSummary', { valid: n(batch.valid_rows), invalid: n(batch.invalid_rows), file: batch.file_name })} />
        <Flex justify="space-between" gap={8}>
          <Button onClick={onBack} data-testid="import-back">
            {t('import.back')}
          </Button>
          <Popconfirm
            title={t('import.confirmTitle', { count: n(batch.valid_rows) })}
            description={t('import.confirmText', { count: n(batch.valid_rows) })}
            okText={t('import.confirmButton')}
            cancelText={t('ui.cancel')}
            onConfirm={() => confirm.mutate()}
          >
            <Button type="primary" loading={confirm.isPending} data-testid="import-confirm">
              {t('import.confirmButton')}
            </Button>
          </Popconfirm>
        </Flex>
      </Flex>
    );
  }
  if (batch.status === 'PROCESSING') {
    return (
      <Flex vertical align="center" gap={12} style={{ padding: '32px 0' }} data-testid="import-processing">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('import.importing')}
        </Typography.Title>
        {/* One transaction: nothing to count until it commits, so the bar runs without a figure. */}
        <Progress percent={100} status="active" showInfo={false} style={{ maxWidth: 480 }} />
        <Typography.Text type="secondary">{t('import.importingHint', { count: n(batch.valid_rows) })}</Typography.Text>
        <Flex gap={8} align="center">
          <span>{t('import.jobStatus')}:</span>
          <StatusTag table={JOB_STATUS} value={batch.job_status} />
        </Flex>
      </Flex>
    );
  }
  if (batch.status === 'FAILED') return <FailedResult batch={batch} onRestart={onRestart} extra={backLink} />;
  const result = batch.result ?? {};
  const details = (['inserted', 'updated'] as const).filter((k) => (result[k] ?? 0) > 0).map((k) => t(`import.result.${k}`, { count: n(result[k] ?? 0) }));
  return (
    <Result
      status="success"
      title={t('import.completedTitle')}
      subTitle={
        <Flex vertical align="center" gap={8}>
          <span data-testid="import-completed">
            {t('import.completedText', { rows: n(result.rows ?? batch.valid_rows), file: batch.file_name })}
            {details.length ? ` (${details.join(', ')})` : ''}
          </span>
          <span>
            {t('import.jobStatus')}: <StatusTag table={JOB_STATUS} value={batch.job_status} />
          </span>
        </Flex>
      }
      extra={
        <Flex gap={8} justify="center" wrap>
          {backLink}
          <Button onClick={onRestart} data-testid="import-restart">
            {t('import.uploadAnother')}
          </Button>
        </Flex>
      }
    />
  );
}
