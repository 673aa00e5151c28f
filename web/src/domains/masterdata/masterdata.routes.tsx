import type { AnyRoute } from '@tanstack/react-router';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./masterdata.screens.tsx');
type Screen = Extract<keyof Awaited<ReturnType<typeof screens>>, string>;

/** cms Master data (tags, ticket categories, mapping e-mail, documents) and settings (general setting, app version). */
export function masterdataRoutes(parent: AnyRoute): AnyRoute[] {
  const document = (entry: string, list: Screen, edit: Screen) => ({
    entries: [entry],
    list,
    extra: [{ path: 'edit', screen: edit }],
  });
  return resourceRoutes(parent, screens, [
    {
      entries: ['cms.custom-consumer-tag'],
      list: 'CustomConsumerTagListScreen',
      create: 'CustomConsumerTagCreateScreen',
      detail: 'CustomConsumerTagDetailScreen',
      edit: 'CustomConsumerTagEditScreen',
    },
    {
      entries: ['cms.ticket-category-management'],
      list: 'TicketCategoryListScreen',
      create: 'TicketCategoryCreateScreen',
      detail: 'TicketCategoryDetailScreen',
      edit: 'TicketCategoryEditScreen',
    },
    {
      entries: ['cms.master-mapping-email'],
      list: 'MappingEmailListScreen',
      create: 'MappingEmailCreateScreen',
      detail: 'MappingEmailDetailScreen',
      edit: 'MappingEmailEditScreen',
    },
    { entries: ['cms.general-setting'], list: 'GeneralSettingScreen', extra: [{ path: 'edit', screen: 'GeneralSettingEditScreen' }] },
    {
      entries: ['cms.app-version'],
      list: 'AppVersionListScreen',
      detail: 'AppVersionDetailScreen',
      edit: 'AppVersionEditScreen',
      extra: [{ path: 'edit', screen: 'AppVersionPickEditScreen' }],
    },
    document('cms.privacy-policy', 'PrivacyPolicyScreen', 'PrivacyPolicyEditScreen'),
    document('cms.term-condition', 'TermConditionScreen', 'TermConditionEditScreen'),
    document('cms.how-to-redeem', 'HowToRedeemScreen', 'HowToRedeemEditScreen'),
    document('cms.setting-app', 'SettingAppScreen', 'SettingAppEditScreen'),
  ]);
}
