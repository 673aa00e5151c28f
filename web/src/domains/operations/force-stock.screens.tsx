import { forceStockApi, forceStockItem, formatCount, stockShadowApi, UPDATE_FORCE_STOCK_ENTRY, type ForceStockInput, type ImportBatch } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, InputNumber, Tabs, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { registerDictionaries } from '../../lib/i18n.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { GuardedChangePanel, OperatorActions } from '../../ui/guarded/index.ts';
import { ImportPage } from '../../ui/ImportScreens.tsx';
import { useGo } from '../../ui/nav.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Result } from '../../ui/Result.tsx';
import { listScreen, ResourceListPage } from '../../ui/ResourceScreens.tsx';
import { useEntryTitle, useResourceAccess } from '../../ui/use-resource-access.ts';
import { forceStockI18n } from './force-stock.i18n.ts';
import { ShadowDialog, ShadowEditing, type ShadowEdit } from './StockShadowParts.tsx';
import { stockShadowView } from './stock-shadow.view.ts';

registerDictionaries(forceStockI18n);

const VIEW = { entries: [UPDATE_FORCE_STOCK_ENTRY] };
const SHADOW_PATH = 'stock-shadow';

/** The page's two tabs, each its own path, so the tab open is kept in the URL: the forced stock, and the stock shadows. */
function ForceStockTabs({ active }: { active: 'force' | 'shadow' }) {
  const { t } = useTranslation();
  const { go } = useGo();
  const list = useResourceAccess(VIEW).paths.list;
  return (
    <Tabs
      activeKey={active}
      aria-label={t('operations.forceStock.tabs', 'Update Force Stock sections')}
      onChange={(key) => go(key === 'shadow' ? `${list}/${SHADOW_PATH}` : list)}
      items={[
        { key: 'force', label: <span data-testid="tab-force">{t('operations.forceStock.tabForce', 'Force stock')}</span> },
        { key: 'shadow', label: <span data-testid="tab-shadow">{t('operations.forceStock.tabShadow', 'Stock shadow')}</span> },
      ]}
    />
  );
}

/** The form of one store product's new stock; its input is complete only when every field passes the contract's rules. */
function ForceStockForm() {
  const { t } = useTranslation();
  const [storeCode, setStoreCode] = useState('');
  const [plu, setPlu] = useState('');
  const [stock, setStock] = useState<number | null>(null);
  const item = forceStockItem.safeParse({ store_code: storeCode.trim(), plu: plu.trim(), stock: stock ?? undefined });
  const input: ForceStockInput | null = item.success ? { items: [item.data] } : null;
  return (
    <Card size="small" title={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>{t('operations.forceStock.formTitle', 'Set one store product’s stock')}</Typography.Title>}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('operations.forceStock.formHelp')}</Typography.Text>
        <Form layout="vertical" component="div">
          <Flex gap={16} wrap>
            <Form.Item label={t('operations.forceStock.storeCode', 'Store code')} htmlFor="force-store-code" required style={{ minWidth: 180, marginBottom: 0 }}>
              <Input id="force-store-code" data-testid="force-store-code" value={storeCode} maxLength={10} autoComplete="off" onChange={(e) => setStoreCode(e.target.value)} />
            </Form.Item>
            <Form.Item label={t('operations.forceStock.plu', 'PLU')} htmlFor="force-plu" required style={{ minWidth: 180, marginBottom: 0 }}>
              <Input id="force-plu" data-testid="force-plu" value={plu} maxLength={20} autoComplete="off" onChange={(e) => setPlu(e.target.value)} />
            </Form.Item>
            <Form.Item label={t('operations.forceStock.stock', 'New stock')} htmlFor="force-stock" required style={{ minWidth: 180, marginBottom: 0 }}>
              <InputNumber<number> id="force-stock" data-testid="force-stock" min={0} max={10_000_000} precision={0} style={{ width: '100%' }} value={stock} onChange={(v) => setStock(v)} />
            </Form.Item>
          </Flex>
        </Form>
        <GuardedChangePanel api={forceStockApi} input={input} applyLabel={t('operations.forceStock.apply', 'Force the stock')} successMessage={t('operations.forceStock.success', 'Update Force Stock Success')} />
      </Flex>
    </Card>
  );
}

