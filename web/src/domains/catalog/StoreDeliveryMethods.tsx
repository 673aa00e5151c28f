import { useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, Empty, Flex, Space, Spin, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DELIVERY_MODE, deliveryMethodsApi, formatRupiah, storesApi } from '@portal/contract';
import { call } from '../../lib/call.ts';
import { resourceKeys } from '../../lib/query-keys.ts';
import { errorMessage, notifySuccess } from '../../lib/notifier.tsx';
import { useLang } from '../../lib/i18n.ts';
import { useGo } from '../../ui/nav.ts';
import { useResourceAccess } from '../../ui/use-resource-access.ts';
import { deliveryMethodView } from './delivery-method.view.ts';

const storeKeys = resourceKeys('store');
const methodKeys = resourceKeys('delivery-method');

/**
 * The delivery methods one store offers, on its 3PL setting: shown as tags, and with the edit right chosen from every
 * method and saved with the store's version (409 when the store changed meanwhile).
 */
export function StoreDeliveryMethodsCard({ storeId }: { storeId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const access = useResourceAccess(deliveryMethodView);
  const { link } = useGo();
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: [...storeKeys.detail(storeId), 'delivery-methods'],
    queryFn: async () => (await call(storesApi.deliveryMethods, { id: storeId })).data,
  });
  const methods = useQuery({
    queryKey: methodKeys.list({ is_all: 'true', via: 'store-card' }),
    queryFn: async () => (await call(deliveryMethodsApi.list, { query: { is_all: 'true', sort_by: 'position', sort_dir: 'asc' } })).data.data,
  });
  const [editing, setEditing] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  useEffect(() => {
    if (current.data && !editing) setChosen(current.data.delivery_method_ids);
  }, [current.data, editing]);

  const save = useMutation({
    mutationFn: async () =>
      (await call(storesApi.saveDeliveryMethods, { id: storeId, body: { delivery_method_ids: chosen, version: current.data?.version ?? 0 } })).data,
    onSuccess: async () => {
      notifySuccess(t('ui.editSuccess', 'Edit Data Successful'));
      setEditing(false);
      await queryClient.invalidateQueries({ queryKey: storeKeys.all });
      await queryClient.invalidateQueries({ queryKey: methodKeys.all });
    },
  });

  const mode = (value: number) => {
    const o = DELIVERY_MODE.get(value as never);
    return o ? (lang === 'id' && 'labelId' in o && o.labelId ? String(o.labelId) : o.label) : String(value);
  };
  const title = t('ecommerce.storeDelivery.title', 'Delivery Methods');
  const extra = (
    <Space>
      <Button size="small" {...link(access.paths.list)} data-testid="delivery-methods-all">
        {t('ecommerce.storeDelivery.manage', 'All delivery methods')}
      </Button>
      {access.can('edit') && !editing && (
        <Button size="small" type="primary" onClick={() => setEditing(true)} disabled={!current.data} data-testid="store-delivery-edit">
          {t('ui.edit', 'Edit')}
        </Button>
      )}
    </Space>
  );

  return (
    <Card title={title} size="small" extra={extra} style={{ marginTop: 16 }} data-testid="store-delivery-methods">
      {current.isPending || methods.isPending ? (
        <Spin />
      ) : current.isError ? (
        <Alert type="error" showIcon title={errorMessage(current.error)} />
      ) : editing ? (
        <Flex vertical gap={12}>
          {save.isError && <Alert type="error" showIcon title={errorMessage(save.error)} data-testid="store-delivery-error" />}
          <Checkbox.Group value={chosen} onChange={(v) => setChosen(v.map(Number))} data-testid="store-delivery-choices">
            <Flex vertical gap={8}>
              {(methods.data ?? []).map((m) => (
                <Checkbox key={m.id} value={m.id} disabled={m.status !== 1 && !chosen.includes(m.id)}>
                  <Typography.Text strong>{m.name}</Typography.Text>{' '}
                  <Typography.Text type="secondary">
                    {mode(m.delivery_mode)} · {formatRupiah(m.fee)} · {m.eta}
                  </Typography.Text>
                </Checkbox>
              ))}
            </Flex>
          </Checkbox.Group>
          <Space>
            <Button type="primary" loading={save.isPending} onClick={() => save.mutate()} data-testid="store-delivery-save">
              {t('ui.save', 'Save')}
            </Button>
            <Button
              onClick={() => {
                setEditing(false);
                save.reset();
              }}
            >
              {t('ui.cancel', 'Cancel')}
            </Button>
          </Space>
        </Flex>
      ) : current.data && current.data.methods.length ? (
        <Space size={[4, 8]} wrap data-testid="store-delivery-tags">
          {current.data.methods.map((m) => (
            <Tag key={m.id} color={m.delivery_mode === 1 ? 'blue' : 'green'}>
              {m.name} · {formatRupiah(m.fee)}
            </Tag>
          ))}
        </Space>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ecommerce.storeDelivery.none', 'This store offers no delivery method')} />
      )}
    </Card>
  );
}

/** 3PL Setting list → the delivery methods. */
export function DeliveryMethodsButton() {
  const { t } = useTranslation();
  const access = useResourceAccess(deliveryMethodView);
  const { link } = useGo();
  return (
    <Button {...link(access.paths.list)} data-testid="delivery-methods-open">
      {t('ecommerce.deliveryMethod.open', 'Delivery Methods')}
    </Button>
  );
}
