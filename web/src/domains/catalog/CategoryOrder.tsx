import { Typography } from 'antd';
import { parentCategoriesApi, type CategoryRow } from '@portal/contract';
import { OrderButton } from '../../ui/OrderButton.tsx';

/**
 * Reorders the parent categories by dragging (mouse, touch, or Space + arrow keys) and saves the order with
 * `parentCategoriesApi.positions`; the server refuses an order of a list that changed meanwhile.
 */
export function CategoryOrderButton() {
  return (
    <OrderButton<CategoryRow>
      resource="parent-category"
      list={parentCategoriesApi.list}
      sortBy="position"
      save={parentCategoriesApi.positions}
      testId="category-order"
      name={(row) => row.name}
      render={(row) => (
        <>
          <Typography.Text strong>{row.name}</Typography.Text>
          <Typography.Text type="secondary">{row.code}</Typography.Text>
        </>
      )}
      texts={{
        open: ['catalog.order.open', 'Reorder'],
        title: ['catalog.order.title', 'Order of parent categories'],
        help: ['catalog.order.help', 'Drag a category to its place, or move it with its arrows (from the keyboard too: its handle takes Space and the arrow keys). The app shows categories in this order.'],
        saved: ['catalog.order.saved', 'Category order saved'],
      }}
    />
  );
}
