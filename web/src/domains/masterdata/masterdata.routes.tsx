import type { AnyRoute } from '@tanstack/react-router';
import { appVersionListQuery, customConsumerTagListQuery, documentQueryFor, masterMappingEmailListQuery, ticketCategoryListQuery } from '@portal/contract';
import { resourceRoutes } from '../../ui/resource-routes.ts';

const screens = () => import('./masterdata.screens.tsx');
type Screen = Extract<keyof Awaited<ReturnType<typeof screens>>, string>;

/** cms Master data (tags, ticket categories, mapping e-mail, documents) and settings (general setting, app version). */
export function masterdataRoutes(parent: AnyRoute): AnyRoute[] {
  const document = (entry: string, kind: Parameters<typeof documentQueryFor>[0], list: Screen, edit: Screen) => ({
    entries: [entry],
    listQuery: documentQueryFor(kind),
    list,
    extra: [{ path: 'edit', screen: edit, listQuery: documentQueryFor(kind) }],
  });
  return resourceRoutes(parent, screens, [
    {
      entries: ['cms.custom-consumer-tag'],
      listQuery: customConsumerTagListQuery,
      list: 'CustomConsumerTagListScreen',
      create: 'CustomConsumerTagCreateScreen',
      detail: 'CustomConsumerTagDetailScreen',
      edit: 'CustomConsumerTagEditScreen',
    },
    {
      entries: ['cms.ticket-category-management'],
      listQuery: ticketCategoryListQuery,
      list: 'TicketCategoryListScreen',
      create: 'TicketCategoryCreateScreen',
      detail: 'TicketCategoryDetailScreen',
      edit: 'TicketCategoryEditScreen',
    },
    {
      entries: ['cms.master-mapping-email'],
      listQuery: masterMappingEmailListQuery,
      list: 'MappingEmailListScreen',
      create: 'MappingEmailCreateScreen',
      detail: 'MappingEmailDetailScreen',
      edit: 'MappingEmailEditScreen',
    },
    { entries: ['cms.general-setting'], list: 'GeneralSettingScreen', extra: [{ path: 'edit', screen: 'GeneralSettingEditScreen' }] },
    {
      entries: ['cms.app-version'],
      listQuery: appVersionListQuery,
      list: 'AppVersionListScreen',
      detail: 'AppVersionDetailScreen',
      edit: 'AppVersionEditScreen',
      extra: [{ path: 'edit', screen: 'AppVersionPickEditScreen' }],
    },
    document('cms.privacy-policy', 'privacy', 'PrivacyPolicyScreen', 'PrivacyPolicyEditScreen'),
    document('cms.term-condition', 'terms', 'TermConditionScreen', 'TermConditionEditScreen'),
    document('cms.how-to-redeem', 'how-to-redeem', 'HowToRedeemScreen', 'HowToRedeemEditScreen'),
    document('cms.setting-app', 'setting-app', 'SettingAppScreen', 'SettingAppEditScreen'),
  ]);
}
