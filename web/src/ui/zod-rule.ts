import type { FormRule } from 'antd';
import type { z } from 'zod';
import { translateMessage } from '../lib/i18n.ts';

/**
 * An antd rule that validates a field with its contract schema, so the form and the server apply the same rule
 * and show the same (translated) message. `optional` lets an empty value through (a nullable field left blank).
 */
export function zodRule(schema: z.ZodType, options: { optional?: boolean } = {}): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (options.optional && (value === undefined || value === null || (typeof value === 'string' && !value.trim()))) return;
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(translateMessage(result.error.issues[0]?.message ?? 'Invalid value'));
    },
  };
}
