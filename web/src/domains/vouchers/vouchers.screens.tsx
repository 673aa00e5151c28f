import { registerDictionaries } from '../../lib/i18n.ts';
import { ResourceCreatePage, ResourceDetailPage, ResourceEditPage, listScreen } from '../../ui/ResourceScreens.tsx';
import { voucherProductView } from './voucher-product.view.ts';
import { vouchersI18n } from './vouchers.i18n.ts';

// The domain's texts arrive with its screens, not with every screen.
registerDictionaries(vouchersI18n);

/* E-vouchers: cms Voucher digital, Voucher Management. */

export const VoucherProductListScreen = listScreen(voucherProductView);
export const VoucherProductCreateScreen = () => <ResourceCreatePage view={voucherProductView} />;
export const VoucherProductDetailScreen = () => <ResourceDetailPage view={voucherProductView} />;
export const VoucherProductEditScreen = () => <ResourceEditPage view={voucherProductView} />;
