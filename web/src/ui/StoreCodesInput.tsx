import { Select } from 'antd';
import { storeCodesOf } from '@portal/contract';

/**
 * Store codes typed as tags (comma, space or Enter between them), upper-cased and each once: a dashboard's store filter
 * as the URL keeps it (`S0001,S0002`, or none for every store).
 */
export function StoreCodesInput({ id, value, onChange, placeholder }: { id: string; value: string | undefined; onChange: (codes: string | undefined) => void; placeholder: string }) {
  return (
    <Select
      id={id}
      data-testid={id}
      mode="tags"
      style={{ minWidth: 200 }}
      tokenSeparators={[',', ' ']}
      placeholder={placeholder}
      value={storeCodesOf(value)}
      onChange={(codes: string[]) => onChange(storeCodesOf(codes.join(',')).join(',') || undefined)}
      open={false}
      suffixIcon={null}
    />
  );
}
