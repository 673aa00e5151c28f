import { endpoint, page } from './endpoint.ts';
import {
  districtListQuery,
  districtRow,
  provinceListQuery,
  provinceRow,
  regencyListQuery,
  regencyRow,
  villageCodeParam,
  villageDetail,
  villageListQuery,
  villageRow,
} from './region.schema.ts';

const region = (id: string, path: string, summary: string) => ({ id: `regions.${id}`, method: 'GET' as const, path, tag: 'regions', summary, access: 'authenticated' as const });
/** Indonesia's regions (provinces to villages), read by every domain that names a place: stores, consumers, targeting. */
export const regionsApi = {
  provinces: endpoint({ ...region('provinces', 'provinces', 'Provinces'), query: provinceListQuery, data: page(provinceRow) }),
  regencies: endpoint({ ...region('regencies', 'regencies', 'Regencies and cities, optionally of one province'), query: regencyListQuery, data: page(regencyRow) }),
  districts: endpoint({ ...region('districts', 'districts', 'Districts (kecamatan), optionally of one regency'), query: districtListQuery, data: page(districtRow) }),
  villages: endpoint({
    ...region('villages', 'villages', 'Villages (kelurahan/desa) of one district, or found by a search of at least 3 characters'),
    query: villageListQuery,
    data: page(villageRow),
  }),
  village: endpoint({ ...region('village', 'villages/:code', 'One village with its district, regency and province'), params: villageCodeParam, data: villageDetail }),
};
