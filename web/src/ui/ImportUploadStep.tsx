import { useState, type ReactNode } from 'react';
import { Alert, Button, Flex, Progress, Table, Tag, Tooltip, Typography, Upload } from 'antd';
import type { TableColumnsType, UploadProps } from 'antd';
import { DownloadOutlined, FileExcelOutlined, InboxOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ImportBatch, ImportColumnInfo, ImportDefinitionInfo } from '@portal/contract';
import type { Query } from '../lib/api.ts';
import { errorMessage } from '../lib/notifier.tsx';
import { IMPORT_FILE_TYPES, importApiOf, megabytes, uploadImportFile, uploadProblem } from './import-upload.ts';
import { endpointUrl } from '../lib/call.ts';
import { importKeys } from './use-import-batch.ts';

/** Step 1: the templates, what each column takes, and the drop zone that uploads the file. */
export function ImportUploadStep({
  info,
  params,
  prelude,
  blocked,
  onUploaded,
}: {
  info: ImportDefinitionInfo;
  params?: Query;
  /** Fields the upload's parameters come from, above the drop zone. */
  prelude?: ReactNode;
  /** Why the drop zone waits (a parameter missing), or nothing. */
  blocked?: string | null | undefined;
  onUploaded: (batch: ImportBatch) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const limit = megabytes(info.max_bytes);

  const upload = useMutation({
    mutationFn: (file: File) => uploadImportFile(info.key, params, file, setPercent),
    meta: { silentError: true },
    onSuccess: (created) => {
      queryClient.setQueryData(importKeys.detail(created.id), created);
      onUploaded(created);
    },
    onError: (err) => setProblem(errorMessage(err)),
    onSettled: () => setPercent(null),
  });

  const props: UploadProps = {
    accept: IMPORT_FILE_TYPES.join(','),
    multiple: false,
    maxCount: 1,
    showUploadList: false,
    disabled: upload.isPending,
    beforeUpload: (file) => {
      setProblem(null);
      const refused = uploadProblem(file, info.max_bytes);
      // A parameter still missing refuses the file here (the zone stays enabled: a disabled one is unreadable grey).
      if (blocked) setProblem(blocked);
      else if (refused === 'wrongType') setProblem(t('import.wrongType'));
      else if (refused === 'tooLarge') setProblem(t('import.tooLarge', { mb: limit }));
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
        {prelude}
        {blocked && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={blocked} data-testid="import-upload-blocked" />}
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

function TemplateLinks({ info }: { info: ImportDefinitionInfo }) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} wrap>
      <Button icon={<FileExcelOutlined />} href={endpointUrl(importApiOf(info.key).template, { query: { format: 'xlsx' } })} download data-testid="import-template-xlsx">
        {t('import.templateXlsx')}
      </Button>
      <Button icon={<DownloadOutlined />} href={endpointUrl(importApiOf(info.key).template, { query: { format: 'csv' } })} download data-testid="import-template-csv">
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
