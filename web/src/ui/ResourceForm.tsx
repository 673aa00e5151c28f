import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Button, Col, Form, Input, InputNumber, Row, Space, Spin, Switch } from 'antd';
import { Result } from './Result.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../lib/api.ts';
import { resourceKeys } from '../lib/query-keys.ts';
import { translateMessage } from '../lib/i18n.ts';
import { errorMessage, notifySuccess } from '../lib/notifier.tsx';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from './field-errors.ts';
import { useGo } from './nav.ts';
import { OptionSelect } from './OptionSelect.tsx';
import { RupiahInput } from './RupiahInput.tsx';
import { fieldOf, type FieldDef, type ResourceView } from './resource.ts';
import { resourceCalls } from './resource-calls.ts';
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
const isConflict = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 409;

/**
 * The server answers 409 both for a stale version (someone else saved first) and for a state that forbids the write
 * (a duplicate e-mail). Stale when the record's version moved past the one this form sent; read without touching the
 * cache, so the form keeps what the user typed.
 */
async function isStale(read: () => Promise<{ version?: unknown }>, sentVersion: unknown): Promise<boolean> {
  try {
    const current = await read();
    return typeof sentVersion === 'number' && typeof current.version === 'number' && current.version !== sentVersion;
  } catch {
    return false;
  }
}

/** A business 409 under the field whose value its message names ("The e-mail a@b.c is already used"), else none. */
function fieldNamedIn(message: string, values: Values, names: readonly string[]): string | undefined {
  return names.find((name) => {
    const v = values[name];
    return (typeof v === 'string' || typeof v === 'number') && String(v).trim().length >= 3 && message.includes(String(v).trim());
  });
}

