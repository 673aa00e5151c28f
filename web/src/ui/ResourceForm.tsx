import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Col, Form, Input, InputNumber, Result, Row, Space, Spin } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { api, ApiError } from '../lib/api.ts';
import { resourceKeys } from '../lib/query-keys.ts';
import { errorMessage, notifySuccess } from '../app/notifier.tsx';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from './field-errors.ts';
import { useGo } from './nav.ts';
import { OptionSelect } from './OptionSelect.tsx';
import { fieldOf, type FieldDef, type ResourceView } from './resource.ts';
import { useResourceAccess } from './use-resource-access.ts';

type Values = Record<string, unknown>;

/** The zod schema of one body field, when the body is a plain object schema. */
function fieldSchema(body: z.ZodType | undefined, name: string): z.ZodType | undefined {
  return body instanceof z.ZodObject ? (body.shape as Record<string, z.ZodType>)[name] : undefined;
}

/** Required when the body refuses the field left out (defaults and optionals accept it). */
const isRequired = (schema: z.ZodType | undefined) => !!schema && !schema.safeParse(undefined).success;

/** The value the body gives a field left out (`status` 1, `permissions` []). */
function defaultOf(schema: z.ZodType | undefined): unknown {
  if (!schema) return undefined;
  const r = schema.safeParse(undefined);
  return r.success ? r.data : undefined;
}

/** Form values to a body: only this mode's fields; blank text becomes null where the body allows null, else absent. */
function toBody(values: Values, fields: readonly FieldDef[], body: z.ZodType | undefined): Values {
  const out: Values = {};
  for (const f of fields) {
    const v = values[f.name];
    if (typeof v === 'string' && v.trim() === '') {
      if (fieldSchema(body, f.name)?.safeParse(null).success) out[f.name] = null;
      continue;
    }
    if (v !== undefined) out[f.name] = v;
  }
  return out;
}

/** The 409 message: the server's names who changed the record and when. */
function conflictText(error: unknown): string | null {
  return error instanceof ApiError && error.status === 409 ? error.message : null;
}

/**
 * One form for create and edit. Rules come from the contract body: `safeParse` on submit, issues under their fields;
 * a server 400's details land there too. Edit sends the loaded `version`; a 409 shows who changed the record, with
 * Reload to start again from the current one.
 */
