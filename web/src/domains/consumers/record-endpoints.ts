import type { AnyEndpoint, ParamNames } from '@portal/contract';

/**
 * An endpoint as the generic screens call it, by one `id`: the record's own path parameter (`employeeNo`, `addressId`)
 * becomes `:id`, and the parameters of the record it hangs under (`{ id: consumerId }`) are filled in now.
 * `byId(consumersApi.address, 'addressId', { id: 12 })` is `consumers/12/addresses/:id`.
 */
export function byId<E extends AnyEndpoint>(ep: E, key: ParamNames<E['path']>, owner: Partial<Record<ParamNames<E['path']>, string | number>> = {}): AnyEndpoint {
  const fixed: Partial<Record<string, string | number>> = owner;
  const path = ep.path.replace(/:([A-Za-z_]+)/g, (whole, name: string) => {
    if (name === key) return ':id';
    const value = fixed[name];
    return value === undefined || value === '' ? whole : encodeURIComponent(String(value));
  });
  return { ...ep, path };
}
