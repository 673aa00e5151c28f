import { RecordEditPage } from '../../ui/RecordEditPage.tsx';
import { ResourceCreatePage, ResourceDetailPage, ResourceEditPage, listScreen } from '../../ui/ResourceScreens.tsx';
import { customConsumerTagView } from './custom-consumer-tag.view.ts';
import { DocumentEditScreen, DocumentScreen } from './document.screens.tsx';
import { masterMappingEmailView } from './master-mapping-email.view.ts';
import { appVersionView, generalSettingView } from './setting.view.ts';
import { ticketCategoryView } from './ticket-category.view.ts';
import { masterdataI18n } from './masterdata.i18n.ts';
import { registerDictionaries } from '../../lib/i18n.ts';

// The domain's texts (and those of the components it borrows) arrive with its screens, not with every screen.
registerDictionaries(masterdataI18n);

/*
 * The cms master-data and settings screens: the generic ones over the views, the single general-setting record, and
 * the rich-text documents.
 */

export const CustomConsumerTagListScreen = listScreen(customConsumerTagView);
export const CustomConsumerTagCreateScreen = () => <ResourceCreatePage view={customConsumerTagView} />;
export const CustomConsumerTagDetailScreen = () => <ResourceDetailPage view={customConsumerTagView} />;
export const CustomConsumerTagEditScreen = () => <ResourceEditPage view={customConsumerTagView} />;

export const TicketCategoryListScreen = listScreen(ticketCategoryView);
export const TicketCategoryCreateScreen = () => <ResourceCreatePage view={ticketCategoryView} />;
export const TicketCategoryDetailScreen = () => <ResourceDetailPage view={ticketCategoryView} />;
export const TicketCategoryEditScreen = () => <ResourceEditPage view={ticketCategoryView} />;

export const MappingEmailListScreen = listScreen(masterMappingEmailView);
export const MappingEmailCreateScreen = () => <ResourceCreatePage view={masterMappingEmailView} />;
export const MappingEmailDetailScreen = () => <ResourceDetailPage view={masterMappingEmailView} />;
export const MappingEmailEditScreen = () => <ResourceEditPage view={masterMappingEmailView} />;

/** The one general-setting record (id 1) at the entry's route, its form at `<route>/edit`. */
export const GeneralSettingScreen = () => <ResourceDetailPage view={generalSettingView} id="1" />;
export const GeneralSettingEditScreen = () => <ResourceEditPage view={generalSettingView} id="1" />;

export const AppVersionListScreen = listScreen(appVersionView);
export const AppVersionDetailScreen = () => <ResourceDetailPage view={appVersionView} />;
export const AppVersionEditScreen = () => <ResourceEditPage view={appVersionView} />;
/** The spec's `app-version/edit`: the platform `?id=` names (the first when none), switched in the header. */
export const AppVersionPickEditScreen = () => <RecordEditPage view={appVersionView} />;

export const PrivacyPolicyScreen = () => <DocumentScreen kind="privacy" />;
export const PrivacyPolicyEditScreen = () => <DocumentEditScreen kind="privacy" />;
export const TermConditionScreen = () => <DocumentScreen kind="terms" />;
export const TermConditionEditScreen = () => <DocumentEditScreen kind="terms" />;
export const HowToRedeemScreen = () => <DocumentScreen kind="how-to-redeem" />;
export const HowToRedeemEditScreen = () => <DocumentEditScreen kind="how-to-redeem" />;
export const SettingAppScreen = () => <DocumentScreen kind="setting-app" />;
export const SettingAppEditScreen = () => <DocumentEditScreen kind="setting-app" />;
