import { useState } from 'react';
import { Alert, Badge, Button, Card, DatePicker, Flex, Input, InputNumber, Table, Typography } from 'antd';
import { Result } from '../../ui/Result.tsx';
import { SaveOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatRupiah, masterPromoBulkBody, masterPromosApi, type MasterPromoRow } from '@portal/contract';
import { call } from '../../lib/call.ts';
import { resourceKeys } from '../../lib/query-keys.ts';
import { errorMessage, notifySuccess } from '../../lib/notifier.tsx';
import { translateMessage } from '../../lib/i18n.ts';
import { useGo } from '../../ui/nav.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useResourceAccess } from '../../ui/use-resource-access.ts';
import { masterPromoView } from './master-promo.view.ts';

type Edit = Pick<MasterPromoRow, 'id' | 'plu' | 'version' | 'promo_price' | 'start_date' | 'end_date'>;
const keys = resourceKeys('master-promo');
const PAGE_SIZE = 20;

/**
 * orion Master Promo bulk edit: promo prices and periods of many rows edited in a table and saved with one
 * `PUT master-promos/bulk`, all or none; a row changed by someone else meanwhile refuses the save, named by its PLU.
 */
export function MasterPromoBulkEditScreen() {
  const { t } = useTranslation();
  const access = useResourceAccess(masterPromoView);
  const { go } = useGo();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [edits, setEdits] = useState<Map<number, Edit>>(new Map());
  const [problems, setProblems] = useState<string[]>([]);

  const query = { page, limit: PAGE_SIZE, sort_by: 'plu', sort_dir: 'asc', search: search || undefined };
  const list = useQuery({
    queryKey: keys.list({ ...query, via: 'bulk' }),
    queryFn: async () => (await call(masterPromosApi.list, { query })).data,
    placeholderData: keepPreviousData,
  });

  const edit = (row: MasterPromoRow, patch: Partial<Edit>) =>
    setEdits((prev) => {
      const next = new Map(prev);
      const base = prev.get(row.id) ?? { id: row.id, plu: row.plu, version: row.version, promo_price: row.promo_price, start_date: row.start_date, end_date: row.end_date };
      const merged = { ...base, ...patch };
      const unchanged = merged.promo_price === row.promo_price && merged.start_date === row.start_date && merged.end_date === row.end_date;
      if (unchanged) next.delete(row.id);
      else next.set(row.id, merged);
      return next;
    });
  const valueOf = (row: MasterPromoRow) => edits.get(row.id) ?? row;

  const save = useMutation({
    mutationFn: async (items: Omit<Edit, 'plu'>[]) => (await call(masterPromosApi.bulk, { body: { items } })).data,
    onSuccess: async (saved) => {
      notifySuccess(t('promotion.masterPromo.bulkSaved', 'Promo prices saved: {{count}}', { count: saved.length }));
      setEdits(new Map());
      setProblems([]);
      await queryClient.invalidateQueries({ queryKey: keys.all });
    },
    onError: (error) => setProblems([errorMessage(error)]),
  });

  const submit = () => {
    const rows = [...edits.values()];
    const items = rows.map(({ plu: _plu, ...item }) => item);
    const parsed = masterPromoBulkBody.safeParse({ items });
    if (!parsed.success) {
      setProblems(
        parsed.error.issues.map((issue) => {
          const index = issue.path[0] === 'items' && typeof issue.path[1] === 'number' ? issue.path[1] : undefined;
          const row = index === undefined ? undefined : rows[index];
          return row ? `PLU ${row.plu}: ${translateMessage(issue.message)}` : translateMessage(issue.message);
        }),
      );
      return;
    }
    setProblems([]);
    save.mutate(parsed.data.items);
  };

  if (!access.can('edit')) return <Result status="403" title="403" subTitle={t('ui.forbidden', 'You do not have permission to open this page.')} data-testid="forbidden" />;

  return (
    <>
      <PageHeader
        title={t('promotion.masterPromo.bulkTitle', 'Bulk Edit Master Promo')}
        extra={
          <>
            <Button onClick={() => go(access.paths.list)}>{t('ui.cancel', 'Cancel')}</Button>
            <Badge count={edits.size} size="small">
              <Button type="primary" icon={<SaveOutlined />} disabled={!edits.size} loading={save.isPending} onClick={submit} data-testid="bulk-save">
                {t('ui.save', 'Save')}
              </Button>
            </Badge>
          </>
        }
      />
      <Card>
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">
            {t('promotion.masterPromo.bulkHelp', 'Change promo prices and periods, then save them together: all are saved or none.')}
          </Typography.Text>
          {problems.length > 0 && <Alert type="error" showIcon title={problems.map((p) => <div key={p}>{p}</div>)} data-testid="bulk-error" />}
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('promotion.masterPromo.search', 'Search PLU or product name')}
            style={{ width: 280 }}
            onChange={(e) => {
              setSearch(e.target.value.trim());
              setPage(1);
            }}
            data-testid="bulk-search"
          />
          <Table<MasterPromoRow>
            rowKey="id"
            size="small"
            loading={list.isFetching}
            dataSource={list.data?.data ?? []}
            rowClassName={(row) => (edits.has(row.id) ? 'ant-table-row-selected' : '')}
            pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.meta.total ?? 0, showSizeChanger: false, onChange: setPage }}
            columns={[
              { key: 'plu', title: t('promotion.masterPromo.fields.plu', 'PLU'), dataIndex: 'plu', width: 110 },
              { key: 'product_name', title: t('promotion.masterPromo.fields.product_name', 'Product'), dataIndex: 'product_name' },
              { key: 'normal_price', title: t('promotion.masterPromo.fields.normal_price', 'Normal Price'), render: (_, row) => formatRupiah(row.normal_price), width: 130 },
              {
                key: 'promo_price',
                title: t('promotion.masterPromo.fields.promo_price', 'Promo Price'),
                width: 170,
                render: (_, row) => (
                  <InputNumber<number>
                    size="small"
                    prefix="Rp"
                    min={1}
                    precision={0}
                    status={valueOf(row).promo_price >= row.normal_price ? 'error' : undefined}
                    formatter={(v) => (v === undefined || v === null ? '' : String(v).replace(/\B(?=(\d{3})+(?!\d))/g, '.'))}
                    parser={(v) => Number((v ?? '').replace(/\D/g, '') || 0)}
                    value={valueOf(row).promo_price}
                    onChange={(v) => edit(row, { promo_price: v ?? 0 })}
                    style={{ width: '100%' }}
                    data-testid={`bulk-price-${row.id}`}
                  />
                ),
              },
              {
                key: 'start_date',
                title: t('promotion.masterPromo.fields.start_date', 'Start Date'),
                width: 160,
                render: (_, row) => (
                  <DatePicker size="small" format="DD/MMM/YYYY" allowClear={false} value={dayjs(valueOf(row).start_date)} onChange={(d) => d && edit(row, { start_date: d.format('YYYY-MM-DD') })} />
                ),
              },
              {
                key: 'end_date',
                title: t('promotion.masterPromo.fields.end_date', 'End Date'),
                width: 160,
                render: (_, row) => (
                  <DatePicker size="small" format="DD/MMM/YYYY" allowClear={false} value={dayjs(valueOf(row).end_date)} onChange={(d) => d && edit(row, { end_date: d.format('YYYY-MM-DD') })} />
                ),
              },
            ]}
          />
        </Flex>
      </Card>
    </>
  );
}

/** The list's way into the bulk edit. */
export function MasterPromoBulkButton() {
  const { t } = useTranslation();
  const access = useResourceAccess(masterPromoView);
  const { link } = useGo();
  if (!access.can('edit')) return null;
  return (
    <Button {...link(`${access.paths.list}/bulk-edit`)} data-testid="bulk-edit-open">
      {t('promotion.masterPromo.bulkOpen', 'Bulk Edit')}
    </Button>
  );
}
