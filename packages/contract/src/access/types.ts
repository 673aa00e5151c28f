export const AREAS = ['ssosis', 'cms', 'orion', 'pandora', 'heimdal'] as const;
export type Area = (typeof AREAS)[number];

export const ACTIONS = ['view', 'create', 'edit', 'delete', 'export', 'approve'] as const;
export type Action = (typeof ACTIONS)[number];

export const APP_ENVS = ['development', 'staging', 'uat', 'production'] as const;
export type AppEnv = (typeof APP_ENVS)[number];

export interface MenuEntry {
  /** Permission key, unique: `<area>.<entry>`. */
  key: string;
  area: Area;
  /** Menu group inside the area (E-commerce, Campaign, ...). */
  group: string;
  label: string;
  labelId: string;
  /** The list route, from which create, {id}/detail and {id}/edit derive. */
  route: string;
  actions: readonly Action[];
  /** Environments that show the entry; development shows everything. */
  envs: readonly AppEnv[];
  /** Grantable but never in the menu (group-store, template-help-center). */
  hidden?: boolean;
  /** Held by the Super Admin alone: no role can be granted it (the personal-data access log). Implies hidden. */
  superOnly?: boolean;
}
