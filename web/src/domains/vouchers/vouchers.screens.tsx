import { registerDictionaries } from '../../lib/i18n.ts';
import { ResourceCreatePage, ResourceDetailPage, ResourceEditPage, listScreen } from '../../ui/ResourceScreens.tsx';
import { creditLimitView } from './credit-limit.view.ts';
import { partnerI18n } from './partner.i18n.ts';
import { partnerView } from './partner.view.ts';
import { voucherOrderI18n } from './voucher-order.i18n.ts';
import { voucherOrderView } from './voucher-order.view.ts';
import { voucherProductView } from './voucher-product.view.ts';
import { vouchersI18n } from './vouchers.i18n.ts';

// The domain's texts arrive with its screens, not with every screen.
registerDictionaries(vouchersI18n, voucherOrderI18n, partnerI18n);

/* E-vouchers: cms Voucher digital, Voucher Management. */

export const VoucherProductListScreen = listScreen(voucherProductView);
export const VoucherProductCreateScreen = () => <ResourceCreatePage view={voucherProductView} />;
export const VoucherProductDetailScreen = () => <ResourceDetailPage view={voucherProductView} />;
export const VoucherProductEditScreen = () => <ResourceEditPage view={voucherProductView} />;

export const VoucherOrderListScreen = listScreen(voucherOrderView);
export const VoucherOrderCreateScreen = () => <ResourceCreatePage view={voucherOrderView} />;
export const VoucherOrderDetailScreen = () => <ResourceDetailPage view={voucherOrderView} />;

export const PartnerListScreen = listScreen(partnerView);
export const PartnerCreateScreen = () => <ResourceCreatePage view={partnerView} />;
export const PartnerDetailScreen = () => <ResourceDetailPage view={partnerView} />;
export const PartnerEditScreen = () => <ResourceEditPage view={partnerView} />;

/* cms Method of Payment, Credit Limit: the partners' limits, each edited in a dialog on its row. */
export const CreditLimitListScreen = listScreen(creditLimitView);