export function ResourceForm<Row extends { id: number | string; version?: number }, Detail extends Row>({
  view,
  mode,
  id,
}: {
  view: ResourceView<Row, Detail>;
  mode: 'create' | 'edit';
  id?: string;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const access = useResourceAccess(view);
  const { go } = useGo();
  const queryClient = useQueryClient();
  const keys = resourceKeys(view.name);
  const def = view.form;
  const body = mode === 'create' ? def?.create : def?.update;
  const fields = useMemo(() => (def?.fields ?? []).filter((f) => !f.only || f.only === mode), [def, mode]);
  const fieldNames = fields.map((f) => f.name);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [conflict, setConflict] = useState<string | null>(null);

  const detail = useQuery({
    queryKey: keys.detail(id ?? ''),
    queryFn: async () => (await api.get<Detail>(view.api.detail(id ?? ''))).data,
    enabled: mode === 'edit' && !!id,
  });

  const valuesOf = (d: Detail): Values =>
    def?.fromDetail ? def.fromDetail(d) : Object.fromEntries(fields.map((f) => [f.name, fieldOf(d, f.name)]));

  const initial = useMemo<Values>(
    () => (mode === 'create' ? Object.fromEntries(fields.map((f) => [f.name, defaultOf(fieldSchema(body, f.name))])) : {}),
    [mode, fields, body],
  );

  // Fill the edit form when a record arrives (first load, Reload); not on every render.
  const loaded = detail.data;
  useEffect(() => {
    if (mode === 'edit' && loaded) {
      form.resetFields();
      form.setFieldsValue(valuesOf(loaded));
    }
  }, [loaded, mode]);

  const showErrors = (errors: FieldErrors) => {
    form.setFields(errors.fields.map((f) => ({ name: f.name, errors: f.errors })));
    setFormErrors(errors.rest);
  };

  const save = useMutation({
    mutationFn: async (payload: unknown) => {
      if (mode === 'create') {
        if (!view.api.create) throw new Error('This resource cannot be created');
        return (await api.post<Detail>(view.api.create, payload)).data;
      }
      if (!view.api.update || !id) throw new Error('This resource cannot be edited');
      return (await api.put<Detail>(view.api.update(id), payload)).data;
    },
    onSuccess: async () => {
      notifySuccess(mode === 'create' ? t('common.success', 'Success') : t('ui.editSuccess', 'Edit Data Successful'));
      await queryClient.invalidateQueries({ queryKey: keys.all });
      go(mode === 'edit' && id ? access.paths.detail(id) : access.paths.list);
    },
    onError: (error) => {
      const text = conflictText(error);
      if (text) return setConflict(text);
      const mapped = serverFieldErrors(error, fieldNames);
      if (mapped) return showErrors(mapped);
      setFormErrors([errorMessage(error)]);
    },
  });

  const submit = async () => {
    setFormErrors([]);
    form.setFields(fieldNames.map((name) => ({ name, errors: [] })));
    if (!body) return;
    const values = form.getFieldsValue(true) as Values;
    const payload = toBody(values, fields, body);
    if (mode === 'edit') payload.version = loaded?.version;
    const parsed = body.safeParse(payload);
    if (!parsed.success) return showErrors(zodFieldErrors(parsed.error, fieldNames));
    save.mutate(parsed.data);
  };

  const reload = async () => {
    const fresh = await detail.refetch();
    if (fresh.data) {
      form.resetFields();
      form.setFieldsValue(valuesOf(fresh.data));
    }
    setConflict(null);
    setFormErrors([]);
  };

  if (!def || !body) return <Result status="404" title={t('ui.notAvailable', 'Not available')} />;
  if (mode === 'edit' && detail.isPending) return <Spin data-testid="form-loading" style={{ display: 'block', margin: 48 }} />;
  if (mode === 'edit' && detail.isError)
    return <Result status="warning" title={errorMessage(detail.error)} extra={<Button onClick={() => void detail.refetch()}>{t('ui.retry', 'Retry')}</Button>} />;

  const label = (f: FieldDef) => t(`${view.i18n}.fields.${f.name}`, f.label);
  const cancelTo = mode === 'edit' && id ? access.paths.detail(id) : access.paths.list;

  return (
    <Form<Values> form={form} name={view.name} layout="vertical" initialValues={initial} onFinish={() => void submit()} data-testid="resource-form" disabled={save.isPending}>
      {conflict && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="conflict-alert"
          message={t('ui.conflictTitle', 'This record was changed by someone else')}
          description={conflict}
          action={
            <Button size="small" onClick={() => void reload()} data-testid="conflict-reload" disabled={false}>
              {t('ui.reload', 'Reload')}
            </Button>
          }
        />
      )}
      {formErrors.length > 0 && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} data-testid="form-error" message={formErrors.map((e) => <div key={e}>{e}</div>)} />
      )}
      <Row gutter={16}>
        {fields.map((f) => (
          <Col key={f.name} xs={24} md={f.wide || f.input === 'custom' || f.input === 'textarea' ? 24 : 12}>
            <Form.Item name={f.name} label={label(f)} required={isRequired(fieldSchema(body, f.name))} extra={f.help ? t(`${view.i18n}.help.${f.name}`, f.help) : undefined}>
              <FieldInput field={f} body={body} placeholder={f.placeholder ? t(`${view.i18n}.placeholders.${f.name}`, f.placeholder) : undefined} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="form-submit">
          {t('ui.save', 'Save')}
        </Button>
        <Button onClick={() => go(cancelTo)} data-testid="form-cancel" disabled={false}>
          {t('ui.cancel', 'Cancel')}
        </Button>
      </Space>
    </Form>
  );
}

/** The input of one field; Form.Item hands it `id`, `value` and `onChange`. */
function FieldInput({
  field,
  body,
  placeholder,
  ...control
}: {
  field: FieldDef;
  body: z.ZodType;
  placeholder?: string;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
}) {
  const testId = `field-${field.name}`;
  const text = typeof control.value === 'string' ? control.value : control.value === null || control.value === undefined ? '' : String(control.value);
  const onText = (e: { target: { value: string } }) => control.onChange?.(e.target.value);
  switch (field.input) {
    case 'textarea':
      return <Input.TextArea id={control.id} value={text} onChange={onText} placeholder={placeholder} rows={3} data-testid={testId} disabled={control.disabled} />;
    case 'password':
      return <Input.Password id={control.id} value={text} onChange={onText} placeholder={placeholder} autoComplete="new-password" data-testid={testId} disabled={control.disabled} />;
    case 'number':
      return (
        <InputNumber<number>
          id={control.id}
          value={typeof control.value === 'number' ? control.value : null}
          onChange={(v) => control.onChange?.(v ?? undefined)}
          placeholder={placeholder}
          style={{ width: '100%' }}
          data-testid={testId}
          disabled={control.disabled}
        />
      );
    case 'select': {
      const schema = fieldSchema(body, field.name);
      return field.options ? (
        <OptionSelect
          id={control.id}
          source={field.options}
          value={control.value}
          onChange={(v) => control.onChange?.(v)}
          placeholder={placeholder}
          testId={testId}
          disabled={control.disabled}
          allowClear={!isRequired(schema)}
          accept={schema ? (v) => schema.safeParse(v).success : undefined}
        />
      ) : null;
    }
    case 'custom': {
      const Custom = field.component;
      return Custom ? <Custom id={control.id} value={control.value} onChange={control.onChange} disabled={control.disabled} /> : null;
    }
    default:
      return (
        <Input
          id={control.id}
          inputMode={field.input === 'email' ? 'email' : undefined}
          value={text}
          onChange={onText}
          placeholder={placeholder}
          data-testid={testId}
          disabled={control.disabled}
        />
      );
  }
}
