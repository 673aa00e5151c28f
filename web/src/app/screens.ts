/**
 * Menu entries (contract `MENU` keys) whose screens exist in this build. The menu, the area landings and the /admin
 * redirect only offer entries listed here; add a key when its screen's routes are added to the router.
 */
const BUILT_SCREENS: readonly string[] = [
  'ssosis.role-management',
  'ssosis.user-management',
  'cms.user',
  'cms.role',
  'cms.log-history',
];

export const SCREENS: ReadonlySet<string> = new Set(BUILT_SCREENS);

export function hasScreen(menuKey: string): boolean {
  return SCREENS.has(menuKey);
}
