import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { JAKARTA_OFFSET_MS } from '@portal/contract';
import type { CustomInputProps } from './resource.ts';

/** The Asia/Jakarta wall-clock time of an instant, as a dayjs without zone (what the picker shows). */
const jakartaWallClock = (iso: string) => dayjs(new Date(new Date(iso).getTime() + JAKARTA_OFFSET_MS).toISOString().slice(0, 19));

/**
 * A date and time picked in Asia/Jakarta, whatever the browser's zone, carried as ISO-8601 with +07:00. Shown to the
 * second as every date of the portal is (DD/MMM/YYYY HH:mm:ss); typed with or without the seconds.
 */
export function JakartaDateTimeInput({ id, value, onChange, disabled }: CustomInputProps) {
  const text = typeof value === 'string' && value ? value : null;
  return (
    <DatePicker
      id={id}
      showTime={{ format: 'HH:mm:ss' }}
      format={['DD/MMM/YYYY HH:mm:ss', 'DD/MMM/YYYY HH:mm']}
      disabled={disabled}
      style={{ width: '100%' }}
      data-testid={id ? `field-${id}` : undefined}
      value={text ? jakartaWallClock(text) : null}
      onChange={(d) => onChange?.(d ? `${d.format('YYYY-MM-DDTHH:mm:ss')}+07:00` : undefined)}
    />
  );
}
