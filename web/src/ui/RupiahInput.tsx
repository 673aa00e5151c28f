import { InputNumber } from 'antd';
import type { CustomInputProps } from './resource.ts';

/** Whole Rupiah typed with dot thousands behind "Rp" (the body carries the integer). */
export function RupiahInput({ id, value, onChange, disabled, placeholder, testId }: CustomInputProps & { placeholder?: string; testId?: string }) {
  return (
    <InputNumber<number>
      id={id}
      value={typeof value === 'number' ? value : null}
      onChange={(v) => onChange?.(v ?? undefined)}
      placeholder={placeholder}
      prefix="Rp"
      min={0}
      precision={0}
      formatter={(v) => (v === undefined || v === null ? '' : String(v).replace(/\B(?=(\d{3})+(?!\d))/g, '.'))}
      parser={(v) => Number((v ?? '').replace(/\D/g, '') || 0)}
      style={{ width: '100%' }}
      data-testid={testId}
      disabled={disabled}
    />
  );
}