/** The page's frame: its one heading, the file import for whoever may change stock, the tabs. */
function ForceStockPage({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const access = useResourceAccess(VIEW);
  const title = useEntryTitle(UPDATE_FORCE_STOCK_ENTRY);
  const { link } = useGo();
  if (!access.can('view')) return <Result status="403" title="403" subTitle={t('ui.forbidden', 'You do not have permission to open this page.')} data-testid="forbidden" />;
  return (
    <>
      <PageHeader
        title={title}
        extra={
          access.can('edit') ? (
            <Button icon={<UploadOutlined />} {...link(`${access.paths.list}/import`)} data-testid="force-stock-import-open">
              {t('operations.forceStock.byFile', 'Force stock by file')}
            </Button>
          ) : null
        }
      />
      <ForceStockTabs active="force" />
      {children}
    </>
  );
}

/**
 * heimdal › Update Force Stock: one store product's stock set by store code and PLU (a file of them from the button in
 * the header), previewed before and after and applied as a guarded write; under it, every forced stock, undoable while
 * its store products still hold the stock it set. The Stock shadow tab is `update-force-stock/stock-shadow`.
 */
export function UpdateForceStockScreen() {
  const { t } = useTranslation();
  const canEdit = useResourceAccess(VIEW).can('edit');
  return (
    <ForceStockPage>
      <Flex vertical gap={16}>
        {canEdit ? <ForceStockForm /> : <Alert type="info" showIcon message={t('operations.forceStock.readOnly')} />}
        <OperatorActions api={forceStockApi} canUndo={canEdit} />
      </Flex>
    </ForceStockPage>
  );
}

/**
 * The Stock shadow tab: the entries (search, sort and page in the URL), each changed or deleted from its row and a new
 * one added from the header, every change a guarded write in a dialog; under the list, the changes made, undoable.
 */
export const StockShadowScreen = listScreen(stockShadowView, function StockShadowScreen() {
  const { t } = useTranslation();
  const canEdit = useResourceAccess(VIEW).can('edit');
  const [edit, setEdit] = useState<ShadowEdit | null>(null);
  return (
    <ShadowEditing.Provider value={canEdit ? setEdit : null}>
      <ResourceListPage
        view={stockShadowView}
        extra={
          canEdit ? (
            <Button type="primary" onClick={() => setEdit({ operation: 'create' })} data-testid="shadow-add">
              {t('operations.stockShadow.add', 'Add stock shadow')}
            </Button>
          ) : null
        }
        above={
          <>
            <ForceStockTabs active="shadow" />
            <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('operations.stockShadow.intro')} />
          </>
        }
        below={
          <div style={{ marginTop: 16 }}>
            <OperatorActions api={stockShadowApi} canUndo={canEdit} />
          </div>
        }
      />
      {edit && <ShadowDialog edit={edit} onClose={() => setEdit(null)} />}
    </ShadowEditing.Provider>
  );
});

/** Step 3 of a validated file: its rows previewed before and after, then applied as one guarded write. */
function FileApply({ batch, onBack }: { batch: ImportBatch; onBack: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  return (
    <Flex vertical gap={16}>
      <Alert
        type="info"
        showIcon
        message={t('operations.forceStock.fileSummary', { valid: formatCount(batch.valid_rows), invalid: formatCount(batch.invalid_rows), file: batch.file_name })}
      />
      <GuardedChangePanel
        api={forceStockApi}
        input={{ import_batch_id: batch.id }}
        applyLabel={t('operations.forceStock.apply', 'Force the stock')}
        successMessage={t('operations.forceStock.success', 'Update Force Stock Success')}
        onApplied={() => void client.invalidateQueries({ queryKey: queryKeys.imports.detail(batch.id) })}
      />
      <div>
        <Button onClick={onBack} data-testid="import-back">
          {t('operations.forceStock.back', 'Back to the preview')}
        </Button>
      </div>
    </Flex>
  );
}

/**
 * Update Force Stock by file: the import wizard's template, upload and preview of every row by cell; the validated
 * file is then applied by the guarded tool (not the wizard's confirm), and shows as completed once applied.
 */
export function ForceStockImportScreen() {
  return <ImportPage view={VIEW} action="edit" importKey="update-force-stock" confirmStep={({ batch, onBack }) => <FileApply batch={batch} onBack={onBack} />} />;
}
