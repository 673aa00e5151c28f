import { registerDictionaries } from '../../lib/i18n.ts';
import { ResourceDetailPage, ResourceListPage, listScreen } from '../../ui/ResourceScreens.tsx';
import { OrderPreview } from './OrderPreview.tsx';
import { OrderReportTabs } from './OrderReportTabs.tsx';
import { orderView } from './order.view.ts';
import { ordersI18n } from './orders.i18n.ts';

// The domain's texts arrive with its screens, not with every screen.
registerDictionaries(ordersI18n);

export const OrderListScreen = listScreen(orderView, () => <ResourceListPage view={orderView} above={<OrderReportTabs />} />);
export const OrderDetailScreen = () => <ResourceDetailPage view={orderView} />;
export const OrderPreviewScreen = () => <OrderPreview />;
