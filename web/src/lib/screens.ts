/**
 * Menu entries (contract `MENU` keys) whose screens exist in this build. The menu, the area landings and the /admin
 * redirect only offer entries listed here. `resourceRoutes` records each entry it builds routes for; a screen added
 * another way calls `markBuilt`.
 */
const built = new Set<string>();

export function markBuilt(...menuKeys: string[]): void {
  for (const key of menuKeys) built.add(key);
}

export const SCREENS: ReadonlySet<string> = built;

export function hasScreen(menuKey: string): boolean {
  return built.has(menuKey);
}