/** Enter in a date or time picker confirms what was typed there; it must not also submit the whole form. */
function keepPickerEnter(event: KeyboardEvent<HTMLFormElement>): void {
  if (event.key === 'Enter' && event.target instanceof HTMLElement && event.target.closest('.ant-picker')) event.preventDefault();
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
  copyOf,
}: {
  view: ResourceView<Row, Detail>;
  mode: 'create' | 'edit';
  id?: string;
  /** Create: start from a copy of this record's values (the `{id}/duplicate` screens); nothing is saved until Save. */
  copyOf?: string;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const access = useResourceAccess(view);
  const { go } = useGo();
  const queryClient = useQueryClient();
  const keys = resourceKeys(view.name);
  const calls = resourceCalls<Row, Detail>(view.api, view.listParams, view.recordArgs);
  const def = view.form;
  const body = mode === 'create' ? def?.create : def?.update;
  const fields = useMemo(() => (def?.fields ?? []).filter((f) => !f.only || f.only === mode), [def, mode]);
  const fieldNames = fields.map((f) => f.name);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [conflict, setConflict] = useState<string | null>(null);
  // The values of the submit in flight, for `afterSave`.
  const submitted = useRef<Values>({});

  // The record being edited, or the one a copy starts from.
  const source = mode === 'edit' ? id : copyOf;
  const detail = useQuery({
    queryKey: keys.detail(source ?? ''),
    queryFn: () => calls.get(source ?? ''),
    enabled: !!source,
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
    if (!loaded || !source) return;
    form.resetFields();
    const values = valuesOf(loaded);
    form.setFieldsValue(mode === 'create' && def?.duplicate ? def.duplicate(values) : values);
  }, [loaded, mode]);

  // A long form (the permission grid) ends far below its top: bring what went wrong into view.
  const top = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (conflict || formErrors.length) top.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [conflict, formErrors]);

  const showErrors = (errors: FieldErrors) => {
    // Contract and server messages are English; those with an entry in the dictionaries show translated.
    form.setFields(errors.fields.map((f) => ({ name: f.name, errors: f.errors.map(translateMessage) })));
    setFormErrors(errors.rest.map(translateMessage));
    const first = errors.fields[0];
    if (first) form.scrollToField(first.name, { block: 'center', behavior: 'smooth' });
  };

  const save = useMutation({
    mutationFn: async (payload: unknown) => {
      let saved: Detail;
      if (mode === 'create') {
        if (!calls.create) throw new Error('This resource cannot be created');
        saved = await calls.create(payload);
      } else {
        if (!calls.update || !id) throw new Error('This resource cannot be edited');
        saved = await calls.update(id, payload);
      }
      await def?.afterSave?.(saved, submitted.current, mode);
      return saved;
    },
    onSuccess: async (saved) => {
      notifySuccess(mode === 'create' ? t('common.success', 'Success') : t('ui.editSuccess', 'Edit Data Successful'));
      await queryClient.invalidateQueries({ queryKey: keys.all });
      // A copy opens where it can be checked and taken further (submitted for approval); a plain create returns to the list.
      go(mode === 'edit' && id ? access.paths.detail(id) : copyOf ? access.paths.detail(saved.id) : access.paths.list);
    },
    onError: async (error, payload) => {
      if (isConflict(error)) {
        const sent = payload && typeof payload === 'object' && 'version' in payload ? payload.version : undefined;
        if (mode === 'edit' && id && (await isStale(() => calls.get(id) as Promise<{ version?: unknown }>, sent))) return setConflict(error.message);
        const field = fieldNamedIn(error.message, form.getFieldsValue(true) as Values, fieldNames);
        return field ? showErrors({ fields: [{ name: field, errors: [error.message] }], rest: [] }) : setFormErrors([error.message]);
      }
      const mapped = serverFieldErrors(error, fieldNames);
      if (mapped) return showErrors(mapped);
      setFormErrors([errorMessage(error)]);
    },
  });

  // A field's message from the last submit goes as soon as its value changes: it spoke of the value that was there.
  const clearChangedErrors = (changed: Values) => {
    const stale = Object.keys(changed).filter((name) => form.getFieldError(name).length);
    if (stale.length) form.setFields(stale.map((name) => ({ name, errors: [] })));
  };

  const submit = async () => {
    setFormErrors([]);
    form.setFields(fieldNames.map((name) => ({ name, errors: [] })));
    if (!body) return;
    const values = form.getFieldsValue(true) as Values;
    submitted.current = values;
    const payload = def?.toBody ? def.toBody(toBody(values, fields, body)) : toBody(values, fields, body);
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
  if (source && detail.isPending) return <Spin data-testid="form-loading" style={{ display: 'block', margin: 48 }} />;
  if (source && detail.isError)
    return <Result status="warning" title={errorMessage(detail.error)} extra={<Button onClick={() => void detail.refetch()}>{t('ui.retry', 'Retry')}</Button>} />;

  const label = (f: FieldDef) => t(`${view.i18n}.fields.${f.name}`, f.label);
  const cancelTo = mode === 'edit' && id ? access.paths.detail(id) : access.paths.list;

  return (
    <Form<Values> form={form} name={view.name} layout="vertical" initialValues={initial} onFinish={() => void submit()} onValuesChange={clearChangedErrors} onKeyDown={keepPickerEnter} data-testid="resource-form" disabled={save.isPending}>
      <div ref={top} style={{ scrollMarginTop: 80 }} />
      {conflict && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="conflict-alert"
          title={t('ui.conflictTitle', 'This record was changed by someone else')}
          description={conflict}
          action={
            <Button size="small" onClick={() => void reload()} data-testid="conflict-reload" disabled={false}>
              {t('ui.reload', 'Reload')}
            </Button>
          }
        />
      )}
      {formErrors.length > 0 && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} data-testid="form-error" title={formErrors.map((e) => <div key={e}>{e}</div>)} />
      )}
      <Row gutter={16}>
        {fields.map((f) => (
          <Col key={f.name} xs={24} md={(f.wide ?? (f.input === 'custom' || f.input === 'textarea')) ? 24 : 12}>
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
    case 'rupiah':
      return <RupiahInput id={control.id} value={control.value} onChange={control.onChange} placeholder={placeholder} testId={testId} disabled={control.disabled} />;
    case 'boolean':
      return <Switch id={control.id} checked={control.value === true} onChange={(v) => control.onChange?.(v)} data-testid={testId} disabled={control.disabled} />;
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
