import { registerDictionaries } from '../../lib/i18n.ts';
import { ResourceCreatePage, ResourceDetailPage, ResourceDuplicatePage, ResourceEditPage, listScreen } from '../../ui/ResourceScreens.tsx';
import { couponLogView } from './coupon-log.view.ts';
import { couponSettingView } from './coupon-setting.view.ts';
import { couponsI18n } from './coupons.i18n.ts';

// The domain's texts arrive with its screens, not with every screen.
registerDictionaries(couponsI18n);

export const CouponSettingListScreen = listScreen(couponSettingView);
export const CouponSettingCreateScreen = () => <ResourceCreatePage view={couponSettingView} />;
export const CouponSettingDetailScreen = () => <ResourceDetailPage view={couponSettingView} />;
export const CouponSettingEditScreen = () => <ResourceEditPage view={couponSettingView} />;
export const CouponSettingDuplicateScreen = () => <ResourceDuplicatePage view={couponSettingView} />;

export const CouponLogListScreen = listScreen(couponLogView);
export const CouponLogDetailScreen = () => <ResourceDetailPage view={couponLogView} />;
