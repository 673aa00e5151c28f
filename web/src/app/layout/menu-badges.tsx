import type { ComponentType, ReactNode } from 'react';
import { ChatUnreadBadge } from '../../domains/helpdesk/ChatUnreadBadge.tsx';

/** Live counts shown beside menu entries (menu entry key → badge); each badge keeps itself current. */
const MENU_BADGES: Readonly<Record<string, ComponentType>> = { 'cms.chatlive': ChatUnreadBadge };

export function menuBadge(entryKey: string): ReactNode {
  const Badge = MENU_BADGES[entryKey];
  return Badge ? <Badge /> : null;
}
