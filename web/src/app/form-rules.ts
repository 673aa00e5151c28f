import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';
import { i18n, translateMessage } from '../lib/i18n.ts';

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

/** The confirmation field must repeat `field`. */
export function matchesRule(form: FormInstance, field: string): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (!value) throw new Error(i18n.t('validation.confirmRequired'));
      if (value !== form.getFieldValue(field)) throw new Error(i18n.t('validation.mismatch'));
    },
  };
}
