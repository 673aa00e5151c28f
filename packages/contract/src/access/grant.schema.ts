import { z } from 'zod';
import { MENU_BY_KEY } from './registry.ts';
import { ACTIONS } from './types.ts';

export const actionSchema = z.enum(ACTIONS);

/** One grant: an action on a menu entry. */
export const grantSchema = z
  .object({ entry: z.string().refine((k) => MENU_BY_KEY.has(k), 'Unknown menu entry'), action: actionSchema })
  .strict()
  .refine((g) => MENU_BY_KEY.get(g.entry)?.actions.includes(g.action) ?? false, {
    message: 'This action does not exist for this menu entry',
  })
  .refine((g) => !MENU_BY_KEY.get(g.entry)?.superOnly, { message: 'Only the Super Admin holds this right; it cannot be granted' });
export type Grant = z.infer<typeof grantSchema>;
