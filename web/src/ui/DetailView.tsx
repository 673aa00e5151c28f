import { Alert, Button, Card, Descriptions, Flex, Spin } from 'antd';
import { Result } from './Result.tsx';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api.ts';
import { resourceKeys } from '../lib/query-keys.ts';
import { errorMessage, notifySuccess } from '../lib/notifier.tsx';
import { DeleteConfirm } from './DeleteConfirm.tsx';
import { DisplayValue } from './DisplayValue.tsx';
import { useGo } from './nav.ts';
import { PageHeader } from './PageHeader.tsx';
import { deleteQueryOf, type ResourceView } from './resource.ts';
import { resourceCalls } from './resource-calls.ts';
import { useEntryTitle, useResourceAccess } from './use-resource-access.ts';

/** One record: its sections as label/value lists (or the section's own component), Edit and Delete per permission. */
export function DetailView<Row extends { id: number | string }, Detail extends Row>({ view, id }: { view: ResourceView<Row, Detail>; id: string }) {
  const { t } = useTranslation();
  const access = useResourceAccess(view);
  const entryTitle = useEntryTitle(access.entry);
  const { go, link } = useGo();
  const queryClient = useQueryClient();
  const keys = resourceKeys(view.name);
  const calls = resourceCalls<Row, Detail>(view.api, view.listParams, view.recordArgs);

  const detail = useQuery({
    queryKey: keys.detail(id),
    queryFn: () => calls.get(id),
  });
  const remove = useMutation({
    mutationFn: (row: Detail) => {
      if (!calls.remove) throw new Error('This resource cannot be deleted');
      return calls.remove(row.id, deleteQueryOf(view, row));
    },
    onSuccess: async () => {
      notifySuccess(t('common.success', 'Success'));
      queryClient.removeQueries({ queryKey: keys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: keys.all });
      go(access.paths.list);
    },
  });

  const row = detail.data;

  // The page keeps its one heading while the record loads: the entry's name until the record's own title replaces it.
  if (detail.isPending)
    return (
      <>
        <PageHeader title={entryTitle} />
        <Spin data-testid="detail-loading" style={{ display: 'block', margin: 48 }} />
      </>
    );
  if (detail.isError || !row) {
    const notFound = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <Result
        status={notFound ? '404' : 'warning'}
        title={notFound ? t('ui.notFound', 'Record not found') : errorMessage(detail.error)}
        extra={<Button {...link(access.paths.list)}>{t('ui.backToList', 'Back to list')}</Button>}
      />
    );
  }

  const Extra = view.detailActions;
  const actions = (
    <>
      {Extra && <Extra row={row} entry={access.entry} />}
      {calls.update && view.form && access.can('edit') && !view.locked?.(row) && (
        <Button type="primary" icon={<EditOutlined />} {...link(access.paths.edit(row.id))} data-testid="detail-edit">
          {t('ui.edit', 'Edit')}
        </Button>
      )}
      {calls.remove && access.can('delete') && !view.locked?.(row) && (
        <DeleteConfirm title={view.rowTitle(row)} onConfirm={() => remove.mutateAsync(row)}>
          <Button danger icon={<DeleteOutlined />} loading={remove.isPending} data-testid="detail-delete">
            {t('ui.delete', 'Delete')}
          </Button>
        </DeleteConfirm>
      )}
    </>
  );

  return (
    <div data-testid="detail-view" data-resource={view.name}>
      <PageHeader title={view.rowTitle(row)} extra={actions} />
      {remove.isError && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={errorMessage(remove.error)} />}
      <Flex vertical gap={16}>
        {view.detail.map((section) => {
          const title = section.title ? t(`${view.i18n}.sections.${section.key}`, section.title) : undefined;
          const Section = section.component;
          return (
            <Card key={section.key} title={title} size="small" data-testid={`detail-section-${section.key}`}>
              {section.items && section.items.length > 0 && (
                <Descriptions
                  bordered
                  size="small"
                  column={{ xs: 1, sm: 1, md: 2 }}
                  items={section.items.map((item) => ({
                    key: item.key,
                    label: t(`${view.i18n}.fields.${item.key}`, item.label),
                    children: (
                      <span data-testid={`detail-item-${item.key}`}>
                        <DisplayValue def={item} row={row} />
                      </span>
                    ),
                  }))}
                />
              )}
              {Section && <Section row={row} />}
            </Card>
          );
        })}
      </Flex>
    </div>
  );
}
