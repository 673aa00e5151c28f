import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The field that takes any second-factor code: the authenticator's, a recovery code or an e-mailed one (the step-up
 * dialog, and replacing or turning off the app), with the server's refusal shown under it.
 */
export function AnyCodeField(props: { id: string; label: string; value: string; onChange: (value: string) => void; error: string | undefined; onPressEnter?: () => void }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={props.label} htmlFor={props.id} validateStatus={props.error ? 'error' : undefined} help={props.error}>
      <Input
        id={props.id}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        {...(props.onPressEnter
          ? {
              onPressEnter: (e: { preventDefault(): void }) => {
                e.preventDefault();
                props.onPressEnter?.();
              },
            }
          : {})}
        autoFocus
        autoComplete="one-time-code"
        placeholder={t('security.anyCodePlaceholder')}
        maxLength={20}
        data-testid={props.id}
      />
    </Form.Item>
  );
}
