import type { ReactNode } from 'react';
import { Form, Modal } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A dialog holding a small form (a detail's or a row's action): OK checks the fields by their rules and hands the
 * values to `onSubmit`; a failed check or a refused call keeps it open (the call's own error handling tells why).
 * `testId` names the form (`<testId>-form`) and its OK button (`<testId>-ok`).
 */
export function FormDialog<V extends object>(props: {
  title: string;
  okText: string;
  form: FormInstance<V>;
  pending: boolean;
  testId: string;
  initialValues?: Partial<V>;
  onClose: () => void;
  onSubmit: (values: V) => Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={props.title}
      okText={props.okText}
      okButtonProps={{ loading: props.pending, 'data-testid': `${props.testId}-ok` }}
      cancelText={t('ui.cancel', 'Cancel')}
      onCancel={props.onClose}
      onOk={() =>
        props.form
          .validateFields()
          .then(props.onSubmit)
          .catch(() => undefined)
      }
      destroyOnHidden
    >
      <Form form={props.form} layout="vertical" initialValues={props.initialValues} data-testid={`${props.testId}-form`}>
        {props.children}
      </Form>
    </Modal>
  );
}
