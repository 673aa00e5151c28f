import { CONSUMER_ENTRIES, consumerAddressUpdateBody, consumersApi, MEMBER_ENTRIES, membersApi, consumerHistoryQuery, type ConsumerAddressRow } from '@portal/contract';
import { queryClient } from '../../lib/query-client.ts';
import { resourceKeys } from '../../lib/query-keys.ts';
import { regionFields } from '../../ui/RegionCascader.tsx';
import { defineResource } from '../../ui/resource.ts';

/** Whose addresses: a consumer's under Consumer, or a member's (its consumer's) under Member Management. */
export interface AddressOwner {
  /** The owner's query-key name. */
  resource: 'consumer' | 'member';
  /** The owner's endpoints, its addresses among them. */
  api: typeof consumersApi | typeof membersApi;
  entries: readonly string[];
}
export const CONSUMER_ADDRESSES: AddressOwner = { resource: 'consumer', api: consumersApi, entries: CONSUMER_ENTRIES };
export const MEMBER_ADDRESSES: AddressOwner = { resource: 'member', api: membersApi, entries: MEMBER_ENTRIES };

/**
 * One address as an editable resource: the generic form with the four-level region chain. It lives under its owner
 * (`consumer/{id}/address/{addressId}/edit`, `member-management/info-address/{id}/edit?address={addressId}`) and returns to the
 * owner's detail.
 */
export const consumerAddressView = (owner: AddressOwner, ownerId: string) =>
  defineResource<ConsumerAddressRow>({
    name: `${owner.resource}-address`,
    i18n: 'consumers.address',
    title: 'Address',
    entries: owner.entries,
    listQuery: consumerHistoryQuery,
    api: { list: owner.api.addresses, get: owner.api.address, update: owner.api.updateAddress },
    listParams: { id: ownerId },
    // An address is named under its owner: `consumers/{id}/addresses/{addressId}`.
    recordArgs: (addressId) => ({ id: ownerId, addressId }),
    columns: [],
    form: {
      update: consumerAddressUpdateBody,
      fields: [
        { name: 'label', label: 'Label', input: 'text', placeholder: 'e.g. Rumah' },
        { name: 'recipient_name', label: 'Recipient', input: 'text' },
        { name: 'address_line', label: 'Address', input: 'textarea' },
        ...regionFields(),
        { name: 'postal_code', label: 'Postal Code', input: 'text' },
        // Where the address is (both or neither), for the thematic customer map.
        { name: 'latitude', label: 'Latitude', input: 'number', placeholder: 'e.g. -6.175392' },
        { name: 'longitude', label: 'Longitude', input: 'number', placeholder: 'e.g. 106.827153' },
      ],
      // The owner's detail lists its addresses: refresh it too.
      afterSave: () => queryClient.invalidateQueries({ queryKey: resourceKeys(owner.resource).detail(ownerId) }),
    },
    detail: [],
    paths: (route) => ({ list: `${route}/${ownerId}/detail`, detail: () => `${route}/${ownerId}/detail` }),
    rowTitle: (a) => `${a.label} · ${a.recipient_name}`,
  });
