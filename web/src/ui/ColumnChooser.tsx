import { useState } from 'react';
import { Button, Checkbox, Dropdown, Space } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

const storageKey = (resource: string) => `portal.columns.${resource}`;

function readHidden(resource: string): string[] | null {
  try {
    const raw = localStorage.getItem(storageKey(resource));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : null;
  } catch {
    return null;
  }
}

/** The hidden columns of a resource's table, kept in localStorage per resource. */
export function useHiddenColumns(resource: string, defaultHidden: readonly string[]) {
  const [hidden, setHidden] = useState<string[]>(() => readHidden(resource) ?? [...defaultHidden]);
  const update = (next: string[]) => {
    setHidden(next);
    try {
      localStorage.setItem(storageKey(resource), JSON.stringify(next));
    } catch {
      // Storage full or blocked: the choice lasts for this page only.
    }
  };
  return [hidden, update] as const;
}

/** A checkbox dropdown choosing which columns the table shows (at least one stays). */
export function ColumnChooser(props: { columns: readonly { key: string; title: string }[]; hidden: readonly string[]; onChange: (hidden: string[]) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const shown = props.columns.filter((c) => !props.hidden.includes(c.key)).length;
  return (
    <Dropdown
      open={open}
      onOpenChange={(next, info) => {
        if (info.source === 'trigger' || !next) setOpen(next);
      }}
      trigger={['click']}
      popupRender={() => (
        <div className="ant-dropdown-menu" style={{ padding: 8 }} data-testid="column-chooser-menu">
          <Space orientation="vertical" size={4}>
            {props.columns.map((c) => {
              const visible = !props.hidden.includes(c.key);
              return (
                <Checkbox
                  key={c.key}
                  checked={visible}
                  disabled={visible && shown <= 1}
                  data-testid={`column-toggle-${c.key}`}
                  onChange={(e) =>
                    props.onChange(e.target.checked ? props.hidden.filter((k) => k !== c.key) : [...props.hidden, c.key])
                  }
                >
                  {c.title}
                </Checkbox>
              );
            })}
          </Space>
        </div>
      )}
    >
      <Button icon={<SettingOutlined />} data-testid="column-chooser">
        {t('ui.columns', 'Columns')}
      </Button>
    </Dropdown>
  );
}
