import type { FormInstance, FormRule } from 'antd';
import { i18n } from '../lib/i18n.ts';

export { zodRule } from '../ui/zod-rule.ts';

/** The confirmation field must repeat `field`. */
export function matchesRule(form: FormInstance, field: string): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (!value) throw new Error(i18n.t('validation.confirmRequired'));
      if (value !== form.getFieldValue(field)) throw new Error(i18n.t('validation.mismatch'));
    },
  };
}
