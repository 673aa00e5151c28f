import { CONSUMER_ENTRIES, consumerAddressUpdateBody, MEMBER_ENTRIES, consumerHistoryQuery, type ConsumerAddressRow } from '@portal/contract';
import { queryClient } from '../../app/query-client.ts';
import { resourceKeys } from '../../lib/query-keys.ts';
import { regionFields } from '../../ui/RegionCascader.tsx';
import { defineResource } from '../../ui/resource.ts';

/** Whose addresses: a consumer's under Consumer, or a member's (its consumer's) under Member Management. */
export interface AddressOwner {
  /** The owner's query-key name and API segment. */
  resource: 'consumer' | 'member';
  api: 'consumers' | 'members';
  entries: readonly string[];
}
export const CONSUMER_ADDRESSES: AddressOwner = { resource: 'consumer', api: 'consumers', entries: CONSUMER_ENTRIES };
export const MEMBER_ADDRESSES: AddressOwner = { resource: 'member', api: 'members', entries: MEMBER_ENTRIES };

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
    api: {
      list: `${owner.api}/${ownerId}/addresses`,
      detail: (id) => `${owner.api}/${ownerId}/addresses/${id}`,
      update: (id) => `${owner.api}/${ownerId}/addresses/${id}`,
    },
    columns: [],
    form: {
      update: consumerAddressUpdateBody,
      fields: [
        { name: 'label', label: 'Label', input: 'text', placeholder: 'e.g. Rumah' },
        { name: 'recipient_name', label: 'Recipient', input: 'text' },
        { name: 'address_line', label: 'Address', input: 'textarea' },
        ...regionFields(),
        { name: 'postal_code', label: 'Postal Code', input: 'text' },
      ],
      // The owner's detail lists its addresses: refresh it too.
      afterSave: () => queryClient.invalidateQueries({ queryKey: resourceKeys(owner.resource).detail(ownerId) }),
    },
    detail: [],
    paths: (route) => ({ list: `${route}/${ownerId}/detail`, detail: () => `${route}/${ownerId}/detail` }),
    rowTitle: (a) => `${a.label} · ${a.recipient_name}`,
  });
