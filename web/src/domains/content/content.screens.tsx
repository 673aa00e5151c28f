import { Button } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CONTENT_ENTRY } from '@portal/contract';
import { useGo } from '../../ui/nav.ts';
import { resourcePaths } from '../../ui/resource-paths.ts';
import { RecordEditPage } from '../../ui/RecordEditPage.tsx';
import { ResourceCreatePage, ResourceDetailPage, ResourceDuplicatePage, ResourceEditPage, ResourceListPage, listScreen } from '../../ui/ResourceScreens.tsx';
import { BannerOrder } from './content.display.tsx';
import { bannerView, campaignView, digitalBannerView, offerView, pushMessageView } from './content.view.ts';
import { notificationOfferView } from './notification-offer.view.ts';
import { contentI18n } from './content.i18n.ts';
import { catalogI18n } from '../catalog/catalog.i18n.ts';
import { registerDictionaries } from '../../lib/i18n.ts';

// The domain's texts (and those of the components it borrows) arrive with its screens, not with every screen.
registerDictionaries(contentI18n, catalogI18n);

export { ApprovalEditScreen, ApprovalListScreen, ApprovalReviewScreen } from './ApprovalMessages.tsx';

function CalendarButton() {
  const { t } = useTranslation();
  const { link } = useGo();
  return (
    <Button icon={<CalendarOutlined />} {...link(`${resourcePaths(CONTENT_ENTRY.campaign).list}/calendar`)} data-testid="content-calendar-open">
      {t('content.calendarOpen', 'Calendar')}
    </Button>
  );
}

export const OfferListScreen = listScreen(offerView);
export const OfferCreateScreen = () => <ResourceCreatePage view={offerView} />;
export const OfferDetailScreen = () => <ResourceDetailPage view={offerView} />;
export const OfferEditScreen = () => <ResourceEditPage view={offerView} />;
export const OfferDuplicateScreen = () => <ResourceDuplicatePage view={offerView} />;

export const BannerListScreen = listScreen(bannerView, () => <ResourceListPage view={bannerView} extra={<BannerOrder kind="banner" />} />);
export const BannerCreateScreen = () => <ResourceCreatePage view={bannerView} />;
export const BannerDetailScreen = () => <ResourceDetailPage view={bannerView} />;
export const BannerEditScreen = () => <ResourceEditPage view={bannerView} />;
export const BannerDuplicateScreen = () => <ResourceDuplicatePage view={bannerView} />;

export const CampaignListScreen = listScreen(campaignView, () => <ResourceListPage view={campaignView} extra={<CalendarButton />} />);
export const CampaignCreateScreen = () => <ResourceCreatePage view={campaignView} />;
export const CampaignDetailScreen = () => <ResourceDetailPage view={campaignView} />;
export const CampaignEditScreen = () => <ResourceEditPage view={campaignView} />;
export const CampaignDuplicateScreen = () => <ResourceDuplicatePage view={campaignView} />;

export const PushMessageListScreen = listScreen(pushMessageView);
export const PushMessageCreateScreen = () => <ResourceCreatePage view={pushMessageView} />;
export const PushMessageDetailScreen = () => <ResourceDetailPage view={pushMessageView} />;
export const PushMessageEditScreen = () => <ResourceEditPage view={pushMessageView} />;
export const PushMessageDuplicateScreen = () => <ResourceDuplicatePage view={pushMessageView} />;

export const DigitalBannerListScreen = listScreen(digitalBannerView, () => <ResourceListPage view={digitalBannerView} extra={<BannerOrder kind="banner-digital-product" />} />);
export const DigitalBannerCreateScreen = () => <ResourceCreatePage view={digitalBannerView} />;
export const DigitalBannerDetailScreen = () => <ResourceDetailPage view={digitalBannerView} />;
export const DigitalBannerEditScreen = () => <ResourceEditPage view={digitalBannerView} />;
export const DigitalBannerDuplicateScreen = () => <ResourceDuplicatePage view={digitalBannerView} />;

export const NotificationOfferListScreen = listScreen(notificationOfferView);
export const NotificationOfferDetailScreen = () => <ResourceDetailPage view={notificationOfferView} />;
export const NotificationOfferEditScreen = () => <ResourceEditPage view={notificationOfferView} />;
/** The spec's `notification-offer/edit`: the notification `?id=` names (the first when none), with a picker over all of them (the spec reads the list whole). */
export const NotificationOfferPickEditScreen = () => <RecordEditPage view={notificationOfferView} all />;
