import type { z } from 'zod';
import type { appVersionListQuery, appVersionRow, customConsumerTagListQuery, customConsumerTagRow, generalSettingRow, userOption } from '@portal/contract';
import type { ListQueryLike, ResourceService } from '../../platform/crud/index.ts';
import type { DocumentService } from './document.service.ts';
import type { MasterMappingEmailService } from './master-mapping-email.resource.ts';
import type { TicketCategoryService } from './ticket-category.resource.ts';

/** Master data and settings: consumer tags, ticket categories, the e-mail mapping, the general setting, app versions, documents. */
export interface MasterdataServices {
  tags: ResourceService<z.infer<typeof customConsumerTagRow>, z.infer<typeof customConsumerTagListQuery>>;
  ticketCategories: TicketCategoryService;
  mappings: MasterMappingEmailService;
  generalSetting: ResourceService<z.infer<typeof generalSettingRow>, ListQueryLike>;
  appVersions: ResourceService<z.infer<typeof appVersionRow>, z.infer<typeof appVersionListQuery>>;
  documents: DocumentService;
}

/** What the e-mail mapping's user picker needs of the staff users (identity provides it). */
export interface UserDirectory {
  /** Up to `limit` active users whose username, name or e-mail matches `search`. */
  options(search: string | undefined, limit: number): Promise<z.infer<typeof userOption>[]>;
}

/** What the masterdata module needs of other domains. */
export interface MasterdataDeps {
  users: UserDirectory;
}
