import { ResourceCreatePage, ResourceDetailPage, ResourceEditPage, ResourceListPage, listScreen } from '../../ui/ResourceScreens.tsx';
import { stampCouponView } from './stamp-coupon.view.ts';
import { stampReportView } from './stamp-report.view.ts';
import { StampReportTotals } from './StampReportTotals.tsx';
import { registerDictionaries } from '../../lib/i18n.ts';
import { stampProgrammeView } from './stamp-programme.view.ts';
import { stampRewardView } from './stamp-reward.view.ts';
import { stampsI18n } from './stamps.i18n.ts';
import { catalogI18n } from '../catalog/catalog.i18n.ts';

// The domain's texts (and those of the store picker it borrows) arrive with its screens.
registerDictionaries(stampsI18n, catalogI18n);

export const StampProgrammeListScreen = listScreen(stampProgrammeView);
export const StampProgrammeCreateScreen = () => <ResourceCreatePage view={stampProgrammeView} />;
export const StampProgrammeDetailScreen = () => <ResourceDetailPage view={stampProgrammeView} />;
export const StampProgrammeEditScreen = () => <ResourceEditPage view={stampProgrammeView} />;

export const StampRewardListScreen = listScreen(stampRewardView);
export const StampRewardCreateScreen = () => <ResourceCreatePage view={stampRewardView} />;
export const StampRewardDetailScreen = () => <ResourceDetailPage view={stampRewardView} />;
export const StampRewardEditScreen = () => <ResourceEditPage view={stampRewardView} />;

/** cms Digital stamp, Report: the totals of the filters over the rows by day, programme and store. */
export const StampReportScreen = listScreen(stampReportView, () => <ResourceListPage view={stampReportView} above={<StampReportTotals />} />);

export const StampCouponListScreen = listScreen(stampCouponView);
export const StampCouponDetailScreen = () => <ResourceDetailPage view={stampCouponView} />;
