import { registerDictionaries } from '../../lib/i18n.ts';
import { partnerI18n } from './partner.i18n.ts';
import { voucherOrderI18n } from './voucher-order.i18n.ts';
import { vouchersI18n } from './vouchers.i18n.ts';

export { CheckVoucherStatusScreen } from './CheckVoucherStatus.tsx';
export { BulkPaymentVerifyScreen, BulkReleaseScreen, BulkVoucherScreen } from './BulkVoucher.tsx';

// Check Voucher Status and the bulk voucher files, in a chunk of their own beside the voucher resources' screens.
registerDictionaries(vouchersI18n, voucherOrderI18n, partnerI18n);
