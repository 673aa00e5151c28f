import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { OrderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OrderDrawer as OrderDrawerType, Orderable, OrderProps } from './OrderDrawer.tsx';

// Typed as the component itself: `lazy` would drop its row type parameter.
const OrderDrawer = lazy(async () => ({ default: (await import('./OrderDrawer.tsx')).OrderDrawer })) as unknown as typeof OrderDrawerType;

/**
 * Reorders every record of a resource by dragging (mouse, touch, or the handle's Space + arrow keys) or by each item's
 * move-up and move-down buttons (one click or key, no dragging), and saves the order with the
 * `save` endpoint (`PUT <resources>/positions { ids }`); the server refuses an order of a list that changed meanwhile.
 * `texts` are translation keys with their English defaults. The drawer and its drag-and-drop library load on first use.
 */
export function OrderButton<T extends Orderable>(props: OrderProps<T>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        icon={<OrderedListOutlined />}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        data-testid={`${props.testId ?? 'order'}-open`}
      >
        {t(...props.texts.open)}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <OrderDrawer<T> {...props} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
