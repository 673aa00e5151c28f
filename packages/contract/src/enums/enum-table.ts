/** An enumeration of the spec with its label and, where the spec gives one, its colour. */
export interface EnumOption<V extends string | number> {
  value: V;
  label: string;
  labelId?: string;
  color?: 'orange' | 'red' | 'green' | 'blue' | 'default' | 'gold' | 'purple';
}

export function enumTable<V extends string | number>(options: readonly EnumOption<V>[]) {
  const byValue = new Map(options.map((o) => [o.value, o]));
  return {
    options,
    values: options.map((o) => o.value) as [V, ...V[]],
    label: (v: V) => byValue.get(v)?.label ?? String(v),
    get: (v: V) => byValue.get(v),
  };
}
